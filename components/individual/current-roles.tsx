import { ProvenanceLine } from '@/components/register/provenance-line';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { readIndividualControlledFunctions } from '@/lib/page-data/cached-reads';
import { individualExportHref } from '@/lib/export/export-paths';
import { individualPath } from '@/lib/routes/portal-paths';
import { ControlledFunctionsTable } from './controlled-functions-table';
import { TextLink } from '@/components/ui/text-link';

/** The overview's roles section: what the individual does now, with the way to the full history. */
export async function CurrentRoles({ irn }: { irn: string }) {
  const result = await readIndividualControlledFunctions(irn);
  if (result.kind === 'not-found') {
    return <p className="text-sm text-slate-700">The register records no controlled functions, current or previous, for {irn}.</p>;
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`controlled functions of ${irn}`} />;
  const { current, previous } = result.data;
  return (
    <div className="space-y-2">
      <ControlledFunctionsTable
        id="current-roles"
        caption="Current controlled functions"
        rows={current}
        emptyText="No current controlled functions."
        exportHref={individualExportHref(irn, 'controlled-functions')}
      />
      <p className="text-sm">
        <TextLink href={individualPath(irn, 'controlled-functions')}>
          All controlled functions ({current.length} current, {previous.length} previous)
        </TextLink>
      </p>
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}
