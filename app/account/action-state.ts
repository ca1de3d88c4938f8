/** What an /account server action reports back to its form. */
export interface AccountActionState {
  status: 'idle' | 'success' | 'error';
  message: string;
  /** Recovery codes just issued: shown once, in the form that asked for them, never stored in clear. */
  recoveryCodes?: string[];
}

export const ACCOUNT_IDLE: AccountActionState = { status: 'idle', message: '' };
