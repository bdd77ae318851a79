/**
 * Every page of the route table as a screen reader, a keyboard or a low-vision user meets it
 * (docs/shell.md, Accessibility): each route that has a page, its parameters filled with records
 * of the demo, is opened as a user who may open it, left to settle, and scanned with axe-core for
 * WCAG 2.0 and 2.1, A and AA, in the light theme and then the dark one. No critical or serious
 * violation is allowed anywhere; moderate and minor ones are counted and printed. A page built
 * later is scanned without anyone writing a test for it.
 */
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { expect, type Page, test } from '@playwright/test';
import { ROUTES } from '../src/routes/table';
import { pageOf } from '../src/page-registry';
import { screenOfPath } from '../src/routes/terminal-screens';
import type { RouteDef } from '../src/routes/define-route';
import { apiAs, signIn } from './helpers';
import { goInApp, settled } from './support/navigate';

/**
 * axe-core itself, put in every page as it loads: a scan is then one call in the page (0.2-1 s),
 * where a wrapper that injected it again for each scan took 1.5-3 s, too long for 150 scans.
 */
const AXE_SOURCE = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
/**
 * The theme switches colours with CSS transitions (150-300 ms): a scan right after the switch read
 * colours half way. Without transitions the colours are the final ones as soon as React has drawn.
 */
const NO_TRANSITIONS = `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';
  document.head.append(style);
});`;
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The theme changes colours only: the dark scan runs the rules about colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/**
 * Rows of a table past the first few repeat their markup and colours with other values: axe reads
 * the first ones (a long list took it 15 s a theme, and the suite has a budget).
 */
const REPEATED = ['.MuiDataGrid-row:nth-child(n+4)', 'tbody > tr:nth-child(n+6)', '[role="listbox"] > li:nth-child(n+6)'];
/** The layout around every page (the app bar and the side menu): scanned with the home page, left out of the others. */
const LAYOUT = ['header', '.RaSidebar-fixed'];
const BLOCKING = new Set(['critical', 'serious']);
/**
 * Headings, read over the whole page (the page's h1 is its title in the app bar): one h1, no level
 * skipped, none empty. axe files these under best practice, not WCAG; they are how a screen reader
 * user finds their way round a page, so a page that breaks them fails like a serious violation.
 */
const HEADING_RULES = ['page-has-heading-one', 'heading-order', 'empty-heading'];

type Api = Awaited<ReturnType<typeof apiAs>>;

/** Parameters whose value is not a record: what the app's own links put there. */
const FIXED: Record<string, string> = {
  uid: 'MQ', token: 'not-a-real-token', invitationId: '1', partyFilter: 'all', dateFilter: 'current', tabName: 'shipment',
};
/** Parameters that name a record of a resource other than the route's own. */
const NAMED: Record<string, string> = { facilityId: 'facility', contractId: 'contract', shipmentId: 'rail_shipment', allocationId: 'terminalboss/allocation' };

async function firstId(api: Api, resource: string): Promise<string> {
  const answer = (await api.get(`/api/${resource}/?page_size=1`)) as { results?: { id: unknown }[] } | { id: unknown }[];
  const rows = Array.isArray(answer) ? answer : answer.results ?? [];
  if (!rows.length) throw new Error(`No ${resource} in the demo to open its page with.`);
  return String(rows[0].id);
}

/** The address of a route, its required parameters filled from the demo; optional ones left out. */
async function addressOf(api: Api, def: RouteDef): Promise<string> {
  let path = `/${def.path}`;
  for (const [whole, name, optional] of def.path.matchAll(/:(\w+)(\?)?/g)) {
    let value = '';
    if (!optional) {
      const resource = NAMED[name] ?? def.record ?? screenOfPath(def.path)?.screen.resource;
      value = FIXED[name] ?? (resource ? await firstId(api, resource) : '');
      if (!value) throw new Error(`No value for :${name} of ${def.path}`);
    }
    path = path.replace(optional ? `${whole}/` : whole, value);
  }
  return path;
}

/**
 * Opened, its requests answered and its progress indicators gone (or a few seconds passed): a
 * signed-in page as the app's own links open it (the app is not loaded again for each of 76
 * pages), a sign-in page loaded afresh.
 */
async function settle(page: Page, path: string, signedIn: boolean) {
  if (signedIn) return goInApp(page, path);
  await page.goto(path, { waitUntil: 'networkidle' });
  await settled(page);
}

interface Tally { pages: number; blocking: string[]; moderate: Map<string, number> }

async function scan(page: Page, label: string, tally: Tally, rules: string[] | undefined, layout: boolean, strict = false) {
  const context: ElementContext = { exclude: [...REPEATED, ...(layout ? [] : LAYOUT)].map((selector) => [selector]) };
  const options: RunOptions = { runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG }, resultTypes: ['violations'] };
  // Handed over as JSON: the page's axe runs with the context and options, and answers plain data.
  const result = JSON.parse(await page.evaluate(async (args: string) => {
    const { c, o } = JSON.parse(args) as { c: unknown; o: unknown };
    return JSON.stringify(await (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(c, o));
  }, JSON.stringify({ c: context, o: options }))) as AxeResults;
  tally.pages++;
  for (const v of result.violations) {
    if (strict || BLOCKING.has(v.impact ?? '')) {
      tally.blocking.push(`${label}: ${v.id} (${v.impact}, ${v.nodes.length}) ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join(' | ')}`);
    } else {
      tally.moderate.set(v.id, (tally.moderate.get(v.id) ?? 0) + v.nodes.length);
    }
  }
}

/** Light, then dark: the app follows the device's scheme while the user has not chosen one. */
async function scanBothThemes(page: Page, path: string, tally: Tally, signedIn: boolean) {
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page, path, signedIn);
  if (signedIn) await expect(page.getByTestId('dark-mode-toggle')).toHaveAttribute('data-mode', 'light');
  // A page names itself once its lazy part has rendered: the scan waits for the name (an empty h1 left is still found).
  if (signedIn) await expect(page.locator('#react-admin-title').first()).not.toBeEmpty({ timeout: 15_000 }).catch(() => undefined);
  const layout = path === '/' || !signedIn;
  await scan(page, `${path} (light)`, tally, undefined, layout);
  await scan(page, `${path} (headings)`, tally, HEADING_RULES, true, true);
  await page.emulateMedia({ colorScheme: 'dark' });
  if (signedIn) await expect(page.getByTestId('dark-mode-toggle')).toHaveAttribute('data-mode', 'dark');
  // Drawn: two frames after the switch.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await scan(page, `${path} (dark)`, tally, COLOUR_RULES, layout);
}

const BUILT = Object.values(ROUTES as Record<string, RouteDef>).filter((def) => pageOf(def) && !def.redirect);

test('every page with a page of its own has no critical or serious WCAG 2.1 AA violation, in the light and the dark theme', async ({ page, browser, request }) => {
  test.setTimeout(900_000);
  const api = await apiAs(request, 'admin@demo.test');
  const tally: Tally = { pages: 0, blocking: [], moderate: new Map() };
  await page.setViewportSize({ width: 1400, height: 900 });

  // Signed out: the sign-in pages.
  const visitor = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  for (const p of [page, visitor]) for (const content of [AXE_SOURCE, NO_TRANSITIONS]) await p.addInitScript({ content });
  for (const def of BUILT.filter((d) => d.public)) await scanBothThemes(visitor, await addressOf(api, def), tally, false);

  // Signed in as the superuser, who may open every page of the company.
  await signIn(page, 'admin@demo.test');
  for (const def of BUILT.filter((d) => !d.public && !d.bare)) await scanBothThemes(page, await addressOf(api, def), tally, true);

  const moderate = [...tally.moderate].map(([id, n]) => `${id} ${n}`).join(', ');
  console.log(`axe: ${tally.pages} scans of ${BUILT.filter((d) => !d.bare).length} pages; critical or serious: ${tally.blocking.length}; moderate and minor by rule: ${moderate || 'none'}`);
  expect(tally.blocking).toEqual([]);
});
