// Widths as classes, not a style attribute: the Content-Security-Policy allows no inline styles.
const ROW_WIDTHS = ['w-[90%]', 'w-[83%]', 'w-[76%]', 'w-[69%]', 'w-[62%]', 'w-[55%]', 'w-[48%]', 'w-[41%]'];

/** What a section shows while its data streams in: a labelled, animated placeholder. */
export function SectionSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-2 rounded border border-slate-200 bg-white p-4">
      <span className="sr-only">Loading {label}…</span>
      <div className="h-4 w-1/3 rounded bg-slate-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`h-3 rounded bg-slate-100 ${ROW_WIDTHS[Math.min(i, ROW_WIDTHS.length - 1)]}`} />
      ))}
    </div>
  );
}
