import { DataTable } from '@/components/tables/data-table';
import { formatDateTime } from '@/lib/format/date';
import type { BookVersion } from '@/lib/principals/principal-store';

/** Every version of the principal's book: who uploaded it, when, what it held, and its SHA-256. */
export function BookVersionsTable({ books }: { books: BookVersion[] }) {
  return (
    <DataTable
      id="book-versions"
      caption="Book versions"
      captionExtra={books.length > 0 ? `the latest, version ${books[0].version}, is reconciled` : undefined}
      rows={books}
      rowKey={(b) => b.id}
      emptyText="No book uploaded yet."
      columns={[
        { header: 'Version', rowHeader: true, className: 'tabular-nums', cell: (b) => b.version },
        { header: 'File', cell: (b) => b.fileName },
        {
          header: 'Rows',
          className: 'text-right tabular-nums',
          cell: (b) => `${b.rowCount.toLocaleString('en-GB')}${b.refusedCount ? ` (${b.refusedCount.toLocaleString('en-GB')} refused)` : ''}`,
        },
        { header: 'Uploaded by', cell: (b) => b.uploadedBy },
        { header: 'Uploaded', className: 'whitespace-nowrap', cell: (b) => <time dateTime={b.uploadedAt}>{formatDateTime(b.uploadedAt)}</time> },
        { header: 'SHA-256', cell: (b) => <code className="text-xs break-all">{b.sha256}</code> },
      ]}
    />
  );
}
