/** Register days through the server: operator endpoints, the API at a day, the clock, auto-advance. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from './server';
import { apiGet, startTestSandbox, type Fetched } from './test-helpers';
import { ukTimestamp } from './api/uk-time';
import { SHOWCASE } from './dataset/showcase';
import type { DayChange } from './dataset/day-state';

const SIZES = { firms: 300, individuals: 600, funds: 40 };
let sb: RunningSandbox;

async function operator(method: string, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sb.origin}${path}`, { method });
  return { status: res.status, body: await res.json() };
}

/** Every page of an API path as one text, System Timestamp left out (it moves with the clock). */
async function wholeSection(path: string): Promise<string> {
  const pages: string[] = [];
  for (let page = 1; page <= 100; page++) {
    const res: Fetched = await apiGet(sb, `${path}${path.includes('?') ? '&' : '?'}pgnp=${page}`);
    const body = res.json;
    if (Array.isArray(body?.Data)) for (const item of body.Data) if (item && typeof item === 'object') delete item['System Timestamp'];
    pages.push(JSON.stringify(body));
    const info = body?.ResultInfo;
    if (!info) break;
    const last = path.endsWith('/Subfund') ? Math.ceil(Number(info.total_count) / 20) : info.Next === undefined ? page : Infinity;
    if (page >= last) break;
  }
  return pages.join('\n');
}

beforeAll(async () => {
  sb = await startTestSandbox(SIZES);
});
afterAll(async () => {
  await sb.close();
});

describe('register days over HTTP', () => {
  it('starts on day 0, moves forward and back, and says what each day changed', async () => {
    expect((await operator('GET', '/__sandbox/day')).body).toMatchObject({ day: 0, date: '30/01/2026', changes: 0, daySeconds: 0 });
    const advanced = await operator('POST', '/__sandbox/advance?days=2');
    expect(advanced.status).toBe(200);
    expect(advanced.body).toMatchObject({ day: 2, date: '01/02/2026', advancedFrom: 0 });
    expect(advanced.body.changesSinceThen).toBe(sb.changes(1).length + sb.changes(2).length);
    expect((await operator('POST', '/__sandbox/advance')).body.day).toBe(3);
    expect((await operator('POST', '/__sandbox/day?day=1')).body).toMatchObject({ day: 1, date: '31/01/2026' });
    const health = (await operator('GET', '/__sandbox/health')).body;
    expect(health).toMatchObject({ day: 1, date: '31/01/2026' });

    const changes = (await operator('GET', `/__sandbox/changes?day=1&ref=${SHOWCASE.bankFrn},${SHOWCASE.bankIndividualIrn}`)).body;
    expect(changes.day).toBe(1);
    expect(changes.changes.map((c: DayChange) => `${c.ref} ${c.section} ${c.kind}`)).toEqual([
      `${SHOWCASE.bankFrn} Permissions permission-removed`,
      `${SHOWCASE.bankFrn} Requirements requirement-imposed`,
      `${SHOWCASE.bankFrn} CF cf-ended`,
      `${SHOWCASE.bankIndividualIrn} CF cf-ended`,
    ]);
    // Without a day: the current one.
    expect((await operator('GET', '/__sandbox/changes')).body.count).toBe(sb.changes(1).length);
    expect((await operator('GET', '/__sandbox/changes?day=0')).body).toMatchObject({ day: 0, count: 0, changes: [] });
  });

  it('shows every change of day 1 through the API, and the same answers again on returning to a day', async () => {
    const changes = sb.changes(1);
    expect(changes.length).toBeGreaterThan(3);
    const paths = [...new Set(changes.map((c) => c.path))];
    sb.setDay(0);
    const before = new Map<string, string>();
    for (const p of paths) before.set(p, await wholeSection(p));
    sb.setDay(1);
    const after = new Map<string, string>();
    for (const p of paths) after.set(p, await wholeSection(p));
    for (const p of paths) expect(after.get(p), p).not.toBe(before.get(p));
    sb.setDay(0);
    for (const p of paths.slice(0, 5)) expect(await wholeSection(p), p).toBe(before.get(p));
    sb.setDay(1);
    const permissions = await apiGet(sb, `/Firm/${SHOWCASE.bankFrn}/Permissions`);
    expect(permissions.json.ResultInfo.total_count).toBe('41');
    const types = await apiGet(sb, `/Firm/${SHOWCASE.bankFrn}/Requirements/OR-0200206/InvestmentTypes`);
    expect(types.json.Status).toBe('FSR-API-02-13-00');
    expect(types.json.Data).toHaveLength(7);
  });

  it('moves System Timestamp with the day', async () => {
    sb.setDay(5);
    const before = ukTimestamp(new Date(Date.now() + 5 * 86_400_000));
    const firm = (await apiGet(sb, `/Firm/${SHOWCASE.bankFrn}`)).json.Data[0];
    expect([before, ukTimestamp(new Date(Date.now() + 5 * 86_400_000))]).toContain(firm['System Timestamp']);
    expect(sb.day().systemTimestamp).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    sb.setDay(0);
    const now = ukTimestamp(new Date());
    const today = (await apiGet(sb, `/Firm/${SHOWCASE.bankFrn}`)).json.Data[0];
    expect([now, ukTimestamp(new Date())]).toContain(today['System Timestamp']);
    expect(today['System Timestamp']).not.toBe(firm['System Timestamp']);
  });

  it('refuses bad days with a clear message and wrong methods with 405', async () => {
    for (const [method, path, message] of [
      ['POST', '/__sandbox/advance?days=-1', 'days must be a whole number from 0 to 3650, got "-1"'],
      ['POST', '/__sandbox/advance?days=4000', 'days must be a whole number from 0 to 3650, got 4000'],
      ['POST', '/__sandbox/day', 'day is required: a whole number from 0 to 3650'],
      ['POST', '/__sandbox/day?day=1.5', 'day must be a whole number from 0 to 3650, got "1.5"'],
      ['GET', '/__sandbox/changes?day=x', 'day must be a whole number from 0 to 3650, got "x"'],
    ] as const) {
      const res = await operator(method, path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe(message);
    }
    sb.setDay(1);
    expect((await operator('POST', '/__sandbox/advance?days=3650')).body.error).toBe('day 1 + 3650 is past the last register day, 3650');
    sb.setDay(0);
    expect((await operator('GET', '/__sandbox/advance')).status).toBe(405);
    expect((await operator('PUT', '/__sandbox/day')).status).toBe(405);
    expect(() => sb.setDay(-2)).toThrow(RangeError);
  }, 60_000);
});

describe('register days from the options', () => {
  it('starts on SANDBOX_START_DAY', async () => {
    const later = await startTestSandbox({ ...SIZES, startDay: 3 });
    try {
      expect(later.day()).toMatchObject({ day: 3, date: '02/02/2026' });
      const closed = await apiGet(later, '/CIS/800845');
      expect(closed.json.Data[0].Status).toBe('Terminated');
      // A second sandbox on the same seed and sizes is on its own day.
      expect(sb.day().day).toBe(0);
    } finally {
      await later.close();
    }
  });

  it('advances by itself every SANDBOX_DAY_SECONDS', async () => {
    const moving = await startTestSandbox({ ...SIZES, daySeconds: 0.1 });
    try {
      const until = Date.now() + 10_000;
      while (moving.day().day < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(moving.day().day).toBeGreaterThanOrEqual(2);
      expect(moving.day().daySeconds).toBe(0.1);
    } finally {
      await moving.close();
    }
  });
});
