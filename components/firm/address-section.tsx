import { ExportLink } from '@/components/register/export-link';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { firmExportHref } from '@/lib/export/export-paths';
import { getRegisterClient } from '@/lib/register/client';
import { AddressCard } from './address-card';
import { NoneRecorded } from './none-recorded';

/** The firm's addresses (the register does not page them: one answer holds them all). */
export async function AddressSection({ frn, firmName }: { frn: string; firmName: string }) {
  const result = await getRegisterClient().firmAddresses(frn);
  if (result.kind === 'not-found' || (result.kind === 'ok' && result.data.length === 0)) return <NoneRecorded noun="addresses" firmName={firmName} />;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`addresses of FRN ${frn}`} />;
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <ExportLink href={firmExportHref(frn, 'address')} what="addresses" />
      </p>
      {result.data.map((address, i) => (
        <AddressCard key={`${address.kind}-${i}`} address={address} index={i} />
      ))}
      <ResultProvenance provenance={result.provenance} notice={result.notice} />
    </div>
  );
}
