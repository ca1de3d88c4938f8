/** A short list of register values (investment types, rules…) as a real list; an empty one says "None". */
export function TextList({ items, empty = 'None recorded' }: { items: string[]; empty?: string }) {
  if (items.length === 0) return <span className="text-slate-600">{empty}</span>;
  if (items.length === 1) return <>{items[0]}</>;
  return (
    <ul className="list-disc space-y-0.5 pl-4">
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}
