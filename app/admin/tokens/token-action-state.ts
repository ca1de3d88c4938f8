/** What a token-administration server action reports back to its form. */
export interface TokenActionState {
  status: 'idle' | 'success' | 'error';
  message: string;
  /** A new secret, shown once in the form that asked for it and never stored in clear. */
  oneTimeSecret?: { id: string; name: string; secret: string };
}

export const TOKEN_IDLE: TokenActionState = { status: 'idle', message: '' };
