/**
 * The API e-mail and key. The key lives in a private field so it never shows up when a config
 * object is logged, inspected or serialised; only `authHeaders()` and `redact()` touch it.
 */
export class RegisterCredentials {
  readonly email: string;
  readonly #key: string;

  constructor(email: string, key: string) {
    this.email = email;
    this.#key = key;
  }

  /** The two auth headers the register expects. */
  authHeaders(): Record<'X-AUTH-EMAIL' | 'X-AUTH-KEY', string> {
    return { 'X-AUTH-EMAIL': this.email, 'X-AUTH-KEY': this.#key };
  }

  /** Replaces any occurrence of the key in text (error messages from lower layers) with a marker. */
  redact(text: string): string {
    if (this.#key.length === 0) return text;
    return text.split(this.#key).join('[redacted key]');
  }

  toJSON(): { email: string; key: string } {
    return { email: this.email, key: '[redacted]' };
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `RegisterCredentials { email: ${JSON.stringify(this.email)}, key: [redacted] }`;
  }
}
