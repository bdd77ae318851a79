import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Page, expect } from '@playwright/test';

export const PASSWORD = 'demo12345';

/** The API as a demo user (the site administrator by default): GET answers JSON, POST and PATCH must succeed. */
export async function apiAs(request: APIRequestContext, email = 'siteadmin@demo.test', password = PASSWORD) {
  const login = await request.post('/api/auth/login/', { data: { email, password } });
  const headers = { authorization: `Token ${(await login.json()).key as string}` };
  return {
    get: async (path: string) => (await request.get(path, { headers })).json(),
    /** A file answer's bytes (a printed bill of lading). */
    bytes: async (path: string) => {
      const res = await request.get(path, { headers });
      expect(res.status(), path).toBe(200);
      return res.body();
    },
    post: async (path: string, data: unknown) => {
      const res = await request.post(path, { headers, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    },
    patch: async (path: string, data: unknown) => {
      const res = await request.patch(path, { headers, data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
      return res.json();
    },
    /** Deletes a record the test made, at its current version, so later specs find the demo as it was. */
    remove: async (path: string) => {
      const current = await (await request.get(path, { headers })).json();
      const res = await request.delete(path, { headers, data: { version: current.version } });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(204);
    },
  };
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/login/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/^Welcome/)).toBeVisible();
}

/** The data grid renders rows lazily; find the row of a cell text. */
export const gridRow = (page: Page, text: string) => page.locator('.MuiDataGrid-row', { hasText: text });

/** A form input by its field name (labels carry a * when required). */
export const field = (page: Page, name: string) => page.locator(`input[name="${name}"], textarea[name="${name}"]`).first();

/** Saves the table's current filters under `name` (Table settings, Save Filter). */
export async function saveFilter(page: Page, name: string) {
  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByRole('menuitem', { name: 'Save Filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter filter name:' });
  await dialog.getByLabel('Filter name').fill(name);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Filter saved')).toBeVisible();
}

/** Applies the saved filter `name` (Table settings, Saved Filters). */
export async function applySavedFilter(page: Page, name: string) {
  await page.getByRole('button', { name: 'Table settings' }).click();
  await page.getByRole('menuitem', { name: 'Saved Filters' }).click();
  await page.getByRole('menuitem', { name }).click();
}

/** A PDF's text as poppler's pdftotext lays it out, its runs of white space made one space. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pdf-'));
  writeFileSync(join(dir, 'doc.pdf'), pdf);
  execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), join(dir, 'doc.txt')]);
  return readFileSync(join(dir, 'doc.txt'), 'utf8').replace(/\s+/g, ' ');
}
