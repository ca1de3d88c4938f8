// Every spec's `test` comes from here (directly, or through the fixtures built on it): any
// Content-Security-Policy violation the browser reports on any page of any browser context a
// test opens fails that test. The portal's policy (lib/security/headers.ts) allows no inline
// script or style without the response's nonce, so a violation means a page broke under it.
import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test';

export interface CspViolation {
  /** How the browser told us: the page's `securitypolicyviolation` event, or its console. */
  via: 'event' | 'console';
  /** The page (or frame) the violation happened in. */
  url: string;
  /** The directive and what it blocked, or the console's words. */
  text: string;
}

export interface CspGuard {
  /** Violations seen so far in this test. */
  readonly violations: readonly CspViolation[];
  /** Takes the violations that match out of the list, for a test that provokes them on purpose. */
  take(match: (violation: CspViolation) => boolean): CspViolation[];
}

const BINDING = '__fsrReportCspViolation';

/** Violations of the worker's browser contexts, until the running test's end collects them. */
const seen: CspViolation[] = [];
const watched = new WeakSet<BrowserContext>();

async function watch(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  await context.exposeBinding(BINDING, ({ frame }, detail: { directive: string; blocked: string; sample: string }) => {
    seen.push({ via: 'event', url: frame.url(), text: `${detail.directive} blocked ${detail.blocked || '(inline)'}${detail.sample ? `: ${detail.sample}` : ''}` });
  });
  // Runs in every frame before the page's own scripts (injected by the browser, so the policy
  // itself does not stop it).
  await context.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (d: unknown) => void>)[binding];
      report?.({ directive: e.effectiveDirective || e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
    });
  }, BINDING);
  const onPage = (page: import('@playwright/test').Page) => {
    page.on('console', (message) => {
      // Chromium's words for a blocked script, style, frame, connection…: "Refused to … because
      // it violates the following Content Security Policy directive". The event above misses
      // some (frame-ancestors is reported to the framed page, which never loads).
      if (/Content Security Policy/i.test(message.text())) seen.push({ via: 'console', url: page.url(), text: message.text() });
    });
  };
  context.pages().forEach(onPage);
  context.on('page', onPage);
}

/** Makes every context the worker's browser opens (browser.newContext, browser.newPage) watched. */
function watchBrowser(browser: Browser): () => void {
  const original = browser.newContext;
  browser.newContext = async function newContext(this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await original.apply(this, args);
    await watch(context);
    return context;
  };
  return () => {
    browser.newContext = original;
  };
}

export const test = base.extend<{ cspGuard: CspGuard }, { cspBrowserWatch: void }>({
  cspBrowserWatch: [
    async ({ browser }, use) => {
      const restore = watchBrowser(browser);
      await use();
      restore();
    },
    { scope: 'worker', auto: true },
  ],
  cspGuard: [
    async ({ context }, use) => {
      await watch(context);
      const guard: CspGuard = {
        get violations() {
          return [...seen];
        },
        take(match) {
          const taken = seen.filter(match);
          const kept = seen.filter((v) => !match(v));
          seen.length = 0;
          seen.push(...kept);
          return taken;
        },
      };
      await use(guard);
      const found = seen.splice(0);
      expect(found, `Content-Security-Policy violations:\n${found.map((v) => `- ${v.url}: ${v.text}`).join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
