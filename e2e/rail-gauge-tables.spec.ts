/**
 * Gauge tables on screen (docs/loading.md, The gauge table page; Importing a table): a car with a
 * table of its own shows it, with the volume at a reading and a reading off the table refused; a
 * car without one offers the import; the CSV's bad row is shown before anything is sent, the fixed
 * file is saved and the car finds it; at 390 px the parts stack; the driver reaches no gauge table.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/ship-shots';

/** An outage table every 2 in of a 30,000 gal car; `bad` puts row 4's volume above row 3's. */
const csv = (bad: boolean) => ['Outage (in),Volume (US gal)', '0,"30,000.00"', '2,29640', '4,29210', `6,${bad ? '29500' : '28730'}`, '8,28200', ''].join('\n');

test('a car\'s own table: the volume at a reading, and a reading off the table refused', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/rail/gaugeTableView/');
  await page.getByRole('textbox', { name: 'Reporting mark' }).fill('tilx');
  await page.getByRole('textbox', { name: 'Car number' }).fill('300112');
  await page.getByRole('button', { name: 'Find table' }).click();
  await expect(page).toHaveURL(/\?mark=TILX&number=300112$/);
  const view = page.getByTestId('gauge-table-view');
  await expect(view.getByRole('heading', { name: 'TILX 300112' })).toBeVisible();
  await expect(view.getByText("The car's own table")).toBeVisible();
  await expect(view.getByTestId('gauge-chart')).toBeVisible();
  // 12.5 cm lies halfway between the 10 cm and 15 cm rows.
  const rows = view.getByTestId('gauge-rows');
  const at = async (cm: string) => Number((await rows.getByRole('row').filter({ has: page.getByRole('cell', { name: cm, exact: true }) }).getByRole('cell').nth(1).textContent())!.replace(/,/g, ''));
  const expected = ((await at('10.0')) + (await at('15.0'))) / 2;
  await view.getByLabel('Innage read (cm)').fill('12.5');
  await expect(view.getByTestId('gauge-volume')).toHaveText(`${expected.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} L`);
  await view.getByLabel('Innage read (cm)').fill('400');
  await expect(view.getByTestId('gauge-volume-error')).toContainText('An innage of 400.0 cm is outside this gauge table, which reads from 0.0 cm to');
  await page.screenshot({ path: `${SHOTS}/gauge-table-1400.png`, fullPage: true });
});

test('import a car\'s table: the bad row shown before sending, the fixed file saved and found', async ({ page }) => {
  const number = String(100000 + (Date.now() % 800000));
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto(`/rail/gaugeTableView/?mark=ZZGX&number=${number}`);
  await expect(page.getByTestId('gauge-none')).toContainText(`ZZGX ${number} has no gauge table`);
  await page.getByRole('button', { name: 'Import its table' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(`ZZGX ${number}`);
  await dialog.getByTestId('gauge-file').setInputFiles({ name: 'owner-table.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(true)) });
  await expect(dialog.getByTestId('gauge-import-problems')).toHaveText("Row 4 (line 5): the volume 29,500.00 gal is not less than row 3's 29,210.00 gal; in an outage table the volume falls as the outage grows.");
  await expect(dialog.getByRole('button', { name: 'Save table' })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/gauge-import-bad-1400.png` });

  await dialog.getByTestId('gauge-file').setInputFiles({ name: 'owner-table.csv', mimeType: 'text/csv', buffer: Buffer.from(csv(false)) });
  await expect(dialog.getByTestId('gauge-import-problems')).toHaveCount(0);
  await expect(dialog.getByText('5 rows read')).toBeVisible();
  await dialog.getByLabel('Source').fill('Owner certificate 7');
  await dialog.getByRole('button', { name: 'Save table' }).click();
  await expect(dialog).toHaveCount(0);
  const view = page.getByTestId('gauge-table-view');
  await expect(view.getByRole('heading', { name: `ZZGX ${number}` })).toBeVisible();
  await expect(view.getByText('Owner certificate 7')).toBeVisible();

  // The car now finds its own table.
  await page.goto(`/rail/gaugeTableView/?mark=ZZGX&number=${number}`);
  await expect(view.getByText("The car's own table")).toBeVisible();
  await view.getByLabel('Outage read (in)').fill('3');
  await expect(view.getByTestId('gauge-volume')).toHaveText('29,425.00 US gal');
});

test('at 390 px the parts stack and the reading still answers; the driver reaches no gauge table', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'operator@demo.test');
  await page.goto('/rail/gaugeTableView/?mark=TILX&number=300112');
  const view = page.getByTestId('gauge-table-view');
  await view.getByLabel('Innage read (cm)').fill('100');
  await expect(view.getByTestId('gauge-volume')).toHaveText(/^[\d,]+\.\d L$/);
  // The operator reads tables but adds none.
  await expect(page.getByRole('button', { name: 'Import a table' })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/gauge-table-390.png`, fullPage: true });

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'driver@demo.test');
  await page.goto('/rail/gaugeTableView/');
  await expect(page.getByTestId('gauge-table-view')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Reporting mark' })).toHaveCount(0);
});

test('the gauge tool: a car and a product give the permitted filling, the rule that governs and the reading to fill to', async ({ page, request }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page, 'dispatcher@demo.test');
  await page.goto('/rail/gaugeTool/');
  await page.locator('input[name="car_mark"]').fill('TILX');
  await page.locator('input[name="car_number"]').fill('300112');
  await page.getByTestId('ref-product').fill('Crude');
  await page.getByRole('option', { name: /Petroleum Crude Oil/ }).first().click();
  // The product's relative density fills the empty field.
  await expect(page.locator('input[name="relative_density"]')).toHaveValue('0.8700');
  await page.locator('input[name="temperature_min"]').fill('-20');
  await page.getByRole('button', { name: 'Work it out' }).click();
  const result = page.getByTestId('filling-result');
  await expect(result).toBeVisible();

  // The same question to the API: the screen shows its answer.
  const login = await request.post('/api/auth/login/', { data: { email: 'dispatcher@demo.test', password: 'demo12345' } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  const products = await (await request.get('/api/product/?code=CRUDE', { headers })).json() as { results: { id: number }[] };
  const answer = await (await request.post('/api/rail_car_gauge_table/get_max_permitted_filling/', { headers, data: {
    unit: 'gal', car_mark: 'TILX', car_number: 300112, product: products.results[0].id, relative_density: '0.8700',
    temperature_min: '-20', temperature_max: '40', target_temp: '15', safety_margin: '0', insulation: 'none', closure: 'vented',
  } })).json() as { percent: string; permitted_volume: string; gauge: { reading: string } };
  await expect(result.getByTestId('filling-percent')).toHaveText(`${answer.percent} %`);
  await expect(result.getByTestId('filling-volume')).toHaveText(`${Number(answer.permitted_volume).toLocaleString('en-US', { minimumFractionDigits: 2 })} US gal`);
  await expect(result.getByTestId('filling-reading')).toHaveText(`${answer.gauge.reading} cm`);
  await expect(result.getByText(/^Governed by 49 CFR 173\.24b\(a\)\(1\), 1 % outage at 46 °C$/)).toBeVisible();
  await expect(result.getByText(/^α = \(d15 − d50\)/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/gauge-tool-1400.png`, fullPage: true });

  // A loading temperature above the highest expected one lands on its field.
  await page.locator('input[name="target_temp"]').fill('45');
  await page.getByRole('button', { name: 'Work it out' }).click();
  await expect(page.getByText('The loading temperature is above the highest expected temperature.')).toBeVisible();
});
