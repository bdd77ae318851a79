/**
 * The rail yard as its users meet it (docs/yard.md, Screens): a dispatcher drags a cut of cars onto
 * a track too short for it and is refused in words, drags a shorter cut there and the plan is
 * saved; he makes the switch list, whose printed PDF names the move; an operator on a phone marks
 * the move done, and the actual layout is then the plan. The yards page shows the occupancy; the
 * driver reaches no yard. Screenshots go to /tmp/yard-shots.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { apiAs, pdfText, signIn } from './helpers';
import { goInApp } from './support/navigate';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/yard-shots';

interface Layout { yard: { layout_version: number }; tracks: { id: number; name: string; actual: number[]; planned: number[] }[]; cars: { id: number; mark_number: string }[] }

/** Drags one element onto another as a person does: press, move a little (the drag starts after 6 px), move over, release. */
async function dragOnto(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

const marksOn = (l: Layout, name: string, scenario: 'actual' | 'planned') =>
  l.tracks.find((t) => t.name === name)![scenario].map((id) => l.cars.find((c) => c.id === id)!.mark_number);

test('a dispatcher plans by dragging (an over-length cut refused), makes and prints the switch list; an operator on a phone works it and the yard is as planned', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const admin = await apiAs(request);
  const stamp = Date.now() % 100_000;
  const [facility] = await admin.get('/api/facility/?code=SCY&page_size=0') as { id: number }[];
  const yard = await admin.post('/api/yard_management/rail_yard/', { facility: facility.id, name: `E2E yard ${stamp}`, length_unit: 'ft', lead_length: '600' }) as { id: number };
  const track = async (name: string, length: string, position: number) => (await admin.post('/api/yard_management/rail_yard_track/', { yard: yard.id, name, length, position }) as { id: number }).id;
  const receiving = await track('Receiving', '400', 0);
  await track('Short spur', '130', 1);
  await track('Storage', '600', 2);
  const cars = [`EYDX ${stamp}1`, `EYDX ${stamp}2`, `EYDX ${stamp}3`];
  await admin.post(`/api/yard_management/rail_yard/${yard.id}/add_cars/`, { car_marks: cars, scenario: 'actual', track: receiving, layout_version: 0 });

  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'dispatcher@demo.test');
  await goInApp(page, `/contract/yard/${yard.id}/management/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E yard ${stamp}`);
  await expect(page.getByRole('tab', { name: /Planned/, selected: true })).toBeVisible();
  const spur = page.getByTestId('track-Short spur');

  // The cut of three (the third car and the two in front of it) is longer than the spur.
  await dragOnto(page, page.getByTestId(`car-${cars[2]}`), spur);
  await expect(page.getByTestId('yard-refusal')).toHaveText('Short spur has 130.00 ft free; the cut is 180.00 ft.');
  // The cut of two fits: the plan is saved at once.
  await dragOnto(page, page.getByTestId(`car-${cars[1]}`), spur);
  await expect(page.getByText('Plan saved: 2 car(s) to Short spur')).toBeVisible();
  await expect(spur.getByTestId(`car-${cars[0]}`)).toBeVisible();
  await expect(page.getByTestId('used-Short spur')).toHaveText('120.00 / 130.00 ft');
  await page.screenshot({ path: `${SHOTS}/yard-plan-1400.png`, fullPage: true });
  let layout = await admin.get(`/api/yard_management/rail_yard/${yard.id}/layout/`) as Layout;
  expect(marksOn(layout, 'Short spur', 'planned')).toEqual([cars[0], cars[1]]);
  expect(marksOn(layout, 'Receiving', 'actual')).toEqual(cars);

  // The switch list: one move, the fewest possible; printed for the crew.
  await page.getByRole('link', { name: 'Switch lists' }).click();
  await expect(page.getByTestId('switch-preview')).toHaveText('From the actual layout to the plan: 1 move, the fewest possible.');
  await page.getByLabel('Notes for the crew').fill('Spot the spur before 19:00');
  await page.getByRole('button', { name: 'Make switch list' }).click();
  const list = page.getByTestId('switch-list-open');
  await expect(list).toContainText('0 of 1 move, the fewest possible done');
  const printed = page.waitForResponse((r) => r.url().includes('/print/'));
  const tab = page.waitForEvent('popup');
  await list.getByRole('button', { name: 'Print' }).click();
  const pdf = await printed;
  expect(pdf.status()).toBe(200);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const text = pdfText(await (await page.request.get(pdf.url(), { headers: { authorization: `Token ${String(token)}` } })).body());
  for (const want of ['SWITCH LIST', 'Spot the spur before 19:00', `Receiving ${cars[0]}, ${cars[1]} Short spur 2`]) expect(text).toContain(want);
  await (await tab).close();

  // The operator works it from a phone: Done executes the move on the actual layout.
  const crew = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(crew, 'operator@demo.test');
  await goInApp(crew, `/contract/yard/${yard.id}/switchLists/`);
  const step = crew.getByTestId('step-1');
  await expect(step).toContainText(`Pull 2 cars from the switch end: ${cars[0]}, ${cars[1]}`);
  expect(await crew.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await crew.screenshot({ path: `${SHOTS}/switch-list-390.png`, fullPage: true });
  await step.getByRole('button', { name: 'Done' }).click();
  await expect(crew.getByText('Move 1 done')).toBeVisible();
  await expect(crew.getByTestId('switch-list-open')).toContainText('1 of 1 move');
  layout = await admin.get(`/api/yard_management/rail_yard/${yard.id}/layout/`) as Layout;
  for (const t of layout.tracks) expect(marksOn(layout, t.name, 'actual')).toEqual(marksOn(layout, t.name, 'planned'));
  // The operator reads the layout but does not plan.
  await goInApp(crew, `/contract/yard/${yard.id}/management/`);
  await expect(crew.getByRole('tab', { name: /Actual/, selected: true })).toBeVisible();
  await crew.getByRole('tab', { name: /Planned/ }).click();
  await expect(crew.getByText('You may read the plan; dispatchers change it.')).toBeVisible();
  await crew.screenshot({ path: `${SHOTS}/yard-390.png`, fullPage: true });

  // The keyboard's way: Enter on a car opens its Move form.
  await page.goto(`/contract/yard/${yard.id}/management/`);
  await page.getByTestId(`car-${cars[2]}`).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: cars[2] });
  await expect(form.getByTestId('yard-car-details')).toContainText('Fleet: not the company\'s');
  await form.getByLabel('To track').click();
  await page.getByRole('option', { name: 'Storage' }).click();
  await form.getByRole('button', { name: 'Move 1 car' }).click();
  await expect(page.getByText('Plan saved: 1 car(s) moved')).toBeVisible();
  layout = await admin.get(`/api/yard_management/rail_yard/${yard.id}/layout/`) as Layout;
  expect(marksOn(layout, 'Storage', 'planned')).toEqual([cars[2]]);
});

test('the yards page shows each yard and track with its occupancy; the driver reaches no yard', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, 'siteadmin@demo.test');
  await goInApp(page, '/company/facilities-railyards/');
  const scotford = page.getByTestId('yard-Scotford Rail Yard');
  await expect(scotford).toContainText('12 tracks');
  await expect(page.getByTestId('occupancy-Scotford Rail Yard-Rack 1')).toContainText('/ 900.00 ft');
  await expect(page.getByRole('button', { name: 'New yard' }).or(page.getByRole('link', { name: 'New yard' }))).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/yards-1400.png`, fullPage: true });
  await scotford.getByRole('link', { name: 'Open yard' }).click();
  await expect(page.getByTestId('track-Rack 1')).toBeVisible();
  await expect(page.getByTestId('scenario-planned').locator('[data-testid^="car-"]')).toHaveCount(148);
  await page.screenshot({ path: `${SHOTS}/scotford-1400.png`, fullPage: true });

  const driver = page;
  await signIn(driver, 'driver@demo.test');
  await goInApp(driver, '/company/facilities-railyards/');
  await expect(driver).toHaveURL(/\/unauthorized\//);
});
