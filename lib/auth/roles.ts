import type { Role } from '@/lib/db/schema';

export type { Role };

// Each role includes the ones before it: viewer (look up and print) < analyst (also exports,
// bulk checks, watchlists) < admin (also users and the audit log).
const RANK: Record<Role, number> = { viewer: 1, analyst: 2, admin: 3 };

export function hasRole(actual: Role, required: Role): boolean {
  return RANK[actual] >= RANK[required];
}

export function highestRole(roles: Iterable<Role>): Role | undefined {
  let best: Role | undefined;
  for (const r of roles) if (!best || RANK[r] > RANK[best]) best = r;
  return best;
}

export const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', analyst: 'Analyst', admin: 'Administrator' };
