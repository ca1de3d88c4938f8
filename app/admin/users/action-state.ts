/** What a user-administration server action reports back to its form. */
export interface AdminActionState {
  status: 'idle' | 'success' | 'error';
  message: string;
  /** A generated password, shown once in the form that asked for it and never stored in clear. */
  oneTimePassword?: { email: string; password: string };
}

export const IDLE: AdminActionState = { status: 'idle', message: '' };
