'use client';

/** Opens the browser's print dialog (print, or save as PDF). Hidden in print by the print stylesheet, like every button. */
export function PrintButton() {
  return (
    <button type="button" onClick={() => window.print()} className="rounded border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100">
      Print or save as PDF
    </button>
  );
}
