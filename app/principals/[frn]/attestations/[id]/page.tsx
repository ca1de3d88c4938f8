import type { Metadata } from 'next';
import { DataTable } from '@/components/tables/data-table';
import { notFound } from 'next/navigation';
import { requireUser } from '@/lib/auth/session';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { principalStore } from '@/lib/principals/principal-store';
import { checkFrn } from '@/lib/register/validate';
import { principalPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

export const metadata: Metadata = { title: 'AR list attestation' };

interface AttestationData {
  asAt: string;
  principal: { frn: string; name: string | null };
  reading: { check: string; at: string | null; sha256: string | null };
  book: { version: number; sha256: string; uploadedBy: string; uploadedAt: string } | null;
  ars: Array<{ arFrn: string; name: string; type: string | null; appointed: string | null; tiedAgent: boolean | null }>;
  openFindings: Array<{ kind: string; arFrn: string; arName: string; register: string; book: string; state: string }>;
}

/**
 * /principals/[frn]/attestations/[id]: an attestation of the principal's AR list, printable: who
 * attested and when, the reading and book it rests on, its SHA-256 (and whether the stored
 * snapshot still hashes to it), every current AR and every open finding.
 */
export default async function AttestationPage({ params }: { params: Promise<{ frn: string; id: string }> }) {
  await requireUser();
  const { frn: rawFrn, id } = await params;
  const checked = checkFrn(rawFrn);
  if (!checked.ok || !/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const found = await principalStore.getAttestation(checked.value, id);
  if (!found) notFound();
  const { attestation: a, intact } = found;
  const data = found.data as AttestationData;
  return (
    <article className="space-y-6">
      <p className="no-print text-sm">
        <TextLink href={principalPath(a.principalFrn)}>Back to the principal</TextLink>
      </p>
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">
          Appointed representatives of {data.principal.name ?? `FRN ${data.principal.frn}`} as at {formatDate(data.asAt)}
        </h1>
        <p className="text-sm text-slate-700">
          FRN {data.principal.frn}. Attested by {a.attestedBy} on {formatDateTime(a.attestedAt)}. Register read {formatDateTime(data.reading.at)} (reading SHA-256{' '}
          <code className="break-all">{data.reading.sha256}</code>).{' '}
          {data.book ? `Book version ${data.book.version} uploaded by ${data.book.uploadedBy} on ${formatDateTime(data.book.uploadedAt)}.` : 'No book uploaded.'}
        </p>
        <p className="text-sm">
          Snapshot SHA-256 <code className="break-all">{a.sha256}</code>:{' '}
          <strong>{intact ? 'the stored snapshot still matches it.' : 'the stored snapshot no longer matches it.'}</strong>
        </p>
      </header>
      <section aria-labelledby="att-ars" className="space-y-2">
        <h2 id="att-ars" className="text-lg font-semibold">
          Current appointed representatives ({data.ars.length.toLocaleString('en-GB')})
        </h2>
        {/* A wide table scrolls sideways in its own region, never the page, its first column held. */}
        <DataTable
          id="attested-ars"
          caption="Current appointed representatives as attested"
          captionHidden
          filterable={false}
          rows={data.ars}
          rowKey={(r) => `${r.arFrn}-${r.appointed}`}
          columns={[
            { header: 'AR FRN', cell: (r) => r.arFrn, className: 'tabular-nums' },
            { header: 'Name', cell: (r) => r.name },
            { header: 'Type', cell: (r) => r.type ?? '—' },
            { header: 'Appointed', cell: (r) => formatDate(r.appointed), className: 'whitespace-nowrap' },
            { header: 'Tied agent', cell: (r) => (r.tiedAgent === null ? '—' : r.tiedAgent ? 'Yes' : 'No') },
          ]}
        />
      </section>
      <section aria-labelledby="att-findings" className="space-y-2">
        <h2 id="att-findings" className="text-lg font-semibold">
          Open findings ({data.openFindings.length.toLocaleString('en-GB')})
        </h2>
        {data.openFindings.length === 0 ? (
          <p className="text-sm">None: the book and the register agreed.</p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {data.openFindings.map((f) => (
              <li key={`${f.kind}-${f.arFrn}`}>
                {f.kind} — {f.arName} ({f.arFrn}): register {f.register}; book {f.book} ({f.state})
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
