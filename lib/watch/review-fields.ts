import type { ChangeState } from '@/lib/db/schema';

/**
 * The review fields a person sets on a work item the register raised: a watch change
 * (lib/watch/watch-store.ts) and a principal's finding (lib/principals/principal-store.ts) share
 * the states, the assignee rule and the note's limit, checked here once. Each store throws its own
 * error class with the message this returns.
 */

export const REVIEW_STATES: readonly ChangeState[] = ['new', 'acknowledged', 'escalated', 'expected'];

/** A note is at most this many characters. */
export const MAX_REVIEW_NOTE = 2000;

// An address with a domain that has a dot: an assignee is someone mail can reach.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ReviewFieldsInput {
  state: ChangeState;
  /** An e-mail address, or empty for nobody. */
  assigneeEmail?: string | null;
  note?: string | null;
}

export interface ReviewFields {
  state: ChangeState;
  assignee: string | null;
  note: string | null;
}

/**
 * The fields as stored (assignee lower-cased, blanks as null), or what is wrong in words naming
 * the item (`change`, `finding`).
 */
export function readReviewFields(input: ReviewFieldsInput, item: string): { ok: true; fields: ReviewFields } | { ok: false; message: string } {
  if (!REVIEW_STATES.includes(input.state)) return { ok: false, message: `Choose a state: ${REVIEW_STATES.join(', ')}.` };
  const assignee = input.assigneeEmail?.trim().toLowerCase() || null;
  if (assignee && (!EMAIL.test(assignee) || assignee.length > 254)) return { ok: false, message: `"${assignee}" is not an e-mail address to assign the ${item} to.` };
  const note = readReviewNote(input.note);
  if (note === undefined) return { ok: false, message: noteTooLong() };
  return { ok: true, fields: { state: input.state, assignee, note } };
}

/** A note as stored: trimmed, blank as null; undefined when it is over the limit. */
export function readReviewNote(raw: string | null | undefined): string | null | undefined {
  const note = raw?.trim() || null;
  return note && note.length > MAX_REVIEW_NOTE ? undefined : note;
}

export function noteTooLong(): string {
  return `A note is at most ${MAX_REVIEW_NOTE.toLocaleString('en-GB')} characters.`;
}
