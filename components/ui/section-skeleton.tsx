/** What a section shows while its data streams in: a labelled, animated placeholder. */
export function SectionSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="animate-pulse space-y-2 rounded border border-slate-200 bg-white p-4">
      <span className="sr-only">Loading {label}…</span>
      <div className="h-4 w-1/3 rounded bg-slate-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-3 rounded bg-slate-100" style={{ width: `${90 - i * 7}%` }} />
      ))}
    </div>
  );
}
