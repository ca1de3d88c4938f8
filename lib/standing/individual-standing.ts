import { formatDate } from '@/lib/format/date';
import type { DisciplinaryAction, Individual, IndividualControlledFunctions } from '@/lib/register/model';
import { combine, notReadReason, quote, type Read, type Standing, type StandingReason } from './standing';
import { readIndividualStatus, statusParts } from './status-words';

/**
 * An individual's standing from the record's status, the disciplinary history (where the register
 * records a prohibition: the record's own status of a prohibited person can read "Regulatory
 * approval no longer required"), the current controlled functions (restrictions) and, when known,
 * the status the register's search lists ("Prohibited", "Deceased").
 */

export interface IndividualFacts {
  record: Individual;
  /** Every page of `/Individuals/{IRN}/DisciplinaryHistory`. */
  disciplinary?: Read<{ actions: DisciplinaryAction[]; total?: number }>;
  /** `/Individuals/{IRN}/CF`. */
  functions?: Read<IndividualControlledFunctions>;
  /** The status the register's search gives this person, when a search was read. */
  searchStatus?: string;
}

const isProhibition = (a: DisciplinaryAction) => /prohibit/i.test(a.actionType ?? '');

/** Rule: a prohibition order in the disciplinary history, or a status saying "Prohibited". */
export function prohibitionRule(actions: DisciplinaryAction[], statuses: string[]): StandingReason[] {
  const orders = actions.filter(isProhibition);
  if (orders.length > 0) {
    const latest = [...orders].sort((a, b) => (b.effectiveFrom ?? '').localeCompare(a.effectiveFrom ?? ''))[0];
    return [
      {
        code: 'individual-prohibited',
        level: 'stop',
        label: 'Prohibited',
        text: `The register records a prohibition order${latest.effectiveFrom ? ` from ${formatDate(latest.effectiveFrom)}` : ''}${latest.description ? `: "${quote(latest.description)}"` : ''}.`,
      },
    ];
  }
  const said = statuses.find((s) => readIndividualStatus(s).kind === 'prohibited');
  if (said) return [{ code: 'individual-prohibited', level: 'stop', label: 'Prohibited', text: `The register lists the individual as "${said}".` }];
  return [];
}

/** Rule: any other disciplinary action (fines, public censure) is history a reader must know of. */
export function individualDisciplinaryRule(actions: DisciplinaryAction[], total?: number): StandingReason[] {
  const others = actions.filter((a) => !isProhibition(a));
  if (others.length === 0) return [];
  const hidden = Math.max(0, (total ?? actions.length) - actions.length);
  const count = others.length + hidden;
  const kinds = [...new Set(others.map((a) => a.actionType).filter(Boolean))].join(', ');
  const latest = [...others].sort((a, b) => (b.effectiveFrom ?? '').localeCompare(a.effectiveFrom ?? ''))[0];
  return [
    {
      code: 'individual-disciplinary-history',
      level: 'caution',
      label: 'Disciplinary history',
      text: `The register lists ${count} other disciplinary ${count === 1 ? 'action' : 'actions'}${kinds ? ` (${kinds})` : ''}${latest.effectiveFrom ? `, the latest from ${formatDate(latest.effectiveFrom)}` : ''}${latest.description ? `: "${quote(latest.description, 160)}"` : ''}.`,
    },
  ];
}

/** Rule: a restriction or suspension recorded on a current controlled function. */
export function restrictionRule(functions: IndividualControlledFunctions): StandingReason[] {
  return functions.current
    .filter((f) => f.restriction || f.restrictionStartDate)
    .map((f) => ({
      code: 'individual-restriction' as const,
      level: 'caution' as const,
      label: 'Restricted role',
      text: `The register records a restriction on ${f.name ? `"${f.name}"` : 'a controlled function'}${f.firmName ? ` at ${f.firmName}` : ''}${f.restriction ? `: "${quote(f.restriction, 120)}"` : ''}${f.restrictionStartDate ? ` from ${formatDate(f.restrictionStartDate)}` : ''}${f.restrictionEndDate ? ` until ${formatDate(f.restrictionEndDate)}` : ''}.`,
    }));
}

/** Rule: what the status words say, beside the prohibition. */
export function individualStatusRule(statuses: string[]): StandingReason[] {
  if (statuses.length === 0) return [{ code: 'individual-status-missing', level: 'caution', label: 'No status given', text: 'The register gives no status for the individual.' }];
  const reasons: StandingReason[] = [];
  for (const s of statuses) {
    const kind = readIndividualStatus(s).kind;
    if (kind === 'deceased') reasons.push({ code: 'individual-deceased', level: 'stop', label: 'Deceased', text: `The register lists the individual as "${s}".` });
    else if (kind === 'not-approved')
      reasons.push({
        code: 'individual-not-approved',
        level: 'caution',
        label: 'No current approval',
        text: `The register's status is "${s}": the individual holds no role that needs the regulator's approval now.`,
      });
    else if (kind === 'unknown')
      reasons.push({
        code: 'individual-status-unknown',
        level: 'caution',
        label: s,
        text: `The register's status is "${s}", a wording the portal does not recognise: read the record before relying on it.`,
      });
  }
  // A person both approved and listed with an older status elsewhere is approved now.
  if (statuses.some((s) => readIndividualStatus(s).kind === 'clear')) return reasons.filter((r) => r.code !== 'individual-not-approved');
  return reasons;
}

export function individualStanding(facts: IndividualFacts): Standing {
  const recordStatuses = statusParts(facts.record.status);
  const statuses = [...recordStatuses, ...(facts.searchStatus ? [facts.searchStatus] : [])];
  const basis = ["the individual's record"];
  const reasons: StandingReason[] = [];
  if (facts.disciplinary?.ok) {
    const { actions, total } = facts.disciplinary.rows;
    reasons.push(...prohibitionRule(actions, statuses), ...individualDisciplinaryRule(actions, total));
    if (total !== undefined && total > actions.length && !actions.some(isProhibition)) {
      reasons.push(notReadReason(`Part of the disciplinary history (${actions.length} of ${total} actions read)`, 'the rest was not fetched', 'a prohibition'));
    }
    basis.push('the disciplinary history');
  } else {
    reasons.push(...prohibitionRule([], statuses));
    reasons.push(notReadReason('The disciplinary history', facts.disciplinary?.why ?? 'not asked for', 'a prohibition order'));
  }
  if (facts.functions?.ok) {
    reasons.push(...restrictionRule(facts.functions.rows));
    basis.push('the controlled functions');
  } else {
    reasons.push(notReadReason('The controlled functions', facts.functions?.why ?? 'not asked for', 'a restriction on a role'));
  }
  if (facts.searchStatus) basis.push("the register's search listing");
  reasons.push(...individualStatusRule(statuses));
  return combine(reasons, recordStatuses.join('; ') || facts.searchStatus || 'Approved', basis);
}
