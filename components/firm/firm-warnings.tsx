import type { ReactNode } from 'react';
import { ExtraFields } from '@/components/register/extra-fields';
import { RegisterDate } from '@/components/register/register-date';
import { WarningCallout } from '@/components/ui/warning-callout';
import { isAppointedRepresentativeOnly, isNoLongerAuthorised, principalOf } from '@/lib/firm/firm-facts';
import { firmPath } from '@/lib/routes/portal-paths';
import type { Firm } from '@/lib/register/model';
import { TextLink } from '@/components/ui/text-link';

/**
 * What a reader must see before anything else about a firm: the register's Exceptional Info
 * notices, a sub-status (in administration, …), a firm that is no longer authorised, and a firm
 * that is only an appointed representative. Nothing when none applies, or (`sayNone`) an explicit
 * "No warnings on the register".
 */
export function FirmWarnings({ firm, sayNone = false }: { firm: Firm; /** Say so when there are none (the overview, the report), rather than show nothing. */ sayNone?: boolean }) {
  const warnings: ReactNode[] = [];

  if (isNoLongerAuthorised(firm.status)) {
    warnings.push(
      <WarningCallout key="status" tone="danger" title={`Status: ${firm.status}`}>
        {firm.statusEffectiveDate ? (
          <>
            The register records this status since <RegisterDate value={firm.statusEffectiveDate} />.{' '}
          </>
        ) : null}
        The firm may not carry on regulated business now; its entry is kept as a record of what it was allowed to do.
      </WarningCallout>,
    );
  }

  firm.exceptionalInfo.forEach((info, i) => {
    warnings.push(
      <WarningCallout key={`info-${i}`} tone="danger" title={info.title ?? 'Exceptional information from the register'}>
        {info.body ?? 'The register gives no further detail.'}
        {Object.keys(info.extra).length > 0 ? <ExtraFields extra={info.extra} /> : null}
      </WarningCallout>,
    );
  });

  if (firm.subStatus) {
    warnings.push(
      <WarningCallout key="sub-status" title={`Sub-status: ${firm.subStatus}`}>
        {firm.subStatusEffectiveFrom ? (
          <>
            In force from <RegisterDate value={firm.subStatusEffectiveFrom} />.{' '}
          </>
        ) : null}
        The register qualifies the firm&apos;s status{firm.status ? ` (${firm.status})` : ''} with this sub-status.
      </WarningCallout>,
    );
  }

  if (isAppointedRepresentativeOnly(firm)) {
    const principal = principalOf(firm);
    warnings.push(
      <WarningCallout key="ar" title="Appointed representative: not authorised in its own right">
        This firm carries on regulated business only as the appointed representative of an authorised principal firm, which takes responsibility for it.{' '}
        {principal ? (
          <>
            Its principal is{' '}
            <TextLink href={firmPath(principal.frn)} weight="medium">
              {principal.name ?? `FRN ${principal.frn}`}
            </TextLink>
            .
          </>
        ) : (
          <>The register does not name the principal on this record; the principal&apos;s own entry lists this firm under its appointed representatives.</>
        )}
      </WarningCallout>,
    );
  }

  if (warnings.length === 0) {
    if (!sayNone) return null;
    return (
      <p role="status" className="flex items-start gap-2 rounded border border-slate-300 bg-white p-3 text-sm" data-testid="no-warnings">
        <span aria-hidden="true" className="font-bold">
          ✓
        </span>
        <span>
          <strong>No warnings on the register</strong>: no Exceptional Info notice, no sub-status, and the firm is neither no longer authorised nor only an appointed
          representative.
        </span>
      </p>
    );
  }
  return (
    <section aria-labelledby="warnings-heading" className="space-y-2">
      <h2 id="warnings-heading" className="text-lg font-semibold">
        Warnings
      </h2>
      {warnings}
    </section>
  );
}
