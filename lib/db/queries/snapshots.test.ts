import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { canonicalJson, createSnapshot, getSnapshot, listSnapshots, sha256Hex } from './snapshots';

const pg = await postgresStatus();

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined }, é: 'x' })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1,"é":"x"}');
    expect(canonicalJson([undefined, null, true, 'a"b'])).toBe('[null,null,true,"a\\"b"]');
    expect(canonicalJson({ when: new Date('2030-01-01T00:00:00Z') })).toBe('{"when":"2030-01-01T00:00:00.000Z"}');
  });
  it('gives the same text for the same data however it was built', () => {
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson(JSON.parse('{"y":2,"x":1}')));
  });
  it('refuses values JSON cannot hold exactly, naming where they are', () => {
    expect(() => canonicalJson({ a: [1, Number.NaN] })).toThrow('canonicalJson: $.a[1] is NaN, which JSON cannot represent.');
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/\$\.f is a function/);
    expect(() => canonicalJson({ n: 10n })).toThrow(/\$\.n is a bigint/);
  });
  it('hashes UTF-8 bytes with SHA-256', () => {
    expect(sha256Hex('é')).toBe(
      createHash('sha256')
        .update(Buffer.from([0xc3, 0xa9]))
        .digest('hex'),
    );
  });
});

forEachDialect('snapshot queries', pg, (db) => {
  it('stores canonical data with its hash and reads back exactly what was stored', async () => {
    const data = { firm: { name: 'Acme Ltd', frn: '100001' }, sections: [{ b: 2, a: 1 }], retrievedAt: '2030-01-01T00:00:00.000Z' };
    const s = await createSnapshot(db(), {
      frn: '100001',
      subjectName: 'Acme Ltd',
      createdBy: { id: 'u1', email: 'Ann@Example.com' },
      caseReference: '  CASE-7 ',
      data,
    });
    expect(s).toMatchObject({ frn: '100001', createdByEmail: 'ann@example.com', caseReference: 'CASE-7', subjectName: 'Acme Ltd' });
    expect(s.sha256).toBe(sha256Hex(canonicalJson(data)));
    const back = await getSnapshot(db(), s.id);
    expect(back).toMatchObject({ ...s, intact: true, data });
    expect(back?.canonical).toBe(canonicalJson(data));
    expect(await getSnapshot(db(), 'missing')).toBeNull();
  });

  it('lists per firm and per user, newest first, without data', async () => {
    await createSnapshot(db(), { frn: '100002', createdBy: { id: 'u2', email: 'bob@example.com' }, data: { n: 1 } });
    await new Promise((r) => setTimeout(r, 5));
    await createSnapshot(db(), { frn: '100002', createdBy: { id: 'u1', email: 'ann@example.com' }, data: { n: 2 } });
    const forFirm = await listSnapshots(db(), { frn: '100002' });
    expect(forFirm.map((s) => s.createdByEmail)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(forFirm[0]).not.toHaveProperty('data');
    const forAnn = await listSnapshots(db(), { createdByEmail: 'ANN@example.com' });
    expect(forAnn.map((s) => s.frn)).toEqual(['100002', '100001']);
  });

  it('refuses a snapshot without an FRN', async () => {
    await expect(createSnapshot(db(), { frn: ' ', createdBy: { id: null, email: 'a@b' }, data: {} })).rejects.toThrow('A snapshot needs the FRN it is evidence for.');
  });
});
