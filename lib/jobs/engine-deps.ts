import type { Db, DialectName } from '@/lib/db/schema';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { NotifySettings } from '@/lib/notify/notify-settings';

/** What every background job handler is given: the portal's database and the one register client. */
export interface EngineDeps {
  db: Db;
  dialect: DialectName;
  client: RegisterClient;
  /** The clock (tests move it). */
  now?: () => number;
  /** Where watch notifications go (e-mail, webhook); default read from the environment (lib/notify). */
  notify?: NotifySettings;
}
