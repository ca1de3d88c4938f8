import { DataTable } from '@/components/tables/data-table';
import type { ReportFile, ReportSummary } from '@/lib/report/firm-report-data';
import { TextAnchor } from '@/components/ui/text-link';

/** Where a summary report's file is downloaded from: the live report's draft or a saved snapshot (lib/export/export-paths.ts). */
export type FileHref = (key: string) => string;

const n = (value: number) => value.toLocaleString('en-GB');

/** A file's name as a download link (its absolute address printed after it), or as text where there is nowhere to download it from. */
function FileName({ file, fileHref }: { file: ReportFile; fileHref?: FileHref }) {
  if (!fileHref) return <span className="font-mono">{file.filename}</span>;
  return (
    <TextAnchor href={fileHref(file.key)} download={file.filename} className="font-mono">
      {file.filename}
    </TextAnchor>
  );
}

/**
 * After a summary report's stamp: every full list as a CSV file, its rows and its SHA-256, so a
 * printout names the exact files behind its counts (each file's bytes are kept in the report's
 * data, and so in a saved snapshot).
 */
export function ReportFilesTable({ summary, fileHref }: { summary: ReportSummary; fileHref?: FileHref }) {
  return (
    <section aria-labelledby="report-files-heading" className="space-y-2" data-testid="report-files">
      <h2 id="report-files-heading" className="text-xl font-semibold">
        Summary report: the full lists are CSV files
      </h2>
      <p className="text-sm text-slate-700">
        Each list below shows its count and its first {n(summary.firstRows)} rows. Every row of every list is in its CSV file, named here with the file&apos;s SHA-256 fingerprint;
        the files are kept with the report when it is saved as evidence.
      </p>
      {summary.files.length === 0 ? (
        <p className="text-sm">No list has any rows, so there are no files.</p>
      ) : (
        <DataTable
          id="report-files-table"
          caption="CSV files of the full lists"
          captionHidden
          filterable={false}
          rows={summary.files}
          rowKey={(file) => file.key}
          rowProps={(file) => ({ 'data-testid': `report-file-${file.key}` })}
          columns={[
            { header: 'List', rowHeader: true, cell: (file) => file.title },
            { header: 'Rows', cell: (file) => n(file.rows), className: 'text-right tabular-nums', headerClassName: 'text-right' },
            {
              header: 'File and SHA-256',
              cell: (file) => (
                <>
                  <FileName file={file} fileHref={fileHref} />
                  <br />
                  <span className="font-mono text-xs break-all" data-testid="report-file-sha256">
                    SHA-256 {file.sha256}
                  </span>
                </>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

/** Under a list of a summary report that shows only its first rows: how many there are and the file that holds them all. */
export function ReportFirstRowsNote({ file, firstRows, fileHref }: { file: ReportFile | undefined; firstRows: number; fileHref?: FileHref }) {
  return (
    <p className="text-sm font-medium text-slate-800" data-testid="report-first-rows">
      Summary: the first {n(firstRows)} rows of each list are shown.
      {file ? (
        <>
          {' '}
          All {n(file.rows)} are in <FileName file={file} fileHref={fileHref} /> <span className="font-mono text-xs break-all">(SHA-256 {file.sha256})</span>.
        </>
      ) : null}
    </p>
  );
}

/** In a summary report, in place of the per-country or per-requirement lists: their counts and the file that holds them. */
export function ReportDetailsSummary({
  heading,
  lists,
  rows,
  file,
  fileHref,
  testId,
}: {
  heading: string;
  lists: number;
  rows: number;
  file: ReportFile | undefined;
  fileHref?: FileHref;
  testId: string;
}) {
  if (lists === 0) return null;
  return (
    <div className="space-y-1" data-testid={testId}>
      <h3 className="text-lg font-semibold">{heading}</h3>
      <p className="text-sm">
        {n(lists)} {lists === 1 ? 'list' : 'lists'}, {n(rows)} {rows === 1 ? 'row' : 'rows'} in all.
        {file ? (
          <>
            {' '}
            Every row is in <FileName file={file} fileHref={fileHref} /> <span className="font-mono text-xs break-all">(SHA-256 {file.sha256})</span>.
          </>
        ) : null}
      </p>
    </div>
  );
}
