import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { expect, test } from './support/signed-in';

// The firm header is in the first bytes; sections stream in after it. Read from the raw HTTP
// response, chunk by chunk, as a browser receives it. Uses records no other firm spec opens, so
// nothing is in the portal's cache yet and every section costs a real (sandbox) round trip.

interface Chunk {
  at: number;
  /** Everything received up to and including this chunk. */
  soFar: string;
}

async function readChunks(url: string, cookie: string): Promise<Chunk[]> {
  const started = Date.now();
  const res = await fetch(url, { headers: { cookie } });
  expect(res.status).toBe(200);
  const decoder = new TextDecoder();
  const chunks: Chunk[] = [];
  let soFar = '';
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    soFar += decoder.decode(bytes, { stream: true });
    chunks.push({ at: Date.now() - started, soFar });
  }
  return chunks;
}

/** Index of the first chunk by which `text` has arrived. */
function arrival(chunks: Chunk[], text: string): number {
  return chunks.findIndex((c) => c.soFar.includes(text));
}

async function cookieHeader(page: import('@playwright/test').Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

test('the overview’s header arrives before its slowest section count', async ({ page, baseURL }) => {
  const frn = SHOWCASE.noLongerAuthorisedFrns[1];
  const chunks = await readChunks(`${baseURL}/firm/${frn}`, await cookieHeader(page));
  const header = arrival(chunks, 'data-testid="firm-header"');
  expect(header).toBeGreaterThanOrEqual(0);
  expect(chunks[header].soFar).toContain('Greyfriars Insurance Brokers LLP');
  const counts = ['permissions', 'requirements', 'individuals', 'controlled-functions', 'appointed-representatives', 'disciplinary-history'].map((slug) =>
    arrival(chunks, `data-testid="count-${slug}"`),
  );
  expect(
    counts.every((i) => i >= 0),
    'every count arrives',
  ).toBe(true);
  const slowest = Math.max(...counts);
  expect(slowest).toBeGreaterThan(header);
  expect(chunks[slowest].at).toBeGreaterThan(chunks[header].at);
});

test('a section page’s header arrives before its list, and a walk’s progress before its end', async ({ page, baseURL }) => {
  // Page 1 of this list may be cached by other specs; its later pages are not.
  const chunks = await readChunks(`${baseURL}/firm/${SHOWCASE.disciplinaryFrn}/disciplinary-history?all=1`, await cookieHeader(page));
  const header = arrival(chunks, 'data-testid="firm-header"');
  const progress = arrival(chunks, 'data-testid="walk-progress"');
  const complete = arrival(chunks, 'Complete: all ');
  expect(header).toBeGreaterThanOrEqual(0);
  expect(progress).toBeGreaterThanOrEqual(header);
  expect(complete).toBeGreaterThan(header);
  expect(chunks[complete].at).toBeGreaterThan(chunks[header].at);
  expect(chunks[complete].soFar).toContain('Castlegate Securities Limited');
});
