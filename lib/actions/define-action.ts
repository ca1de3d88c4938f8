import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import { z } from 'zod';
import { recordAudit, type RecordAuditInput } from '@/lib/audit/record';
import type { SessionUser } from '@/lib/auth/options';
import type { Role } from '@/lib/auth/roles';
import { requireRole, requireUser } from '@/lib/auth/session';
import { log } from '@/lib/runtime/logger';
import { refused, type ActionState } from './action-state';

/** An error class whose message is written for people (a store's input error): the form shows it as it is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any constructor signature
type KnownError = abstract new (...args: any[]) => Error;

/** The audit entry an action records, as the acting user. */
export type ActionAudit = Omit<RecordAuditInput, 'user'>;

export interface ActionContext<Raw> {
  /** The person acting, checked before anything else. */
  user: SessionUser;
  /** What the client sent (the form's fields). */
  raw: Raw;
  /** Records an audit entry as the acting user, now (before a redirect that follows). */
  audit(entry: ActionAudit): Promise<void>;
}

interface Guard {
  /**
   * Who may act: a role (that role or above, `requireRole`) or any signed-in person. A server
   * action is a public POST endpoint, so it checks the caller itself, whatever page rendered the
   * form. Signed out (expired, revoked, ended in another tab) it is the same answer as a page's:
   * the sign-in redirect, which the session guard (components/auth/session-guard.tsx) turns into
   * "You have been signed out" with the form's values kept.
   */
  role: Role | 'signed-in';
  /** Where the sign-in page comes back to; the current page when left out. */
  path?: string;
  /** The two-factor enrolment pages' actions stay open while an administrator's requirement closes the rest. */
  whileTwoFactorEnrolmentDue?: boolean;
  /** Errors whose messages are for people; any other error is logged and answered with `failure`. */
  known?: readonly KnownError[];
  /** What the person is told when something unexpected failed (the error itself goes to the log). */
  failure: string;
  /** The log line's tag for an unexpected failure ("[watchlists] Saving the list failed"). */
  logAs: string;
}

export interface FormActionSpec<Raw, I = Raw> extends Guard {
  /** The form's fields as the schema reads them (or, without a schema, the input itself: it may throw a known error or a ZodError). */
  input: (form: FormData) => Raw;
  /** Checks the input; its refusal is the form's message (each issue's message, joined) with each field's messages. */
  schema?: z.ZodType<I>;
  /** The work: returns what the form is told. It may record audit entries, revalidate pages and redirect. */
  run: (input: I, ctx: ActionContext<FormData>) => Promise<ActionState>;
}

export interface CallActionSpec<Raw, I, R> extends Guard {
  /** Reads what the client sent. */
  input: (raw: Raw) => I;
  run: (input: I, ctx: ActionContext<Raw>) => Promise<R>;
  /** The answer when the work failed, in the action's own shape. */
  refuse: (message: string) => R;
}

async function checkCaller(guard: Guard): Promise<SessionUser> {
  if (guard.role === 'signed-in') return requireUser(guard.path, { whileTwoFactorEnrolmentDue: guard.whileTwoFactorEnrolmentDue });
  return requireRole(guard.role, guard.path);
}

function context<Raw>(user: SessionUser, raw: Raw): ActionContext<Raw> {
  return {
    user,
    raw,
    async audit(entry) {
      await recordAudit({ ...entry, user });
    },
  };
}

/** The message of a failure: a known error's own, a schema's issues joined, or the generic one (logged). */
function failureMessage(err: unknown, guard: Guard): { message: string; fieldErrors?: Record<string, string[]> } {
  // A redirect, notFound() or forbidden() thrown by the work is Next's to handle, not a failure.
  unstable_rethrow(err);
  if (err instanceof z.ZodError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of err.issues) {
      const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '';
      (fieldErrors[field] ??= []).push(issue.message);
    }
    return { message: err.issues.map((i) => i.message).join(' '), fieldErrors };
  }
  if (guard.known?.some((known) => err instanceof known)) return { message: (err as Error).message };
  log.error({ err }, guard.logAs);
  return { message: guard.failure };
}

/**
 * One server action behind a form, the one way every action is written:
 *
 *   export const renameListAction = defineAction({
 *     role: 'analyst', path: WATCHLISTS_PATH,
 *     input: (form) => ({ name: form.get('name') ?? '' }), schema: z.object({ name: z.string().min(1, 'Enter a name.') }),
 *     known: [WatchlistInputError], failure: 'Saving the list failed. Try again; …', logAs: '[watchlists] Saving the list failed',
 *     async run(input, { user, audit }) { …; await audit({ action: 'watchlist.update', reference: id }); return done('Saved.'); },
 *   });
 *
 * It checks the caller's role (signed out: the sign-in redirect, as a page), reads and checks the
 * form (a schema's refusal is the message, with each field's), runs the work, and maps what the
 * work threw to the form's state: a known error's message as it is, anything else logged and
 * answered with `failure`. Audit entries are recorded as the acting user through `audit`.
 */
export function defineAction<Raw, I = Raw>(spec: FormActionSpec<Raw, I>): (previous: ActionState, form: FormData) => Promise<ActionState> {
  return async (_previous, form) => {
    const user = await checkCaller(spec);
    try {
      const raw = spec.input(form);
      const input = spec.schema ? spec.schema.parse(raw) : (raw as unknown as I);
      return await spec.run(input, context(user, form));
    } catch (err) {
      const { message, fieldErrors } = failureMessage(err, spec);
      return refused(message, fieldErrors ? { fieldErrors } : {});
    }
  };
}

/**
 * The same for a server action a component calls with a value rather than a form (the refresh
 * button's list of register calls), answering in its own shape.
 */
export function defineCallAction<Raw, I, R>(spec: CallActionSpec<Raw, I, R>): (raw: Raw) => Promise<R> {
  return async (raw) => {
    const user = await checkCaller(spec);
    try {
      return await spec.run(spec.input(raw), context(user, raw));
    } catch (err) {
      return spec.refuse(failureMessage(err, spec).message);
    }
  };
}
