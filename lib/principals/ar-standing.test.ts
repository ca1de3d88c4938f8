import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import type { Standing } from '@/lib/standing/standing';
import { recordLinks } from '@/lib/representatives/ar-links';
import { recordArStanding, startStandingPass, type ArStandingPayload } from './ar-standing';
import { addPrincipal, createCheck, listFindings, recordReading } from './principal-store';
import type { RegisterArRow } from './reconcile';

const pg = await postgresStatus();
const ann = { id: 'u1', email: 'ann@example.com' };

const row = (arFrn: string, bucket: 'current' | 'previous' = 'current'): RegisterArRow => ({
  arFrn,
  name: `Firm ${arFrn} Limited`,
  bucket,
  subType: 'Full',
  effective: '2020-01-15',
  termination: bucket === 'previous' ? '2021-01-15' : null,
  tiedAgent: false,
  eeaTiedAgent: false,
});

const standing = (level: Standing['level'], label: string, text: string): Standing => ({
  level,
  label,
  reasons: [{ code: 'firm-appointed-representative', level, label, text }],
  basis: ["the firm's record"],
});
const A = standing('caution', 'Appointed representative', 'The register lists the firm as "Appointed representative".');
const B = standing('stop', 'In administration', 'The register\'s sub-status is "In administration".');
const C = standing('stop', 'No longer authorised', 'The register\'s status is "No longer authorised".');

forEachDialect('AR standing store', pg, (db) => {
  async function read(frn: string, rows: RegisterArRow[]) {
    const { checkId } = await createCheck(db(), { frn, trigger: 'manual', requestedBy: 'ann@example.com' });
    await recordReading(db(), checkId, {
      registerState: 'principal',
      principalName: `Principal ${frn}`,
      rows,
      pages: 1,
      requests: 2,
      sha256: 'x',
      canonical: JSON.stringify(rows),
      book: null,
      findings: [],
      message: null,
    });
  }

  async function pass(frn: string, ar: string, s: Standing) {
    const started = await startStandingPass(db(), { frn, trigger: 'manual', requestedBy: 'ann@example.com' });
    const payload: ArStandingPayload = { passId: started.passId, principalFrn: frn, arFrn: ar, arName: '' };
    return recordArStanding(db(), payload, { name: `Firm ${ar} Limited`, standing: s, individuals: [], requests: 4 });
  }

  const open = async (frn: string, kind: string) => (await listFindings(db(), frn)).filter((f) => f.kind === kind);

  it('opens a standing finding on a change, keeps it up to date, closes it when the standing goes back, and never twice for a pass', async () => {
    await addPrincipal(db(), { frn: '700100', name: 'Kingsmere' }, ann);
    await read('700100', [row('100001'), row('100002')]);
    await expect(startStandingPass(db(), { frn: '700999', trigger: 'manual', requestedBy: 'x' })).rejects.toThrow('has not been read for 700999 yet');

    expect(await pass('700100', '100001', A)).toEqual({ outcome: 'recorded', opened: [], closed: [], kept: [] });
    expect(await open('700100', 'standing')).toEqual([]);
    // A → B: opened, register side the new standing, book side the previous one.
    expect(await pass('700100', '100001', B)).toMatchObject({ opened: ['standing'] });
    const [opened] = await open('700100', 'standing');
    expect([opened.register, opened.book]).toEqual([
      'Stop · In administration: The register\'s sub-status is "In administration".',
      'Caution · Appointed representative: The register lists the firm as "Appointed representative".',
    ]);
    // B → C: the same finding, its register side brought up to date, the book side still A.
    expect(await pass('700100', '100001', C)).toMatchObject({ opened: [], kept: ['standing'] });
    const [kept] = await open('700100', 'standing');
    expect([kept.id, kept.register, kept.book]).toEqual([opened.id, 'Stop · No longer authorised: The register\'s status is "No longer authorised".', opened.book]);
    // C → A: back to the standing before it: closed by the register.
    expect(await pass('700100', '100001', A)).toMatchObject({ closed: ['standing'] });
    expect(await open('700100', 'standing')).toEqual([]);
    const closed = (await listFindings(db(), '700100', { include: 'all' })).find((f) => f.id === opened.id)!;
    expect(closed.closedBy).toBe('register');
    // The same pass again for the same AR records nothing.
    const started = await startStandingPass(db(), { frn: '700100', trigger: 'manual', requestedBy: 'ann@example.com' });
    const payload: ArStandingPayload = { passId: started.passId, principalFrn: '700100', arFrn: '100002', arName: '' };
    expect((await recordArStanding(db(), payload, { name: null, standing: A, individuals: [], requests: 4 })).outcome).toBe('recorded');
    expect((await recordArStanding(db(), payload, { name: null, standing: B, individuals: [], requests: 4 })).outcome).toBe('already');
    expect(await open('700100', 'standing')).toEqual([]);
    const done = await db().selectFrom('principal_standing_passes').select(['done', 'request_count', 'total']).where('id', '=', started.passId).executeTakeFirstOrThrow();
    expect([Number(done.done), Number(done.request_count), Number(done.total)]).toEqual([1, 4, 2]);
  });

  it('names another principal an AR is known under, and closes both kinds for an AR no longer current', async () => {
    await addPrincipal(db(), { frn: '700200', name: 'Other' }, ann);
    await read('700200', [row('100003'), row('100004')]);
    await recordLinks(
      db(),
      { frn: '800800', name: 'Harbour Network Ltd' },
      [{ arFrn: '100003', name: 'Firm 100003 Limited', bucket: 'previous' }],
      'page',
      '2026-02-07T10:00:00.000Z',
    );
    await pass('700200', '100003', A);
    await pass('700200', '100004', A);
    const [other] = await open('700200', 'other-principal');
    expect([other.arFrn, other.register]).toEqual(['100003', 'Also on the AR list of Harbour Network Ltd (FRN 800800) as a previous AR, last seen 7 Feb 2026.']);
    // A later reading without 100003 as current: the next pass closes its findings.
    await read('700200', [row('100003', 'previous'), row('100004')]);
    await startStandingPass(db(), { frn: '700200', trigger: 'manual', requestedBy: 'ann@example.com' });
    expect(await open('700200', 'other-principal')).toEqual([]);
    expect((await listFindings(db(), '700200', { include: 'all' })).find((f) => f.id === other.id)?.closedBy).toBe('register');
  });
});
