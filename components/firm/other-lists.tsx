import { TextList } from '@/components/register/text-list';

/** A permission's other labelled lists ("CBTL Status", "Limitation Not Found", …) as label and values. */
export function OtherLists({ lists }: { lists: Record<string, string[]> }) {
  const entries = Object.entries(lists);
  if (entries.length === 0) return <span className="text-slate-600">None</span>;
  return (
    <dl className="space-y-1">
      {entries.map(([label, values]) => (
        <div key={label}>
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd>
            <TextList items={values} empty="—" />
          </dd>
        </div>
      ))}
    </dl>
  );
}
