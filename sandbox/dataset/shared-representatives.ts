/**
 * Appointed representatives with more than one principal, as on the live register (an AR may be
 * appointed by several principals, each for its own business): every 30th of the network
 * principal's current representatives (never the showcase one) is also a current representative of
 * one generated principal. Built last, on its own stream, so the rest of the dataset is the same
 * with or without it, and the network keeps its 714 current and 830 previous rows.
 */
import type { Rng } from '../prng';
import type { DatasetBuilder } from './builder';
import { REFERENCE_DAY, formatDay, parseDay, randomDay } from './generation-kit';
import { SCREENING_REFS } from './screening';
import { SHOWCASE } from './showcase';

/** One in this many of the network's current representatives also has another principal. */
export const SHARED_AR_STRIDE = 30;

export function buildSharedRepresentatives(b: DatasetBuilder, rng: Rng): void {
  const network = b.firms.get(SHOWCASE.networkPrincipalFrn);
  if (!network) return;
  const showcase = new Set<string>(Object.values(SHOWCASE).flat());
  const principals = [...b.firms.values()].filter(
    (f) => f.kind === 'authorised' && ['mortgage', 'adviser', 'broker'].includes(f.profile) && f.frn !== network.frn && !SCREENING_REFS.has(f.frn) && !showcase.has(f.frn),
  );
  if (principals.length === 0) return;
  const current = network.representatives.current.filter((l) => l.arFrn !== SHOWCASE.appointedRepresentativeFrn);
  for (let i = 0; i < current.length; i += SHARED_AR_STRIDE) {
    const link = current[i];
    const ar = b.firms.get(link.arFrn)!;
    const principal = rng.pick(principals);
    const from = randomDay(rng, parseDay(link.effective) + 1, REFERENCE_DAY - 30);
    b.appoint(ar, principal, {
      effective: formatDay(from),
      termination: null,
      subType: 'Full',
      tiedAgent: false,
      eeaTiedAgent: false,
      insuranceDistribution: rng.chance(0.5),
    });
  }
}

/** The network's representatives that also have another principal on day 0 (for tests). */
export function sharedRepresentativeFrns(firms: ReadonlyMap<string, { frn: string; appointments: ReadonlyArray<{ principalFrn: string; termination: string | null }> }>): string[] {
  const out: string[] = [];
  for (const f of firms.values()) {
    const current = f.appointments.filter((l) => l.termination === null);
    if (current.some((l) => l.principalFrn === SHOWCASE.networkPrincipalFrn) && current.some((l) => l.principalFrn !== SHOWCASE.networkPrincipalFrn)) out.push(f.frn);
  }
  return out.sort();
}
