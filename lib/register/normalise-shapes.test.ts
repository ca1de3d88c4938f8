import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints';
import { normaliseEnvelope } from './normalise';
import type { NormaliseContext } from './normalise-values';
import { missingLeaves } from './test-support/leaf-check';
import { loadFixtures, loadRecorded, loadSandboxFixtures, RECORDED_DIR, SANDBOX_FIXTURE_DIR, type Exchange } from './test-support/exchanges';
import { classifyResponse, parseJsonBody } from './transport';

/**
 * Every recorded shape normalises without error and without losing a value: each leaf of the
 * wire body must be found in the normalised result (data, page info, status and message).
 */

function context(ex: Exchange): NormaliseContext {
  const built = (ENDPOINTS[ex.endpoint].build as (...a: unknown[]) => ReturnType<(typeof ENDPOINTS)['firm']['build']>)(...ex.args);
  if (built.ok) return { ...built.request.ctx, path: ex.path };
  // Recordings probe impossible numbers (a 10-digit FRN); the normaliser only needs them for context.
  const [id] = ex.args;
  return { path: ex.path, frn: id, irn: id, prn: id };
}

function checkExchange(ex: Exchange) {
  const answer = classifyResponse(ex.httpStatus, ex.text, null, ex.path, Date.now());
  if (ex.expect) {
    // A refused key or a 429: the transport must say so (there is no model to normalise).
    expect(answer.kind, ex.name).toBe(ex.expect);
    return { kind: answer.kind };
  }
  expect(['ok', 'not-found', 'bad-input'], `${ex.name}: ${'message' in answer ? answer.message : answer.kind}`).toContain(answer.kind);
  const parsed = parseJsonBody(ex.text);
  expect(parsed.ok).toBe(true);
  const wire = parsed.ok ? parsed.value : undefined;
  if (answer.kind === 'ok') {
    const normalised = normaliseEnvelope(ex.endpoint, answer.envelope, context(ex), ex.page);
    const result = { ...normalised, upstreamStatus: answer.upstreamStatus, upstreamMessage: answer.upstreamMessage };
    expect(missingLeaves(wire, result)).toEqual([]);
    return { kind: answer.kind, result };
  }
  if (answer.kind === 'not-found' || answer.kind === 'bad-input') {
    expect(missingLeaves(wire, { status: answer.upstreamStatus, message: answer.upstreamMessage })).toEqual([]);
  }
  return { kind: answer.kind };
}

describe('project fixtures (lib/register/test-fixtures)', () => {
  const fixtures = loadFixtures();

  it('cover every endpoint', () => {
    expect(new Set(fixtures.map((f) => f.endpoint))).toEqual(new Set(Object.keys(ENDPOINTS)));
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s normalises without losing a value', (_name, ex) => {
    checkExchange(ex);
  });
});

describe('sandbox contract fixtures (sandbox/contract/fixtures)', () => {
  const fixtures = loadSandboxFixtures();
  if (!fixtures) {
    it('are not written yet, so lib/register/test-fixtures stand in for them', () => {
      console.warn(`Sandbox contract fixtures not found at ${SANDBOX_FIXTURE_DIR}: only lib/register/test-fixtures were checked.`);
      expect(existsSync(SANDBOX_FIXTURE_DIR)).toBe(false);
    });
    return;
  }

  it.each(fixtures.map((f) => [f.name, f] as const))('%s is classified right and normalises without losing a value', (_name, ex) => {
    checkExchange(ex);
  });
});

describe('real recorded exchanges (../shared/reference/fca-recorded)', () => {
  const recorded = loadRecorded();
  if (!recorded) {
    it('are absent on this machine, so only the project fixtures were checked', () => {
      console.warn(`Recorded exchanges not found at ${RECORDED_DIR}: only lib/register/test-fixtures were checked.`);
      expect(existsSync(RECORDED_DIR)).toBe(false);
    });
    return;
  }

  it('are all loaded (44 exchanges plus raw bodies)', () => {
    expect(recorded.length).toBeGreaterThanOrEqual(40);
  });

  it.each(recorded.map((r) => [r.name, r] as const))('%s normalises without losing a value', (_name, ex) => {
    checkExchange(ex);
  });
});
