import { formatDate } from '@/lib/format/date';
import type { DisciplinaryAction, Firm, Requirement } from '@/lib/register/model';
import { combine, notReadReason, quote, type Read, type Standing, type StandingReason } from './standing';
import { readFirmStatus } from './status-words';

/**
 * A firm's standing from its record (status, business type, sub-status, Exceptional Info), its
 * requirements, its disciplinary history, and the clone entries the register's search lists under
 * its name. Each rule is one function below; docs/screening.md says why each level.
 */

export interface FirmFacts {
  record: Firm;
  /** `/Firm/{FRN}/Requirements`; omitted when the caller did not ask (then it is "not read"). */
  requirements?: Read<Requirement[]>;
  /** Every page of `/Firm/{FRN}/DisciplinaryHistory`, and the register's total count. */
  disciplinary?: Read<{ actions: DisciplinaryAction[]; total?: number }>;
  /** Names of clone entries (as listed) the register's search gives for this firm's name. */
  cloneListings?: string[];
}

const since = (date: string | undefined) => (date ? ` since ${formatDate(date)}` : '');

/** Rule: the status says the firm may not carry on regulated business now, or never could. */
export function statusRule(firm: Firm): StandingReason[] {
  const status = firm.status;
  const reading = readFirmStatus(status);
  switch (reading.kind) {
    case 'unauthorised':
      return [{ code: 'firm-unauthorised-status', level: 'stop', label: status!, text: `The register's status for the firm is "${status}": it is not authorised by the FCA.` }];
    case 'ended':
      return [
        {
          code: 'firm-no-longer-authorised',
          level: 'stop',
          label: status!,
          text: `The register's status is "${status}"${since(firm.statusEffectiveDate)}: the firm may not carry on regulated business now; its entry is kept as a record.`,
        },
      ];
    case 'suspended':
      return [{ code: 'firm-suspended', level: 'stop', label: status!, text: `The register's status is "${status}"${since(firm.statusEffectiveDate)}.` }];
    case 'appointed-representative':
      return [appointedRepresentative(status!)];
    case 'agent':
      return [
        {
          code: 'firm-agent',
          level: 'caution',
          label: 'Agent, not authorised',
          text: `The register's status is "${status}": the firm acts as the agent of an authorised payment or e-money institution, which is responsible for it; it is not authorised in its own right.`,
        },
      ];
    case 'missing':
      return [{ code: 'firm-status-missing', level: 'caution', label: 'No status given', text: 'The register gives no status for the firm.' }];
    case 'unknown':
      return [
        {
          code: 'firm-status-unknown',
          level: 'caution',
          label: status!,
          text: `The register's status is "${status}", a wording the portal does not recognise: read the record before relying on it.`,
        },
      ];
    default:
      // A business type of "Appointed Representative" beside an authorised-looking status.
      return firm.businessType && /appointed representative/i.test(firm.businessType) ? [appointedRepresentative(firm.businessType)] : [];
  }
}

function appointedRepresentative(words: string): StandingReason {
  return {
    code: 'firm-appointed-representative',
    level: 'caution',
    label: 'Appointed representative',
    text: `The register lists the firm as "${words}": it is not authorised in its own right and carries on regulated business only under an authorised principal firm, which is responsible for it.`,
  };
}

const INSOLVENCY = /(administrat|liquidat|receiver|insolven|wound up|winding[- ]up|bankrupt)/i;

/** Rule: a sub-status qualifies the status; insolvency and suspension stop, any other is read. */
export function subStatusRule(firm: Firm): StandingReason[] {
  const sub = firm.subStatus?.trim();
  if (!sub) return [];
  const from = firm.subStatusEffectiveFrom ? ` from ${formatDate(firm.subStatusEffectiveFrom)}` : '';
  if (INSOLVENCY.test(sub)) {
    return [
      {
        code: 'firm-insolvency',
        level: 'stop',
        label: sub,
        text: `The register's sub-status is "${sub}"${from}: an insolvency practitioner runs the firm, which may not take on new business; payments and claims go through them.`,
      },
    ];
  }
  if (/suspend/i.test(sub)) return [{ code: 'firm-suspended', level: 'stop', label: sub, text: `The register's sub-status is "${sub}"${from}.` }];
  return [{ code: 'firm-sub-status', level: 'caution', label: sub, text: `The register qualifies the firm's status with the sub-status "${sub}"${from}.` }];
}

/** Rule: every Exceptional Info notice is something the register wants a reader to see first. */
export function exceptionalInfoRule(firm: Firm): StandingReason[] {
  return firm.exceptionalInfo.map((info) => ({
    code: 'firm-exceptional-info' as const,
    level: 'caution' as const,
    label: 'Register notice',
    text: `The register publishes a notice on the firm${info.title ? `, "${quote(info.title, 100)}"` : ''}${info.body ? `: "${quote(info.body)}"` : ''}.`,
  }));
}

const STOPS_BUSINESS = /must not (carry on|conduct|undertake|accept) any (new )?(regulated )?(activit|business)|must cease (all|any|its)|must not carry on regulated activit/i;
const RESTRICTS =
  /(must not|may not|shall not|is not permitted|not be permitted|cease|restrict|prohibit|suspend|without (first )?(obtaining )?(the )?(prior )?(written )?consent)/i;

/**
 * Rule: a requirement that stops or restricts what the firm may do. Requirements that only let a
 * firm approve financial promotions (the register's "Financial Promotions Requirement") grant a
 * power within limits and restrict no business, so they are not reasons.
 */
export function requirementsRule(requirements: Requirement[]): StandingReason[] {
  const restricting = requirements.filter((r) => !r.financialPromotions && RESTRICTS.test(`${r.title ?? ''} ${r.text ?? ''}`));
  const stopping = restricting.filter((r) => STOPS_BUSINESS.test(r.text ?? ''));
  const reasons: StandingReason[] = stopping.map((r) => ({
    code: 'firm-requirement-stops-business' as const,
    level: 'stop' as const,
    label: 'Business stopped by requirement',
    text: `A requirement on the firm${r.reference ? ` (${r.reference})` : ''} stops its business${r.effectiveDate ? ` from ${formatDate(r.effectiveDate)}` : ''}: "${quote(r.text ?? r.title ?? '')}".`,
  }));
  const others = restricting.filter((r) => !stopping.includes(r));
  if (others.length > 0) {
    const titles = others.map((r) => `"${quote(r.title ?? r.reference ?? 'untitled', 100)}"`).join('; ');
    const first = others[0];
    reasons.push({
      code: 'firm-requirement-restricts',
      level: 'caution',
      label: others.length === 1 ? 'Restricted by a requirement' : `Restricted by ${others.length} requirements`,
      text: `The register lists ${others.length === 1 ? 'a requirement that restricts' : `${others.length} requirements that restrict`} the firm's business: ${titles}${first.text ? ` ("${quote(first.text, 160)}")` : ''}.`,
    });
  }
  return reasons;
}

/** Rule: disciplinary action on the register is history a reader must know of. */
export function firmDisciplinaryRule(actions: DisciplinaryAction[], total?: number): StandingReason[] {
  if (actions.length === 0) return [];
  const count = Math.max(total ?? 0, actions.length);
  const kinds = [...new Set(actions.map((a) => a.actionType).filter(Boolean))].join(', ');
  const latest = [...actions].sort((a, b) => (b.effectiveFrom ?? '').localeCompare(a.effectiveFrom ?? ''))[0];
  return [
    {
      code: 'firm-disciplinary-history',
      level: 'caution',
      label: 'Disciplinary history',
      text: `The register lists ${count} disciplinary ${count === 1 ? 'action' : 'actions'}${kinds ? ` (${kinds})` : ''}${latest.effectiveFrom ? `, the latest from ${formatDate(latest.effectiveFrom)}` : ''}${latest.description ? `: "${quote(latest.description, 160)}"` : ''}.`,
    },
  ];
}

/** Rule: the register warns that a clone uses this (genuine) firm's name. The firm itself is not unauthorised. */
export function cloneListedRule(cloneListings: string[]): StandingReason[] {
  if (cloneListings.length === 0) return [];
  return [
    {
      code: 'firm-clone-listed',
      level: 'caution',
      label: 'A clone uses its name',
      text: `The register also lists ${cloneListings.map((n) => `"${n}"`).join(', ')}, an unauthorised clone using this firm's name: deal with the firm only through the contact details on its register entry.`,
    },
  ];
}

export function firmStanding(facts: FirmFacts): Standing {
  const { record } = facts;
  const reasons: StandingReason[] = [...statusRule(record), ...subStatusRule(record), ...exceptionalInfoRule(record)];
  const basis = ["the firm's record"];
  if (facts.requirements?.ok) {
    reasons.push(...requirementsRule(facts.requirements.rows));
    basis.push('its requirements');
  } else {
    reasons.push(notReadReason("The firm's requirements", facts.requirements?.why ?? 'not asked for', 'a restriction on its business'));
  }
  if (facts.disciplinary?.ok) {
    const { actions, total } = facts.disciplinary.rows;
    reasons.push(...firmDisciplinaryRule(actions, total));
    if (total !== undefined && total > actions.length) {
      reasons.push(notReadReason(`Part of the firm's disciplinary history (${actions.length} of ${total} actions read)`, 'the rest was not fetched', 'a further action'));
    }
    basis.push('its disciplinary history');
  } else {
    reasons.push(notReadReason("The firm's disciplinary history", facts.disciplinary?.why ?? 'not asked for', 'disciplinary action'));
  }
  if (facts.cloneListings) {
    reasons.push(...cloneListedRule(facts.cloneListings));
    basis.push("the register's search for its name");
  }
  return combine(reasons, record.status ?? 'Authorised', basis);
}
