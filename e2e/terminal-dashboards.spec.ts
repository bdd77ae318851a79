/**
 * The terminal dashboards (docs/terminal.md, Terminal dashboards) over the demo terminal: the v3
 * dashboard's loads, product chart and today's limits, the overview's allocation performance, and
 * the tank volumes chart, each at 1400 px for a site administrator and at 390 px for an operator;
 * a driver's menu offers none of them.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const pages = [
  { path: '/company/terminalboss/v3/dashboard/', parts: ['loads-widget', 'product-transferred', 'limits-today'] },
  { path: '/company/terminalboss/overview/', parts: ['allocation-performance', 'product-transferred', 'loads-widget'] },
  { path: '/company/terminalboss/v3/dashboard/containervolumewidget/', parts: ['container-volumes'] },
];

for (const [who, width] of [['siteadmin@demo.test', 1400], ['operator@demo.test', 390]] as const) {
  test(`the terminal dashboards draw their charts for ${who.split('@')[0]} at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, who);
    for (const p of pages) {
      await page.goto(p.path);
      // Other suites add sites of their own: the tank chart shows the demo's.
      if (p.parts[0] === 'container-volumes') {
        await page.getByRole('combobox', { name: 'Site' }).click();
        await page.getByRole('option', { name: 'Fort Saskatchewan Terminal' }).click();
      }
      for (const part of p.parts) await expect(page.getByTestId(part), `${p.path} ${part}`).toBeVisible({ timeout: 20_000 });
      // Every chart is drawn (an SVG with bars), and nothing is wider than the window.
      for (const part of p.parts.filter((x) => x !== 'limits-today')) {
        await expect(page.getByTestId(part).locator('svg').first(), `${p.path} ${part}`).toBeVisible();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), p.path).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/dashboard-${p.parts[0]}-${width}.png`, fullPage: true });
    }
    // The demo's active limits have a period today; its allocations are performing.
    await page.goto(pages[0].path);
    await expect(page.getByTestId('limits-today').getByTestId('limit-gauge').first()).toBeVisible();
    await page.goto(pages[1].path);
    await expect(page.getByTestId('allocation-performance').locator('tbody tr').first()).toBeVisible();
  });
}

test('a driver is offered none of the dashboards', async ({ page }) => {
  await signIn(page, 'driver@demo.test');
  await expect(page.getByTestId('menu-/company/terminalboss/v3/dashboard/')).toHaveCount(0);
  await expect(page.getByTestId('menu-/company/terminalboss/overview/')).toHaveCount(0);
  await page.goto('/company/terminalboss/overview/');
  await expect(page.getByTestId('allocation-performance')).toHaveCount(0);
});
