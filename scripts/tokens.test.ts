import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActor } from '@/lib/auth/user-admin';
import { findToken } from '@/lib/db/queries/api-tokens';
import { listAudit } from '@/lib/db/queries/audit';
import { checkToken } from '@/lib/tokens/authenticate';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { runTokensCommand } from './tokens';

const cli: AdminActor = { id: null, email: 'cli:tester', via: 'cli' };
let t: TestDb;
beforeAll(async () => {
  t = await createSqliteTestDb();
});
afterAll(async () => t.cleanup());

const run = (...argv: string[]) => runTokensCommand(argv, t.handle, cli);

describe('npm run tokens', () => {
  it('creates a token, printing its id and secret once; lists it without the secret; rotates and revokes it', async () => {
    const out = await run('create', '--name', 'OpenRefine team', '--scope', 'both', '--days', '90', '--ceiling', '20/10', '--priority', 'background');
    const id = /id \(X-AUTH-EMAIL\):\s+(\S+)/.exec(out)?.[1];
    const secret = /secret \(X-AUTH-KEY\):\s+(\S+)/.exec(out)?.[1];
    expect(id).toMatch(/^tok_[0-9a-f]{20}$/);
    expect(out).toContain(`${id}.${secret}`);
    expect(await findToken(t.handle.db, id!)).toMatchObject({
      name: 'OpenRefine team',
      scopes: ['reconcile', 'register-api'],
      priority: 'background',
      ceiling: { requests: 20, seconds: 10 },
    });
    expect(await checkToken(t.handle.db, { id: id!, secret: secret! }, 'reconcile')).toMatchObject({ ok: true });

    const list = await run('list');
    expect(list).toMatch(new RegExp(`${id}\\s+OpenRefine team\\s+reconcile\\+register-api\\s+20/10s\\s+background\\s+active`));
    expect(list).not.toContain(secret);

    const rotated = await run('rotate', '--id', id!);
    const newSecret = /secret \(X-AUTH-KEY\):\s+(\S+)/.exec(rotated)?.[1];
    expect(newSecret).not.toBe(secret);
    expect(await checkToken(t.handle.db, { id: id!, secret: secret! }, 'reconcile')).toMatchObject({ ok: false, refusal: 'unknown' });

    expect(await run('revoke', '--id', id!)).toBe(`Revoked ${id} ("OpenRefine team"): it is refused from now on.`);
    expect(await run('list')).toMatch(/revoked/);
    const audit = await listAudit(t.handle.db, { reference: id! });
    expect(audit.map((e) => [e.action, e.userEmail, e.detail?.via])).toEqual([
      ['admin.token.revoke', 'cli:tester', 'cli'],
      ['admin.token.rotate', 'cli:tester', 'cli'],
      ['admin.token.create', 'cli:tester', 'cli'],
    ]);
  });

  it('explains bad input', async () => {
    await expect(run('create', '--name', 'x')).rejects.toThrow('create needs --scope.');
    await expect(run('create', '--name', 'x', '--scope', 'all')).rejects.toThrow(/reconcile, register-api, watch, metrics .both = reconcile and register-api., not "all"/);
    await expect(run('create', '--name', 'x', '--scope', 'both', '--days', 'soon')).rejects.toThrow(/whole number of days/);
    await expect(run('revoke', '--id', 'tok_nope')).rejects.toThrow(/No token has the id tok_nope/);
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command "frobnicate"/);
  });
});
