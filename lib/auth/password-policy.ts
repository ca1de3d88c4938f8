import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules';

// Passwords people choose, in the spirit of NIST SP 800-63B 5.1.1.2: a length rule (at least 12,
// at most 128 characters, any characters, spaces included, no composition rules), and a refusal of
// passwords that are commonly used or specific to this person and service. The list of common
// passwords is zxcvbn-ts's (about 49,000, most frequent first, from breach corpora), compared in
// lower case, whole and with padding of digits and symbols around it removed ("Password2026!").

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** Length in characters as a person counts them (code points, after Unicode normalisation). */
export function passwordLength(password: string): number {
  return [...password.normalize('NFKC')].length;
}

function isRepetitiveOrSequential(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (new Set(chars).size <= 2) return true;
  // abcdefghijkl, 123456789012, 987654321098: each character one step from the previous.
  const codes = chars.map((c) => c.codePointAt(0)!);
  const steps = codes.slice(1).map((c, i) => c - codes[i]);
  return steps.every((s) => s === 1 || s === -9) || steps.every((s) => s === -1 || s === 9);
}

const SERVICE_WORDS = ['fsrportal', 'fsr portal', 'fsr-portal', 'financialservicesregister'];

/**
 * Why a new password is refused, or null when it is acceptable. `email` is the account's, for the
 * context-specific check (a password made of the person's own address or name).
 */
export function passwordPolicyProblem(password: string, context: { email?: string; name?: string } = {}): string | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) {
    return `Use at least ${PASSWORD_MIN_LENGTH} characters (this one has ${length}). A few unrelated words make a long password that is easy to remember.`;
  }
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters (this one has ${length}).`;
  const lower = password.normalize('NFKC').toLowerCase();
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/gu, '');
  if (commonPasswords().has(lower) || (core.length > 0 && commonPasswords().has(core))) {
    return 'This password is on a list of commonly used passwords, which attackers try first. Choose another.';
  }
  if (isRepetitiveOrSequential(lower)) return 'This password is a repeated or sequential run of characters. Choose another.';
  const compact = lower.replace(/[\s._-]+/g, '');
  const email = context.email?.trim().toLowerCase();
  const local = email?.split('@')[0]?.replace(/[\s._-]+/g, '');
  const name = context.name
    ?.trim()
    .toLowerCase()
    .replace(/[\s._-]+/g, '');
  const personal = [email, local, name].filter((v): v is string => !!v && v.length >= 4);
  if (personal.some((p) => compact.replace(/\d+$/, '') === p || compact === p || lower === p)) {
    return 'This password is your e-mail address or name. Choose something others cannot guess.';
  }
  if (SERVICE_WORDS.some((w) => compact.replace(/[^a-z ]/g, '').replace(/ /g, '') === w.replace(/[\s-]/g, ''))) {
    return 'This password is the name of the portal. Choose something others cannot guess.';
  }
  return null;
}
