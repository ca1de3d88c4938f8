// API token administration from the shell: `npm run tokens -- <command> [options]`.
// Works on the database the portal uses (FSR_DATA_DIR/portal.db, or DATABASE_URL). Every change is
// audited as `cli:<os user>`. A secret is printed once (create, rotate) and only its hash is kept.
import { parseArgs } from 'node:util';
import { runAdminCli, table } from './admin-cli';
import type { AdminActor } from '@/lib/auth/user-admin';
import type { DbHandle } from '@/lib/db/connect';
import { listTokens } from '@/lib/db/queries/api-tokens';
import { DEFAULT_CEILING, DEFAULT_EXPIRY_DAYS, issueToken, parseCeiling, parsePriority, parseScopes, revokeToken, rotateToken, TokenInputError } from '@/lib/tokens/token-admin';
import { joinedToken } from '@/lib/tokens/token-secret';

const USAGE = `Usage: npm run tokens -- <command> [options]

Commands:
  list                                          list every token (never its secret)
  create --name N --scope S [--days D] [--ceiling R/S] [--priority P]
                                                issue a token to the program N; prints its id and secret once
                                                S: comma-separated reconcile, register-api, watch, metrics
                                                   (both = reconcile,register-api)
                                                D: days until it expires (default ${DEFAULT_EXPIRY_DAYS})
                                                R/S: at most R requests per S seconds (default ${DEFAULT_CEILING.requests}/${DEFAULT_CEILING.seconds})
                                                P: report (default) or background; people's pages always go first
  revoke --id ID                                stop a token working, at once
  rotate --id ID                                new secret for the same id (printed once); the old one stops working

The database is the portal's: FSR_DATA_DIR/portal.db (default data/portal.db), or DATABASE_URL.`;

export class TokensUsageError extends Error {
  override name = 'TokensUsageError';
}

function required(value: string | undefined, flag: string, command: string): string {
  if (!value?.trim()) throw new TokensUsageError(`${command} needs --${flag}.`);
  return value;
}

function secretLines(id: string, secret: string): string {
  return [
    `  id (X-AUTH-EMAIL):      ${id}`,
    `  secret (X-AUTH-KEY):    ${secret}`,
    `  as one value (OpenRefine, Authorization: Bearer): ${joinedToken(id, secret)}`,
    'The secret is shown only now; the portal keeps only its hash.',
  ].join('\n');
}

/** Runs one command; returns what to print. Exported for tests. */
export async function runTokensCommand(argv: string[], handle: DbHandle, actor: AdminActor, now: number = Date.now()): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return USAGE;
  let values: { name?: string; scope?: string; days?: string; ceiling?: string; priority?: string; id?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        name: { type: 'string' },
        scope: { type: 'string' },
        days: { type: 'string' },
        ceiling: { type: 'string' },
        priority: { type: 'string' },
        id: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new TokensUsageError((err as Error).message);
  }
  const db = handle.db;
  switch (command) {
    case 'list': {
      const tokens = await listTokens(db);
      if (tokens.length === 0) return 'No API tokens yet. Issue one with: npm run tokens -- create --name "CRM onboarding" --scope both';
      const state = (t: (typeof tokens)[number]) => (t.revokedAt ? 'revoked' : Date.parse(t.expiresAt) <= now ? 'expired' : 'active');
      return table([
        ['ID', 'PROGRAM', 'SCOPE', 'CEILING', 'PRIORITY', 'STATUS', 'EXPIRES', 'LAST USED'],
        ...tokens.map((t) => [
          t.id,
          t.name,
          t.scopes.join('+'),
          `${t.ceiling.requests}/${t.ceiling.seconds}s`,
          t.priority,
          state(t),
          t.expiresAt.slice(0, 10),
          t.lastUsedAt ?? 'never',
        ]),
      ]);
    }
    case 'create': {
      const name = required(values.name, 'name', 'create');
      const scopes = parseScopes(required(values.scope, 'scope', 'create'));
      let expiresInDays: number | undefined;
      if (values.days !== undefined) {
        if (!/^\d+$/.test(values.days.trim())) throw new TokenInputError(`--days must be a whole number of days (not "${values.days}").`);
        expiresInDays = Number(values.days.trim());
      }
      const { token, secret } = await issueToken(db, actor, {
        name,
        scopes,
        expiresInDays,
        ceiling: values.ceiling !== undefined ? parseCeiling(values.ceiling) : undefined,
        priority: values.priority !== undefined ? parsePriority(values.priority) : undefined,
        now,
      });
      return `Issued a token to "${token.name}" for ${token.scopes.join(' and ')}, expiring ${token.expiresAt}.\n${secretLines(token.id, secret)}`;
    }
    case 'revoke': {
      const token = await revokeToken(db, actor, required(values.id, 'id', 'revoke'), now);
      return `Revoked ${token.id} ("${token.name}"): it is refused from now on.`;
    }
    case 'rotate': {
      const { token, secret } = await rotateToken(db, actor, required(values.id, 'id', 'rotate'), now);
      return `New secret for ${token.id} ("${token.name}"); the old secret no longer works.\n${secretLines(token.id, secret)}`;
    }
    default:
      throw new TokensUsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

// Run only as a script (tests import runTokensCommand).
if (process.argv[1] && /scripts[\\/]tokens\.ts$/.test(process.argv[1])) {
  runAdminCli(runTokensCommand, (err) => err instanceof TokensUsageError || err instanceof TokenInputError).then((code) => {
    process.exitCode = code;
  });
}
