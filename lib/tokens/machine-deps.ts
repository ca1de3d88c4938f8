import 'server-only';
import { recordAudit } from '@/lib/audit/record';
import { getDb } from '@/lib/db/client';
import { getRegisterClient } from '@/lib/register/client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { getRegisterConfig } from '@/lib/register/config';
import { publicOrigin } from '@/lib/runtime/public-url';
import type { MachineGateDeps } from './machine-gate';
import { TokenCeilings } from './token-ceiling';

// One set of token ceilings per process, on globalThis for the same reason as the register
// client (Next may load this module more than once; two sets would double every ceiling).
const KEY = Symbol.for('fsr-portal.token-ceilings');
type Holder = typeof globalThis & { [KEY]?: TokenCeilings };

/**
 * Queries per reconciliation batch: each costs at most one register request when not cached
 * (a search, or one record for a reference number), so a batch fits in one window of what every
 * program together may use (the programs' share, FSR_RATE_PROGRAM_SHARE): 13 with the default
 * 30 % of 45/10, at most 25.
 */
export function reconcileBatchSize(rate: { programLimit: number }): number {
  return Math.max(1, Math.min(25, rate.programLimit));
}

/**
 * What the machine route handlers run on in the portal: the gate's dependencies, the register
 * client, the public origin and the reconciliation batch size. The gateway's and reconciliation's
 * own dependency types (GatewayDeps, ReconcileDeps) are satisfied by it, so this module names
 * neither feature that stands on the gate.
 */
export interface MachineDeps extends MachineGateDeps {
  register(): RegisterClient;
  publicOrigin(): string;
  batchSize: number;
}

export function machineDeps(): MachineDeps {
  const holder = globalThis as Holder;
  holder[KEY] ??= new TokenCeilings();
  return {
    db: getDb,
    ceilings: holder[KEY],
    audit: recordAudit,
    register: getRegisterClient,
    publicOrigin: () => publicOrigin(),
    batchSize: reconcileBatchSize(getRegisterConfig().rate),
  };
}
