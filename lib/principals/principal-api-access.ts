import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { wakeEngine } from '@/lib/jobs/engine';
import { getRegisterClient } from '@/lib/register/client';
import type { WatchActor } from '@/lib/watchlists/watch-api';
import type { PrincipalApiDeps } from './principal-api';

/**
 * What the principals API runs on in the portal. The firm's name is looked up as a person's page
 * would look it up, or, for a program, behind people's pages within the programs' share of the
 * budget (as the watch API's look-ups are).
 */
export async function principalApiDeps(actor: WatchActor): Promise<PrincipalApiDeps> {
  return {
    db: await getDb(),
    audit: recordAudit,
    async firmName(frn) {
      const options = actor.via === 'token' ? ({ priority: 'background', lane: 'programs' } as const) : ({ priority: 'interactive' } as const);
      const firm = await getRegisterClient().firm(frn, options);
      if (firm.kind === 'ok') return { kind: 'ok', name: firm.data.name ?? null };
      if (firm.kind === 'not-found') return { kind: 'not-found' };
      return { kind: 'unavailable', message: firm.message };
    },
    async firmRecord(frn) {
      const options = actor.via === 'token' ? ({ priority: 'background', lane: 'programs' } as const) : ({ priority: 'interactive' } as const);
      const firm = await getRegisterClient().firm(frn, options);
      if (firm.kind === 'ok') return { kind: 'ok', name: firm.data.name ?? null, record: firm.data, readAt: firm.provenance.retrievedAt };
      if (firm.kind === 'not-found') return { kind: 'not-found' };
      return { kind: 'unavailable', message: firm.message };
    },
    wake: wakeEngine,
  };
}
