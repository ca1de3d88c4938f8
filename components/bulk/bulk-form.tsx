'use client';

import { useRouter } from 'next/navigation';
import { DataTable } from '@/components/tables/data-table';
import { useRef, useState } from 'react';
import type { InputLayout } from '@/lib/bulk/bulk-columns';
import { durationText, type BulkEstimate } from '@/lib/bulk/bulk-estimate';
import { BulkLayout } from './bulk-layout';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { TextAnchor } from '@/components/ui/text-link';

interface PreviewRow {
  rowNo: number;
  sourceRow: number | null;
  input: string;
  kind: string;
  message: string;
}

interface Preview {
  estimate: BulkEstimate;
  rows: PreviewRow[];
  source: string;
  filename: string | null;
  layout: InputLayout;
}

/**
 * The bulk check form: paste rows or choose a file, choose what to fetch, review the cost (register
 * requests and time at bulk work's share of the budget, and the rows that cannot be checked), then
 * start. The review shows how the input was read (the sheet, the header row, each column's meaning,
 * the person's own columns) and lets the person correct it; a correction reads the input again at
 * once. Any other change to the input clears the review, so what starts is what was reviewed: the
 * start sends the layout the review showed.
 */
export function BulkForm({ sections, maxRows, maxUploadMb }: { sections: Array<{ slug: string; title: string }>; maxRows: number; maxUploadMb: number }) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<'status' | 'sections'>('status');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The layout to choose from when the input could not be read without the person's answer. */
  const [errorLayout, setErrorLayout] = useState<InputLayout | null>(null);
  const [busy, setBusy] = useState<'review' | 'start' | null>(null);

  const send = async (path: string, resetLayout = false): Promise<Response | null> => {
    if (!form.current) return null;
    setError(null);
    const body = new FormData(form.current);
    // Another sheet is read afresh: its header row and columns are found again.
    if (resetLayout) for (const name of [...body.keys()]) if (name === 'header' || name.startsWith('column-')) body.delete(name);
    try {
      return await fetch(path, { method: 'POST', body, headers: { accept: 'application/json' } });
    } catch {
      setError('The portal could not be reached. Check your connection and try again.');
      return null;
    }
  };

  const review = async (resetLayout = false) => {
    setBusy('review');
    const response = await send('/api/bulk/estimate', resetLayout);
    setBusy(null);
    if (!response) return;
    const body = await response.json().catch(() => ({}));
    if (!response.ok) {
      setPreview(null);
      setErrorLayout(body.layout ?? null);
      setError(body.message ?? `The input could not be read (HTTP ${response.status}).`);
      return;
    }
    setErrorLayout(null);
    setPreview(body as Preview);
  };

  /** A layout control changed: read again with it (another sheet starts its layout afresh). */
  const relayout = (name: string) => void review(name === 'sheet');

  const start = async () => {
    setBusy('start');
    const response = await send('/api/bulk');
    if (!response) return setBusy(null);
    const body = await response.json().catch(() => ({}));
    if (response.status !== 201) {
      setBusy(null);
      setError(body.message ?? `The bulk check could not be started (HTTP ${response.status}).`);
      return;
    }
    router.push(body.url);
  };

  const e = preview?.estimate;
  return (
    <form
      ref={form}
      onSubmit={(event) => {
        event.preventDefault();
        void (preview ? start() : review());
      }}
      onChange={(event) => {
        const name = (event.target as HTMLElement & { name?: string }).name ?? '';
        if (name === 'sheet' || name === 'header' || name.startsWith('column-')) return relayout(name);
        setPreview(null);
        setErrorLayout(null);
      }}
      aria-labelledby="bulk-form-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="bulk-form-heading" className="text-lg font-semibold">
        New bulk check
      </h2>
      <Field
        id="bulk-text"
        label="Paste rows"
        hint={
          <>
            One entry a line: an FRN, IRN or PRN (label a PRN, e.g. &ldquo;PRN 800800&rdquo;, or add a Type column), or a name, optionally followed by a postcode or a Companies
            House number (comma- or tab-separated). A header row (Reference, Name, Type, Postcode, Companies House) is recognised.
          </>
        }
      >
        <Textarea name="text" rows={8} className="w-full font-mono" spellCheck={false} />
      </Field>
      <Field
        id="bulk-file"
        label="Or upload a CSV or XLSX file"
        hint={
          <>
            At most {maxRows.toLocaleString('en-GB')} rows and {maxUploadMb} MB. A workbook is read from its first sheet with data (choose another when you review); the column
            names may be below a title. Columns the check does not use (a client id, notes) come back beside the results.{' '}
            <TextAnchor href="/bulk-check-template.csv" download weight="medium" data-testid="bulk-template">
              Download a template (CSV)
            </TextAnchor>{' '}
            with the columns the check reads (reference, name, type, postcode, Companies House number) and one of your own, and example rows to replace.
          </>
        }
      >
        <Input name="file" type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium">What to fetch for each row</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="status" checked={mode === 'status'} onChange={() => setMode('status')} />
            Status and standing only (three requests a firm or person row)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" value="sections" checked={mode === 'sections'} onChange={() => setMode('sections')} />
            Status and chosen sections of each firm
          </label>
        </div>
        {mode === 'sections' && (
          <fieldset className="mt-2">
            <legend className="text-sm">Sections (firms only; each costs at least one request a firm, one a page)</legend>
            <div className="mt-1 grid gap-1 text-sm sm:grid-cols-3">
              {sections.map((s) => (
                <label key={s.slug} className="flex items-center gap-2">
                  <input type="checkbox" name="sections" value={s.slug} />
                  {s.title}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900">
          <strong>Not started: </strong>
          {error}
        </p>
      )}
      {!preview && errorLayout && <BulkLayout layout={errorLayout} busy={busy !== null} />}
      {e && (
        <section aria-labelledby="bulk-estimate-heading" className="space-y-3 rounded border border-slate-200 bg-slate-50 p-3 text-sm" role="status">
          <h3 id="bulk-estimate-heading" className="font-semibold">
            Before you start
          </h3>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt>Rows</dt>
            <dd data-testid="estimate-rows">{e.rows.toLocaleString('en-GB')}</dd>
            <dt>To check</dt>
            <dd data-testid="estimate-to-check">
              {e.toCheck.toLocaleString('en-GB')} ({e.names.toLocaleString('en-GB')} by name)
            </dd>
            <dt>Invalid</dt>
            <dd data-testid="estimate-invalid">{e.invalid.toLocaleString('en-GB')}</dd>
            <dt>Duplicates folded</dt>
            <dd>{e.duplicates.toLocaleString('en-GB')}</dd>
            <dt>Register requests</dt>
            <dd data-testid="estimate-requests">
              {e.minRequests === e.maxRequests ? e.minRequests.toLocaleString('en-GB') : `${e.minRequests.toLocaleString('en-GB')} to ${e.maxRequests.toLocaleString('en-GB')}`}
              {mode === 'sections' ? ' or more (a long list takes a request a page)' : ''}
            </dd>
            <dt>Time</dt>
            <dd data-testid="estimate-time">
              at least {durationText(e.minSeconds)}
              {e.maxSeconds > e.minSeconds ? `, up to ${durationText(e.maxSeconds)}` : ''} at bulk work&apos;s share of the budget ({e.budget.share} requests every{' '}
              {e.budget.windowSeconds} s); rows already in the cache go faster
            </dd>
          </dl>
          <BulkLayout layout={preview.layout} busy={busy !== null} />
          {preview.rows.length > 0 && (
            <DataTable
              id="bulk-preview-rows"
              caption={<span className="text-base font-medium">Rows that will not be checked as they are</span>}
              filterable={false}
              rows={preview.rows}
              rowKey={(r) => String(r.rowNo)}
              columns={[
                {
                  header: 'Row',
                  cell: (r) => (
                    <>
                      {r.rowNo}
                      {r.sourceRow !== null && preview.source !== 'paste' ? (
                        <span className="block text-xs text-slate-600">{preview.source === 'xlsx' ? `sheet row ${r.sourceRow}` : `line ${r.sourceRow}`}</span>
                      ) : null}
                    </>
                  ),
                },
                { header: 'Input', cell: (r) => r.input || '(empty)', className: 'font-mono' },
                {
                  header: 'Why',
                  cell: (r) => (
                    <>
                      {r.kind === 'invalid' ? <strong>Invalid: </strong> : null}
                      {r.message}
                    </>
                  ),
                },
              ]}
            />
          )}
        </section>
      )}
      <div className="flex gap-3">
        {!preview ? (
          <Button type="submit" variant="primary" disabled={busy !== null}>
            {busy === 'review' ? 'Reading…' : 'Review cost'}
          </Button>
        ) : (
          <Button type="submit" variant="primary" disabled={busy !== null || preview.estimate.toCheck === 0}>
            {busy === 'start' ? 'Starting…' : `Start bulk check of ${preview.estimate.rows.toLocaleString('en-GB')} rows`}
          </Button>
        )}
      </div>
    </form>
  );
}
