/**
 * Each project fixture against the sandbox's answer to the analogous request, through the shape
 * comparator: on day 0 and again on an advanced register day, after a month of changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../server';
import { apiGet, startTestSandbox } from '../test-helpers';
import { buildDataset } from '../dataset/generate';
import { timelineFor } from '../dataset/timeline';
import { CONTRACT_DAYS } from './analogous';
import { loadFixtures, placeholderValues, resolveRequest } from './analogous';
import { compareShape, formatDifferences, type ShapeSample } from './shape';
import { compactJson, prettyJson } from '../api/json-format';

const fixtures = loadFixtures();

describe.each(CONTRACT_DAYS)('project fixtures on register day %i', (day) => {
  let sb: RunningSandbox;
  let limited: RunningSandbox;
  let values: Record<string, string>;

  beforeAll(async () => {
    sb = await startTestSandbox({ startDay: day });
    // A user that is already over the limit, for the 429 fixture.
    limited = await startTestSandbox({ rateLimit: { requests: 50, seconds: 10 }, blockSeconds: 60, startDay: day });
    const o = sb.options;
    values = placeholderValues(timelineFor(buildDataset(o.seed, { firms: o.firms, individuals: o.individuals, funds: o.funds })).at(day));
  });
  afterAll(async () => {
    await Promise.all([sb.close(), limited.close()]);
  });

  it('cover every endpoint and every kind of answer', () => {
    const names = fixtures.map((f) => f.file);
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
    for (const kind of ['found', 'not-found', 'bad-input', 'first-page', 'middle-page', 'last-page', 'empty', 'all-null']) {
      expect(
        names.some((n) => n.includes(kind)),
        kind,
      ).toBe(true);
    }
  });

  it('use fictional values, none from the recorded live data', () => {
    const text = JSON.stringify(fixtures);
    for (const real of ['Hiscox', 'Barclays', 'Stonebridge', 'Carney', 'abrdn', 'Aberdeen', 'London Metal Exchange', '113849', '122702', '454811', 'MXC29012', 'Revolution']) {
      expect(text, real).not.toContain(real);
    }
  });

  for (const fx of fixtures) {
    it(`${fx.file}: ${fx.description}`, async () => {
      const request = resolveRequest(fx.sandboxRequest, values);
      let res;
      if (fx.scenario === 'rate-limited') {
        for (let i = 0; i < 50; i++) await apiGet(limited, request);
        res = await apiGet(limited, request);
      } else if (fx.auth === 'none') {
        res = await apiGet(sb, request, { 'X-AUTH-EMAIL': '', 'X-AUTH-KEY': '' });
      } else if (fx.auth === 'unknown') {
        res = await apiGet(sb, request, { 'X-AUTH-EMAIL': 'nobody@example.com', 'X-AUTH-KEY': 'nope' });
      } else {
        res = await apiGet(sb, request);
      }
      const expected: ShapeSample = {
        body: fx.body,
        raw: fx.layout === 'pretty' ? prettyJson(fx.body) : compactJson(fx.body),
        httpStatus: fx.status,
        contentType: fx.contentType,
        request: fx.request,
      };
      const actual: ShapeSample = { body: res.json, raw: res.text, httpStatus: res.status, contentType: res.headers.get('content-type') ?? undefined, request };
      const diffs = compareShape(expected, actual, { orderMeaningful: true });
      expect(diffs, `${request}\n${formatDifferences(diffs)}`).toEqual([]);
    });
  }
});
