/**
 * A site server on its LAN: the app served over plain HTTP under a name other than localhost
 * (`http://site-server:PORT`, mapped to 127.0.0.1 in Chromium's resolver). With HSTS or the CSP's
 * upgrade-insecure-requests on plain HTTP, Chromium rewrote every script to https:// and the page
 * stayed blank.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const served = new URL(process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 8765}`);
const lan = new URL(served.href);
lan.hostname = 'site-server';

test.use({
  baseURL: lan.origin,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--host-resolver-rules=MAP site-server ${served.hostname === 'localhost' ? '127.0.0.1' : served.hostname}`],
  },
});

test('signs in and shows the home page at http://site-server', async ({ page }, testInfo) => {
  const failed: string[] = [];
  const upgraded: string[] = [];
  // ERR_ABORTED is a fetch cancelled by the navigation after sign-in, not a refused one.
  page.on('requestfailed', (r) => { if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${r.url()} ${r.failure()?.errorText}`); });
  page.on('request', (r) => { if (r.url().startsWith('https:')) upgraded.push(r.url()); });

  const first = await page.goto('/auth/login/');
  expect(first?.status()).toBe(200);
  const headers = await first!.allHeaders();
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

  await signIn(page, 'siteadmin@demo.test');
  await expect(page).toHaveURL(new RegExp(`^${lan.origin}/`));
  await expect(page.getByText(/^Welcome/)).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  expect(upgraded).toEqual([]);
  expect(failed).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('site-server-home.png') });
});
