// Shared classes of the account forms (the admin forms use the same look).
export const inputClass =
  'mt-1 block w-full max-w-sm rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700';
export const primaryButtonClass =
  'rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 focus:outline-none focus:ring-2 focus:ring-blue-700 focus:ring-offset-2 disabled:opacity-70';
export const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-blue-700 disabled:opacity-60';
export const panelClass = 'space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
