export type SummaryItem = { label: string; value: React.ReactNode };

/** Key facts as a description list: label and value side by side on wide screens, stacked on phones. */
export function SummaryList({ items, className = '' }: { items: SummaryItem[]; className?: string }) {
  return (
    <dl className={`divide-y divide-slate-200 rounded border border-slate-200 bg-white ${className}`}>
      {items.map((item) => (
        <div key={item.label} className="grid gap-1 px-3 py-2 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{item.label}</dt>
          <dd className="text-sm sm:col-span-2 break-words">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
