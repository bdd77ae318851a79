/**
 * A company's additional fields as its people meet them (docs/audit.md, Additional fields): a
 * section of the product form, checked before sending and saved with the record; columns of the
 * products table with its cell filters and export; the form on a phone; the driver, who only reads
 * products, sees them on the record page. The fields are removed again, so the other specs find the products as the demo has them.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiAs, field, gridRow, signIn } from './helpers';

const cell = (page: Page, field: string, text: string) =>
  page.locator(`.MuiDataGrid-cell[data-field="${field}"]`).filter({ hasText: new RegExp(`^${text}$`) }).first();

/** Defines the fields, runs the test, and removes the fields and the products it made whatever happens. */
async function withFields(request: APIRequestContext, run: (tag: string) => Promise<void>) {
  const admin = await apiAs(request);
  const tag = String(Date.now() % 1_000_000);
  const made = [];
  for (const body of [
    { model: 'product', name: `pack_${tag}`, label: 'Pack code', kind: 'text', required: true, position: 1 },
    { model: 'product', name: `flash_${tag}`, label: 'Flash point (°C)', kind: 'number', position: 2 },
    { model: 'product', name: `heated_${tag}`, label: 'Heated', kind: 'boolean', position: 3 },
  ]) made.push(await admin.post('/api/additional_fields/', body));
  try {
    await run(tag);
  } finally {
    for (const p of await admin.get(`/api/product/?page_size=0&search=AF ${tag}`)) await admin.remove(`/api/product/${p.id}/`);
    for (const d of made) await admin.remove(`/api/additional_fields/${d.id}/`);
  }
}

test('the site administrator fills the company\'s fields in the product form, sees them as columns, filters on one and exports them', async ({ page, request }) => {
  await withFields(request, async (tag) => {
    const name = `AF ${tag} Bitumen`;
    await signIn(page, 'siteadmin@demo.test');
    await page.goto('/product/create');
    await expect(page.getByRole('heading', { name: 'Additional fields' })).toBeVisible();
    await field(page, 'name').fill(name);
    await field(page, `additional_fields.flash_${tag}`).fill('230.1234567');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Checked before anything is sent: the required one, and the places a number takes.
    await expect(page.getByText('Ensure that there are no more than 6 decimal places.')).toBeVisible();
    await expect(page.getByText('Required')).toBeVisible();
    await field(page, `additional_fields.flash_${tag}`).fill('230.5');
    await field(page, `additional_fields.pack_${tag}`).fill('DRUM-200');
    await page.getByLabel('Heated').check();
    const created = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/product\/$/.test(r.url()));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect((await created).postDataJSON().additional_fields).toEqual({ [`pack_${tag}`]: 'DRUM-200', [`flash_${tag}`]: '230.5', [`heated_${tag}`]: true });
    await expect(page).toHaveURL(/\/config\/products\/$/);

    // The company's fields are columns after the declared ones.
    await page.setViewportSize({ width: 2000, height: 900 });
    await expect(page.getByRole('columnheader', { name: 'Pack code' })).toBeVisible();
    await expect(gridRow(page, name)).toContainText('DRUM-200');
    await expect(gridRow(page, name)).toContainText('230.5');
    await cell(page, `additional_fields.pack_${tag}`, 'DRUM-200').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Include ONLY this' }).click();
    await expect(page.getByText('Pack code: DRUM-200')).toBeVisible();
    await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const text = await (await download).createReadStream().then((s) => new Promise<string>((resolve, reject) => {
      let out = '';
      s.on('data', (c) => { out += c; });
      s.on('end', () => resolve(out));
      s.on('error', reject);
    }));
    const [head, first] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(head).toMatch(/"Pack code","Flash point \(°C\)","Heated"$/);
    expect(first).toMatch(new RegExp(`^"${name}".*"DRUM-200","230.5","Yes"$`));

    // The record opens with its values; a change of one of them alone is saved with the record.
    await gridRow(page, name).getByText(name).click();
    await expect(field(page, `additional_fields.pack_${tag}`)).toHaveValue('DRUM-200');
    await field(page, `additional_fields.pack_${tag}`).fill('IBC-1000');
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/product\/\d+\/$/.test(r.url()));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const body = (await patch).postDataJSON();
    expect(body.additional_fields[`pack_${tag}`]).toBe('IBC-1000');
    expect(body).not.toHaveProperty('name');
    await expect(gridRow(page, name)).toContainText('IBC-1000');
  });
});

test('on a phone the form\'s section fits the screen; the driver, who may read products but not change them, reads the values on the record', async ({ page, request }) => {
  await withFields(request, async (tag) => {
    const admin = await apiAs(request);
    const made = await admin.post('/api/product/', { name: `AF ${tag} Caustic`, additional_fields: { [`pack_${tag}`]: 'TOTE', [`flash_${tag}`]: '-12.5' } });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'siteadmin@demo.test');
    await page.goto(`/product/${made.id}`);
    await expect(field(page, `additional_fields.pack_${tag}`)).toHaveValue('TOTE');
    await expect(field(page, `additional_fields.flash_${tag}`)).toHaveValue('-12.5');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'driver@demo.test');
    await page.goto(`/product/${made.id}/show`);
    await expect(page.getByText('Pack code')).toBeVisible();
    await expect(page.getByText('TOTE', { exact: true })).toBeVisible();
    await expect(page.getByText('-12.5', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
