import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChangeRowJson } from '@/lib/watch/change-words';
import type { ChangeReport } from './deliveries';

/**
 * The watch webhook: one JSON POST per closed cycle that found changes, signed with HMAC-SHA256.
 *
 * Signature (the scheme Stripe uses): the header `X-FSR-Signature: t=<unix seconds>,v1=<hex>`,
 * where `<hex>` is HMAC-SHA256 with WATCH_WEBHOOK_SECRET as the key over `<t>.<raw body>`. A
 * receiver recomputes it over the raw bytes it received, compares in constant time, and refuses a
 * timestamp more than five minutes from its clock (a replay). Each attempt is signed afresh, so a
 * retry carries a new timestamp over the same body; `X-FSR-Delivery` stays the same across the
 * retries of one delivery, for a receiver that wants to drop a repeat.
 *
 * The body carries a `text` field, which is what Slack and Microsoft Teams incoming webhooks show.
 */

export const SIGNATURE_HEADER = 'X-FSR-Signature';
export const DELIVERY_HEADER = 'X-FSR-Delivery';
export const EVENT_HEADER = 'X-FSR-Event';
export const CYCLE_CLOSED_EVENT = 'watch.cycle.closed';
/** How far a signature's timestamp may be from the receiver's clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Lines of the `text` summary (the JSON `changes` array always holds every change). */
const TEXT_LINES = 20;

export interface CycleInfo {
  id: string;
  trigger: 'nightly' | 'manual';
  scope: 'all' | 'list' | 'entity';
  createdAt: string;
  finishedAt: string | null;
  entityCount: number;
}

export interface WebhookBody {
  type: typeof CYCLE_CLOSED_EVENT;
  /** The delivery's id (the same on every retry). */
  delivery: string;
  text: string;
  cycle: CycleInfo;
  counts: { total: number; high: number; medium: number; low: number };
  inboxUrl: string;
  changes: Array<{
    id: string;
    url: string;
    kind: 'firm' | 'individual' | 'fund';
    ref: string;
    entityName: string | null;
    section: string;
    sectionTitle: string;
    severity: 'high' | 'medium' | 'low';
    /** The first two sentences and "and N more", as the inbox says it. */
    summary: string;
    /** Each row the register changed, in words (as GET /api/changes gives them). */
    rows: ChangeRowJson[];
    state: string;
    detectedAt: string;
    lists: Array<{ id: string; name: string }>;
  }>;
}

export function webhookBody(delivery: string, cycle: CycleInfo, report: ChangeReport): WebhookBody {
  const lists = new Map<string, Array<{ id: string; name: string }>>();
  for (const group of report.groups) {
    if (!group.list) continue;
    for (const entity of group.entities) {
      const key = `${entity.kind}:${entity.ref}`;
      lists.set(key, [...(lists.get(key) ?? []), { id: group.list.id, name: group.list.name }]);
    }
  }
  const { high, medium, low } = report.counts;
  const total = report.changes.length;
  const lines = report.changes.slice(0, TEXT_LINES).map((c) => `• ${c.severity.toUpperCase()} · ${c.entityName ?? c.ref} (${c.ref}) · ${c.sectionTitle}: ${c.summary} ${c.url}`);
  if (total > TEXT_LINES) lines.push(`… and ${total - TEXT_LINES} more: ${report.inboxUrl}`);
  const text = [`FSR Portal watch: ${total} register change${total === 1 ? '' : 's'} (${high} high, ${medium} medium, ${low} low)`, ...lines].join('\n');
  return {
    type: CYCLE_CLOSED_EVENT,
    delivery,
    text,
    cycle,
    counts: { total, high, medium, low },
    inboxUrl: report.inboxUrl,
    changes: report.changes.map((c) => ({
      id: c.id,
      url: c.url,
      kind: c.kind,
      ref: c.ref,
      entityName: c.entityName,
      section: c.section,
      sectionTitle: c.sectionTitle,
      severity: c.severity,
      summary: c.summary,
      rows: c.rows,
      state: c.state,
      detectedAt: c.detectedAt,
      lists: lists.get(`${c.kind}:${c.ref}`) ?? [],
    })),
  };
}

/** The `X-FSR-Signature` value for a raw body at a unix time (seconds). */
export function signWebhook(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * Checks an `X-FSR-Signature` header against the raw body as received (the receiver's side; also
 * what the tests use). False for a wrong signature, a malformed header, or a stale timestamp.
 */
export function verifyWebhookSignature(secret: string, header: string | null | undefined, rawBody: string | Buffer, nowMs: number = Date.now()): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const piece of header.split(',')) {
    const [k, v] = piece.split('=', 2).map((s) => s.trim());
    if (k && v) parts.set(k, [...(parts.get(k) ?? []), v]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return (parts.get('v1') ?? []).some((hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
}

export type WebhookResult = { ok: true; status: number } | { ok: false; error: string; retryAfterMs?: number };

/** Posts a signed body once; any 2xx is success, anything else (or no answer) a failure to retry. */
export async function postWebhook(url: string, secret: string, delivery: string, body: WebhookBody, timeoutMs: number, nowMs: number = Date.now()): Promise<WebhookResult> {
  const raw = JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'FSR-Portal-Webhook/1',
        [SIGNATURE_HEADER]: signWebhook(secret, raw, Math.floor(nowMs / 1000)),
        [DELIVERY_HEADER]: delivery,
        [EVENT_HEADER]: CYCLE_CLOSED_EVENT,
      },
      body: raw,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    const reason = e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : (e.cause?.code ?? e.message);
    return { ok: false, error: `Webhook: ${reason}` };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
  const retryAfter = response.headers.get('retry-after');
  const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
  return { ok: false, error: `Webhook: HTTP ${response.status}`, retryAfterMs: seconds !== undefined ? Math.min(seconds, 3600) * 1000 : undefined };
}
