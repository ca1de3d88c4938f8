import { formatDate } from '@/lib/format/date';

/** A register date as people read it ("22 Nov 2026"), machine-readable too; absent dates say so in words for screen readers. */
export function RegisterDate({ value }: { value: string | undefined }) {
  if (!value) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">not recorded</span>
      </>
    );
  }
  const shown = formatDate(value);
  // A value the formatter could not read is shown as the register sent it, without a <time>.
  if (shown === value) return <>{value}</>;
  return (
    <time dateTime={value} className="whitespace-nowrap">
      {shown}
    </time>
  );
}
