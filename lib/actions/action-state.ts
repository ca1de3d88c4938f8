/**
 * What every server action behind a form reports back to it (lib/actions/define-action.ts), read
 * by the form's `useActionState` and shown by components/ui/form-message.tsx. No server imports:
 * client components import it.
 */
export interface ActionState {
  status: 'idle' | 'success' | 'error';
  message: string;
  /** The form's input refused by its schema: each field's messages (the message joins them all). */
  fieldErrors?: Record<string, string[]>;
  /** An import's rows at fault, each named by its row number and what it held. */
  rowErrors?: Array<{ row: number; input: string; message: string }>;
  /** A watch cycle "Check now" started, for the progress widget. */
  cycleId?: string;
  /** A generated password, shown once in the form that asked for it and never stored in clear. */
  oneTimePassword?: { email: string; password: string };
  /** A new API token secret, shown once in the form that asked for it and never stored in clear. */
  oneTimeSecret?: { id: string; name: string; secret: string };
  /** Recovery codes just issued: shown once, in the form that asked for them, never stored in clear. */
  recoveryCodes?: string[];
  /** A page the form opens when the action is done (a saved evidence snapshot). */
  savedPath?: string;
  /** The value of the form's case reference as it was sent, put back when it was refused. */
  caseReference?: string;
}

/** A form's state before its first action. */
export const IDLE: ActionState = { status: 'idle', message: '' };

/** Done: what the person is told, and anything shown once beside it. */
export function done(message: string, extra: Omit<ActionState, 'status' | 'message'> = {}): ActionState {
  return { status: 'success', message, ...extra };
}

/** Not done: why, in words, and anything that helps correct it. */
export function refused(message: string, extra: Omit<ActionState, 'status' | 'message'> = {}): ActionState {
  return { status: 'error', message, ...extra };
}
