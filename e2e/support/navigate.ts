/**
 * Moving between the app's pages as its own links do: the router is told the new address and the
 * page is not loaded again, so a walk over many pages costs what each page's own requests cost, not
 * a fresh start of the app each time. `settled` waits until the page's requests are answered and
 * nothing shows progress, as `networkidle` would after a full load.
 */
import type { Page, Request } from '@playwright/test';

const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's unanswered requests (once per page). */
function track(page: Page): Set<Request> {
  let open = inFlight.get(page);
  if (open) return open;
  open = new Set();
  inFlight.set(page, open);
  const done = (r: Request) => open!.delete(r);
  page.on('request', (r) => open!.add(r));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return open;
}

/**
 * Goes to `path` through the app's router (a history entry and the event the router listens for),
 * then waits for the page to settle.
 */
export async function goInApp(page: Page, path: string) {
  const open = track(page);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  await settled(page, open);
}

/** No request unanswered for a quiet moment, and no progress indicator on screen (or a few seconds passed). */
export async function settled(page: Page, open = track(page), quietMs = 250) {
  const until = Date.now() + 10_000;
  let quietSince = Date.now();
  while (Date.now() < until) {
    await page.waitForTimeout(50);
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) break;
  }
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .MuiLinearProgress-root, .MuiSkeleton-root'), undefined, { timeout: 5_000 }).catch(() => undefined);
}
