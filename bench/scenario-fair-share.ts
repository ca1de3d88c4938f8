/**
 * Scenario 8: a fair share of the register for every person and program (issue 23). Three fresh
 * portals (empty caches), the same seeded team of staff browsing on each for the same time:
 *
 * - alone;
 * - beside a token flood: 20 programs (one API token each) calling the register API gateway at
 *   once, in a loop, for records nobody on the team opens (every answer a cache miss);
 * - beside a refresh loop: 5 more people pressing "Refresh from the register" in a loop, as fast
 *   as the answers come and at most once a second each, each refresh asking for 12 register calls
 *   (a firm and eleven of its lists, the most a refresh takes) of the firms the team browses.
 *
 * Reported for each: the team's page-wait p95 (last byte) and its ratio to the team alone, the
 * register's 429s (the sandbox's count), pages that said the register was busy or could not show
 * a count, and what the programs and the refreshers got (answered, refused, and why).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { issueToken } from '@/lib/tokens/token-admin';
import { FIRM_SECTIONS, FIRM_SECTION_SLUGS } from '@/lib/sections/firm-sections';
import type { RunningSandbox } from '@/sandbox/server';
import { startBenchPortal, type BenchPortal } from './bench-portal';
import { bulkFrns } from './scenario-bulk';
import { runTeam, teamFirmPool, type TeamResult } from './scenario-team';

export const FLOOD_CLIENTS = 20;
export const REFRESH_LOOPERS = 5;

export interface FairShareResult {
  staff: number;
  seconds: number;
  alone: TeamResult;
  tokenFlood: TeamResult & { programs: { clients: number; answered: number; refused429: number; other: number } };
  refreshLoop: TeamResult & { refreshers: { people: number; refreshed: number; refused: number; other: number; refusal?: string } };
  /** Page-wait p95 beside the load ÷ alone. */
  tokenFloodRatio: number;
  refreshLoopRatio: number;
}

/** The id Next gave the refresh server action in this build (its server-reference manifest). */
export function refreshActionId(distDir: string, root: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, v]) => v.exportedName === 'refreshRegisterCalls');
  if (!found) throw new Error(`No refreshRegisterCalls server action in ${distDir}'s server-reference-manifest.json: rebuild the portal.`);
  return found[0];
}

/** The most a refresh may ask: the firm and eleven of its lists. */
function refreshCalls(frn: string) {
  return [{ endpoint: 'firm', args: [frn] }, ...FIRM_SECTION_SLUGS.slice(0, 11).map((slug) => ({ endpoint: FIRM_SECTIONS[slug].endpoint, args: [frn] }))];
}

async function tokenFlood(portal: BenchPortal, frns: string[], stopAt: number): Promise<FairShareResult['tokenFlood']['programs']> {
  const tokens = await portal.instance.withDb(async (db) =>
    Promise.all(
      Array.from({ length: FLOOD_CLIENTS }, async (_, i) => {
        const { token, secret } = await issueToken(
          db,
          { id: null, email: 'cli:bench', via: 'cli' },
          { name: `bench program ${i + 1}`, scopes: ['register-api'], ceiling: { requests: 600, seconds: 60 } },
        );
        return { id: token.id, secret };
      }),
    ),
  );
  const counts = { clients: FLOOD_CLIENTS, answered: 0, refused429: 0, other: 0 };
  const lists = ['Permissions', 'Regulators', 'Names', 'Address'];
  let next = 0;
  await Promise.all(
    tokens.map(async (tk) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (Date.now() < stopAt) {
          const n = next++;
          const frn = frns[n % frns.length];
          const list = lists[Math.floor(n / frns.length) % lists.length];
          const status = await new Promise<number>((resolve) => {
            const req = http.get(
              `${portal.baseUrl}/register-api/services/V0.1/Firm/${frn}/${list}`,
              { agent, headers: { 'X-AUTH-EMAIL': tk.id, 'X-AUTH-KEY': tk.secret } },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.on('error', () => resolve(0));
          });
          if (status === 200) counts.answered += 1;
          else if (status === 429) {
            counts.refused429 += 1;
            // As a well-behaved client does after a 429 (the answer carries Retry-After).
            await new Promise((r) => setTimeout(r, 1000));
          } else counts.other += 1;
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  return counts;
}

async function refreshLoop(portal: BenchPortal, sessions: string[], pool: string[], actionId: string, stopAt: number): Promise<FairShareResult['refreshLoop']['refreshers']> {
  const counts = { people: sessions.length, refreshed: 0, refused: 0, other: 0, refusal: undefined as string | undefined };
  let next = 0;
  await Promise.all(
    sessions.map(async (cookie) => {
      while (Date.now() < stopAt) {
        const pressed = Date.now();
        const frn = pool[next++ % 30];
        const res = await fetch(`${portal.baseUrl}/firm/${frn}`, {
          method: 'POST',
          headers: { cookie, 'next-action': actionId, accept: 'text/x-component', 'content-type': 'text/plain;charset=UTF-8', origin: portal.baseUrl },
          body: JSON.stringify([refreshCalls(frn)]),
        }).catch(() => undefined);
        const text = res ? await res.text() : '';
        const refusal = /"message":"(Not refreshed:[^"]*)"/.exec(text)?.[1];
        if (refusal) {
          counts.refused += 1;
          counts.refusal ??= refusal;
        } else if (res?.status === 200 && /"ok":true/.test(text)) counts.refreshed += 1;
        else counts.other += 1;
        // A person pressing the button again the moment it answers, but not more than once a second.
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - pressed))));
      }
    }),
  );
  return counts;
}

export async function runFairShare(ctx: {
  sandbox: RunningSandbox;
  portalEnv: Record<string, string>;
  portalAccount: { email: string };
  staff: number;
  seconds: number;
  distDir: string;
  root: string;
  log: (line: string) => void;
}): Promise<FairShareResult> {
  const actionId = refreshActionId(ctx.distDir, ctx.root);
  const pool = teamFirmPool(ctx.sandbox.options);
  const floodFrns = bulkFrns(ctx.sandbox, 1000);
  const phase = async (name: string, extra: (portal: BenchPortal, stopAt: number) => Promise<void>): Promise<TeamResult> => {
    ctx.log(`  ${name}: ${ctx.staff} staff browsing for ${ctx.seconds} s on a fresh portal`);
    const portal = await startBenchPortal({ env: ctx.portalEnv, staff: ctx.staff + REFRESH_LOOPERS });
    try {
      const team = runTeam({
        sandbox: ctx.sandbox,
        baseUrls: [portal.baseUrl],
        sessions: portal.sessions.slice(0, ctx.staff),
        portalAccount: ctx.portalAccount,
        seconds: ctx.seconds,
        seed: 'bench-fair-share-team',
        log: ctx.log,
      });
      // runTeam resets the sandbox's counters as it starts; the load starts just after.
      await new Promise((r) => setTimeout(r, 200));
      const [result] = await Promise.all([team, extra(portal, Date.now() + ctx.seconds * 1000)]);
      return result;
    } finally {
      await portal.stop();
    }
  };

  const alone = await phase('alone', async () => {});
  let programs: FairShareResult['tokenFlood']['programs'] = { clients: FLOOD_CLIENTS, answered: 0, refused429: 0, other: 0 };
  const flooded = await phase(`beside ${FLOOD_CLIENTS} programs calling the register API at once`, async (portal, stopAt) => {
    programs = await tokenFlood(portal, floodFrns, stopAt);
  });
  let refreshers: FairShareResult['refreshLoop']['refreshers'] = { people: REFRESH_LOOPERS, refreshed: 0, refused: 0, other: 0 };
  const refreshed = await phase(`beside ${REFRESH_LOOPERS} people pressing Refresh in a loop`, async (portal, stopAt) => {
    refreshers = await refreshLoop(portal, portal.sessions.slice(ctx.staff), pool, actionId, stopAt);
  });

  const result: FairShareResult = {
    staff: ctx.staff,
    seconds: ctx.seconds,
    alone,
    tokenFlood: { ...flooded, programs },
    refreshLoop: { ...refreshed, refreshers },
    tokenFloodRatio: flooded.total.p95 / alone.total.p95,
    refreshLoopRatio: refreshed.total.p95 / alone.total.p95,
  };
  ctx.log(
    `  staff page p95: alone ${alone.total.p95.toFixed(0)} ms; beside the token flood ${flooded.total.p95.toFixed(0)} ms (${result.tokenFloodRatio.toFixed(2)}×, ${flooded.rateLimited} × 429; programs: ${programs.answered} answered, ${programs.refused429} told 429 by the portal); beside the refresh loop ${refreshed.total.p95.toFixed(0)} ms (${result.refreshLoopRatio.toFixed(2)}×, ${refreshed.rateLimited} × 429; refreshes: ${refreshers.refreshed} done, ${refreshers.refused} refused)`,
  );
  return result;
}
