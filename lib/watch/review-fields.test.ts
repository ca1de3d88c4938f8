import { describe, expect, it } from 'vitest';
import { MAX_REVIEW_NOTE, readReviewFields, readReviewNote } from './review-fields';

describe('the review fields of a change or a finding', () => {
  it('stores the assignee lower-cased and blanks as nobody / no note', () => {
    expect(readReviewFields({ state: 'acknowledged', assigneeEmail: '  Bob@Example.com ', note: '  checked with the FCA  ' }, 'change')).toEqual({
      ok: true,
      fields: { state: 'acknowledged', assignee: 'bob@example.com', note: 'checked with the FCA' },
    });
    expect(readReviewFields({ state: 'new', assigneeEmail: '   ', note: '' }, 'finding')).toEqual({ ok: true, fields: { state: 'new', assignee: null, note: null } });
  });

  it('refuses a state it does not know, naming the four', () => {
    const read = readReviewFields({ state: 'closed' as never }, 'change');
    expect(read).toEqual({ ok: false, message: 'Choose a state: new, acknowledged, escalated, expected.' });
  });

  it('refuses an assignee that is not an address mail can reach, naming the item', () => {
    for (const bad of ['bob', 'bob@', 'bob@localhost', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const read = readReviewFields({ state: 'new', assigneeEmail: bad }, 'finding');
      expect(read.ok, bad).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/is not an e-mail address to assign the finding to\.$/);
    }
  });

  it('keeps a note of exactly the limit and refuses one character more', () => {
    expect(readReviewNote('n'.repeat(MAX_REVIEW_NOTE))).toHaveLength(MAX_REVIEW_NOTE);
    expect(readReviewNote('n'.repeat(MAX_REVIEW_NOTE + 1))).toBeUndefined();
    expect(readReviewFields({ state: 'escalated', note: 'n'.repeat(MAX_REVIEW_NOTE + 1) }, 'change')).toEqual({ ok: false, message: 'A note is at most 2,000 characters.' });
  });
});
