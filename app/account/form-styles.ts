// The box of each account panel; the panels' buttons and fields are the kit's (components/ui/).
export const panelClass = 'space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm';
