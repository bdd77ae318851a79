/** A location created from a UWI through the form: name, code and DLS parts derived and saved. */
import { expect, test } from '@playwright/test';
import { field, signIn } from './helpers';

test('create a location from a UWI: derived name and code, DLS parts on the saved record', async ({ page }) => {
  // A unique, valid DLS UWI per run (LSD 1-16, section 1-36, township 1-126).
  const n = Date.now() % 100_000;
  const lsd = (n % 16) + 1;
  const section = (Math.floor(n / 16) % 36) + 1;
  const township = (Math.floor(n / 576) % 126) + 1;
  const pad = (v: number, w: number) => String(v).padStart(w, '0');
  const written = `100/${pad(lsd, 2)}-${pad(section, 2)}-${pad(township, 3)}-09W5/00`;
  const compact = written.replace(/[/-]/g, '');

  await signIn(page, 'admin@demo.test');
  await page.goto('/company/terminalboss/v3/location/');
  await page.getByRole('link', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/company\/terminalboss\/v3\/location-form\/$/);
  await field(page, 'uwi').fill(compact.slice(0, 8));
  await expect(page.getByTestId('uwi-errors')).toContainText('A UWI has 16 characters');
  await field(page, 'uwi').fill(written);
  await expect(page.getByTestId('uwi-parts')).toContainText(written);
  await expect(page.getByTestId('uwi-parts')).toContainText(`LSD: ${pad(lsd, 2)}`);
  await expect(page.getByTestId('uwi-parts')).toContainText('Meridian: W5');
  await page.getByLabel('Use UWI for name and code').check();
  await expect(page.getByTestId('uwi-derived')).toContainText(`Name ${written} and code ${compact}`);
  await expect(field(page, 'name')).toHaveValue(written);
  await expect(field(page, 'code')).toHaveValue(compact);
  await expect(field(page, 'lsd')).toHaveValue(String(lsd));

  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/terminalboss/v3/location/'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const res = await created;
  expect(res.status()).toBe(201);
  const saved = await res.json() as Record<string, unknown>;
  expect(saved).toMatchObject({ name: written, code: compact, uwi: written, format: 'DLS', lsd, section, township, range: 9, meridian: 5, use_uwi_for_name_and_code: true });
  await expect(page).toHaveURL(/\/company\/terminalboss\/v3\/location\/$/);

  // The saved record, opened in its route, shows the derived values.
  await page.goto(`/company/terminalboss/v3/location/${String(saved.id)}/`);
  await expect(field(page, 'name')).toHaveValue(written);
  await expect(field(page, 'code')).toHaveValue(compact);
  await expect(field(page, 'township')).toHaveValue(String(township));
  await expect(field(page, 'meridian')).toHaveValue('5');
  await expect(page.getByTestId('uwi-parts')).toContainText(`DLS location: ${pad(lsd, 2)}-${pad(section, 2)}-${pad(township, 3)}-09W5`);
});
