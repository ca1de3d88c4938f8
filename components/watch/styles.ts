/** Class names the watchlist forms share. */
export const BUTTON = 'rounded bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-60';
export const SECONDARY_BUTTON = 'rounded border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60';
export const INPUT = 'rounded border border-slate-400 px-2 py-1.5 text-sm';
export const LABEL = 'text-sm font-medium';
