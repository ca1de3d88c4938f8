import type { Db, DialectName } from '@/lib/db/schema';
import type { RegisterClient } from '@/lib/register/register-client-types';

/** What every background job handler is given: the portal's database and the one register client (a feature's kinds may ask for more, lib/server/background.ts gives it). */
export interface EngineDeps {
  db: Db;
  dialect: DialectName;
  client: RegisterClient;
  /** The clock (tests move it). */
  now?: () => number;
}
