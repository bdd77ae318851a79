import { expect, test } from '@playwright/test';
import { field, signIn } from './helpers';

test('a save refused because someone else changed the record offers Reload and keeps what was typed', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/party/1');
  await expect(field(page, 'name')).not.toHaveValue('');
  const token = await page.evaluate("localStorage.getItem('token')");
  const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
  const current = await (await page.request.get('/api/party/1/', { headers })).json() as { version: number; city: string | null };

  // Someone else changes the city meanwhile.
  const other = await page.request.patch('/api/party/1/', { headers, data: { id: 1, version: current.version, city: 'Elsewhere' } });
  expect(other.ok()).toBe(true);

  await field(page, 'phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('conflict')).toContainText('Someone else changed this record');
  // The reload reads the record as the other user left it; the form then shows it (two steps, so a
  // failure says which one went wrong).
  const reloaded = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/party/1/');
  await page.getByTestId('conflict').getByRole('button', { name: 'Reload' }).click();
  expect(((await (await reloaded).json()) as { city: string }).city).toBe('Elsewhere');
  await expect(field(page, 'city')).toHaveValue('Elsewhere');
  await expect(field(page, 'phone')).toHaveValue('+1 555 0100');

  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith('/api/party/1/'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const body = (await patch).postDataJSON() as Record<string, unknown>;
  expect(body.phone).toBe('+1 555 0100');
  expect(body.city).toBeUndefined();
  await expect(page).toHaveURL(/\/config\/parties\/$/);
});
