import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { authorizeRequest } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { wakeEngine } from '@/lib/jobs/engine';
import { getRegisterClient } from '@/lib/register/client';
import { machineDeps } from '@/lib/tokens/machine-deps';
import { admitMachineRequest } from '@/lib/tokens/machine-gate';
import { carriesToken } from '@/lib/tokens/token-headers';
import { cachedPages } from '@/lib/watch/cycles';
import { registerLookup } from './resolve-entries';
import { json, refuse, type WatchActor, type WatchApiDeps } from './watch-api';

/**
 * The watch API's door: a request that carries an API token is a program's (the token must hold
 * the `watch` scope; it is counted, audited and held to its ceiling by the machine gate, as at
 * the register API gateway); any other is a person's session (the proxy lets no other through):
 * viewers read, analysts and admins write.
 *
 * Every write made with a person's session passes through the branch marked below. (Each write
 * also needs a JSON body with Content-Type: application/json, which a page on another site cannot
 * send without the browser asking this portal first, and is refused.)
 */
export function watchApiRoute<C>(mode: 'read' | 'write', handler: (request: Request, context: C, actor: WatchActor) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    if (carriesToken(request.headers)) {
      const admission = await admitMachineRequest(request, 'watch', machineDeps());
      if (!admission.ok) {
        if (admission.kind === 'ceiling') return json(429, { error: 'too-many-requests', message: admission.message }, { 'retry-after': String(admission.retryAfterSeconds) });
        return refuse(admission.refusal === 'scope' ? 403 : 401, admission.refusal === 'scope' ? 'forbidden' : 'unauthenticated', admission.message);
      }
      const { token } = admission;
      return handler(request, context, { via: 'token', id: `token:${token.id}`, email: `token:${token.name}` });
    }
    const auth = await authorizeRequest(mode === 'write' ? 'analyst' : 'viewer');
    if (!auth.ok) return auth.response;
    // A person's session: cookie-authenticated reads and writes.
    return handler(request, context, { via: 'session', id: auth.user.id, email: auth.user.email });
  };
}

/**
 * What the handlers run on in the portal. A bare number is looked up on the register as a person's
 * page would look it up, or, for a program, behind people's pages with background work and within
 * the programs' share of the budget (FSR_RATE_PROGRAM_SHARE), as the gateway's calls are.
 */
export async function watchApiDeps(actor: WatchActor): Promise<WatchApiDeps> {
  return {
    db: await getDb(),
    audit: recordAudit,
    lookUp: actor.via === 'token' ? registerLookup('background', 'programs') : registerLookup('interactive'),
    known: cachedPages(getRegisterClient()),
    wake: wakeEngine,
  };
}
