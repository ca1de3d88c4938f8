/**
 * A production portal for one benchmark phase: the production server on the benchmark's build, its own
 * data directory and a fresh process (so its register cache starts empty), pointed at the
 * benchmark's sandbox with one API account, with staff accounts created and signed in.
 *
 * Started through the e2e helper (e2e/support/portal-instance.ts), which does the first-run set-up
 * exactly as `npm start` does; that helper reads the build folder from NEXT_DIST_DIR.
 */
import { startPortal, type PortalInstance } from '@/e2e/support/portal-instance';
import { signIn } from './portal-session';

export interface BenchPortal {
  baseUrl: string;
  /** One signed-in session cookie per staff account, in order. */
  sessions: string[];
  instance: PortalInstance;
  stop(): Promise<void>;
}

export async function startBenchPortal(options: { env: Record<string, string>; staff: number }): Promise<BenchPortal> {
  const instance = await startPortal({ env: options.env });
  try {
    const sessions: string[] = [];
    for (let i = 1; i <= options.staff; i++) {
      // Analysts: the role compliance staff browse with; nothing here needs admin rights.
      const user = await instance.createUser(`staff${String(i).padStart(2, '0')}@bench.example`, 'analyst');
      sessions.push(await signIn(instance.baseURL, user.email, user.password));
    }
    return { baseUrl: instance.baseURL, sessions, instance, stop: () => instance.stop() };
  } catch (error) {
    await instance.stop();
    throw new Error(`${(error as Error).message}\nPortal output:\n${instance.output().slice(-4000)}`);
  }
}
