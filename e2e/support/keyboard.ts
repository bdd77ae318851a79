/**
 * A keyboard user's walk through a page (docs/shell.md, Accessibility): each Tab stop with its name
 * and place, whether its focus can be seen, and whether the stops follow the page's reading order.
 */
import { type ElementHandle, type Page, expect } from '@playwright/test';

export interface Stop {
  /** What a screen reader would call it: its label, its aria-label or its text. */
  name: string;
  tag: string;
  /** The form field it edits (`name` of the input), if any. */
  field: string | null;
  /** In the page's own content, not the app bar or the side menu. */
  inContent: boolean;
  /** In a data grid (one stop for the whole grid, moved through with the arrow keys). */
  inGrid: boolean;
  /** Its place on the page (scrolling left out) and its size. */
  x: number; y: number; w: number; h: number;
}

/** The element that has the focus now. */
export async function focused(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const e = document.activeElement as HTMLElement;
    const r = e.getBoundingClientRect();
    // Where it sits on the page, however far the page and the boxes around it are scrolled.
    let [px, py] = [r.x + window.scrollX, r.y + window.scrollY];
    for (let p = e.parentElement; p; p = p.parentElement) { px += p.scrollLeft; py += p.scrollTop; }
    const labelled = e.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    const label = (e as HTMLInputElement).labels?.[0]?.textContent;
    const name = (e.getAttribute('aria-label') || labelled || label || e.textContent || '').replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim();
    return {
      name: name.slice(0, 80), tag: e.tagName.toLowerCase(), field: e.getAttribute('name'), inContent: !!e.closest('#main-content'), inGrid: !!e.closest('.MuiDataGrid-root'),
      x: Math.round(px), y: Math.round(py), w: Math.round(r.width), h: Math.round(r.height),
    };
  });
}

/** Two frames drawn: what the last change looks like on screen. */
const drawn = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** The pixels around an element, where it is now. */
async function around(page: Page, element: ElementHandle) {
  await element.scrollIntoViewIfNeeded();
  await drawn(page);
  const box = await element.boundingBox();
  if (!box || box.width < 1 || box.height < 1) return null;
  return page.screenshot({ clip: { x: Math.max(0, box.x - 4), y: Math.max(0, box.y - 4), width: box.width + 8, height: box.height + 8 }, animations: 'disabled' });
}

/**
 * Presses Tab `count` times (or until `until` is true of a stop) and answers each stop. With
 * `checkFocus`, each control of the content is pictured while it has the focus and again once the
 * walk has moved on: a control that looks the same both times shows no focus (WCAG 2.4.7), and fails.
 */
export async function tabThrough(page: Page, o: { count?: number; until?: (s: Stop) => boolean; checkFocus?: boolean }): Promise<Stop[]> {
  const stops: Stop[] = [];
  const pictured: { stop: Stop; element: ElementHandle; focused: Buffer }[] = [];
  for (let i = 0; i < (o.count ?? 60); i++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    stops.push(stop);
    if (o.checkFocus && stop.inContent) {
      const element = (await page.evaluateHandle(() => document.activeElement)).asElement()!;
      // A control with stops of its own (a date's day, month and year) is pictured once.
      const again = pictured.length > 0 && await page.evaluate(([a, b]) => a === b, [pictured.at(-1)!.element, element] as const);
      const shot = again ? null : await around(page, element);
      if (shot) pictured.push({ stop, element, focused: shot });
    }
    if (o.until?.(stop)) break;
  }
  if (!pictured.length) return stops;
  const last = await page.evaluateHandle(() => document.activeElement);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const p of pictured) {
    const unfocused = await around(page, p.element);
    expect(unfocused && !unfocused.equals(p.focused), `focus visible on "${p.stop.name}" (${p.stop.tag})`).toBe(true);
  }
  await page.evaluate((e) => (e as HTMLElement | null)?.focus(), last);
  return stops;
}

/**
 * Moves that go against reading order (top to bottom, left to right within a row): back left on
 * the same row, or up the page without moving into a column further right.
 */
export function outOfReadingOrder(stops: readonly Stop[]): string[] {
  const problems: string[] = [];
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [stops[i - 1], stops[i]];
    const sameRow = b.y < a.y + a.h && a.y < b.y + b.h;
    const backLeft = sameRow && b.x + b.w <= a.x;
    const up = !sameRow && b.y + b.h <= a.y && b.x < a.x + a.w;
    if (backLeft || up) problems.push(`"${a.name}" (${a.x},${a.y}) then "${b.name}" (${b.x},${b.y})`);
  }
  return problems;
}

/** Starts noting every element that takes the focus, for `unreached`. */
export async function noteFocus(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __focused?: Set<EventTarget> };
    w.__focused = new Set();
    document.addEventListener('focusin', (e) => { if (e.target) w.__focused!.add(e.target); });
  });
}

/**
 * The controls of the page's content a keyboard user can see but has not reached since
 * `noteFocus`: links, buttons, inputs and the selected tab that are shown and enabled (a data grid
 * is one stop, moved through with the arrow keys, so its cells are not counted).
 */
export async function unreached(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = (window as unknown as { __focused: Set<EventTarget> }).__focused;
    const controls = document.querySelectorAll<HTMLElement>('#main-content :is(a[href], button, input, textarea, select, [role="tab"][aria-selected="true"], [tabindex="0"])');
    return [...controls]
      .filter((e) => !e.closest('.MuiDataGrid-root, [aria-hidden="true"], [inert]') && e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled)
      .filter((e) => (e as HTMLInputElement).type !== 'hidden' && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .filter((e) => !seen.has(e))
      .map((e) => (e.getAttribute('aria-label') || (e as HTMLInputElement).labels?.[0]?.textContent || e.textContent || e.outerHTML.slice(0, 80)).trim());
  });
}
