import { ExportLink } from '@/components/register/export-link';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { firmExportHref } from '@/lib/export/export-paths';
import { getRegisterClient } from '@/lib/register/client';
import { InvestmentTypesTable } from './investment-types-table';

/** The investment types a requirement covers, every page of them (the register sends them in one answer in practice). */
export async function InvestmentTypesSection({ frn, reference }: { frn: string; reference: string }) {
  const client = getRegisterClient();
  const result = await client.allPages(client.firmRequirementInvestmentTypes, [frn, reference], { priority: 'interactive' });
  if (result.kind === 'not-found') {
    return (
      <p role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
        None recorded: the register lists no investment types for requirement {reference}.
      </p>
    );
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`investment types of requirement ${reference}`} />;
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <ExportLink href={firmExportHref(frn, 'requirements', reference)} what={`investment types of requirement ${reference}`} />
      </p>
      <InvestmentTypesTable reference={reference} rows={result.data} />
      <ResultProvenance provenance={result.provenance} notice={result.notice} />
    </div>
  );
}
