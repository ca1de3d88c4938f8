/**
 * A warning that must not be missed (Exceptional Info, clones, no longer authorised): an icon, a
 * spoken "Warning" prefix and the text, so the meaning survives without colour and in print.
 */
export function WarningCallout({ title, children, tone = 'warning' }: { title: string; children?: React.ReactNode; tone?: 'warning' | 'danger' }) {
  const colours = tone === 'danger' ? 'border-red-700 bg-red-50' : 'border-amber-600 bg-amber-50';
  return (
    <div role="note" className={`flex gap-3 rounded border-l-4 p-3 ${colours} break-inside-avoid`}>
      <span aria-hidden="true" className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-900 text-base font-bold text-white">
        !
      </span>
      <div className="min-w-0">
        <p className="font-semibold">
          <span className="sr-only">Warning: </span>
          {title}
        </p>
        {children ? <div className="mt-1 text-sm whitespace-pre-line">{children}</div> : null}
      </div>
    </div>
  );
}
