/**
 * End-to-end tests in Debian's Chromium against the real server on a fresh embedded database.
 * `npx tsx server/cli/start.ts` builds the browser app first when its sources changed.
 * E2E_BASE_URL points the tests at an already running server instead (no web server started).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { idpProviderSetting } from './e2e/support/oidc-idp';
import { MAIL_PORT } from './e2e/support/mail-sink';

// E2E_PORT and E2E_DIST_DIR (where the browser app is built) let two suites run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 8765);
const external = process.env.E2E_BASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));

export default defineConfig({
  testDir: 'e2e',
  // The app's mails go to a local mail server the tests read (e2e/support/mail-sink.ts).
  globalSetup: './e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: external ? undefined : {
    // The local identity provider of e2e/support is configured as the single sign-on provider `acme`.
    // The suite signs in from one address far more often than a site's people do: the sign-in
    // limits are lifted here (the throttle has its own API tests, tests/api/login-throttle.test.ts).
    command: `LOGIN_LIMIT_PER_ADDRESS=100000 LOGIN_LIMIT_PER_EMAIL=10000 LOGIN_LIMIT_PER_EMAIL_ADDRESS=10000 DATA_DIR=${dataDir} PORT=${PORT}${process.env.E2E_DIST_DIR ? ` DIST_DIR=${process.env.E2E_DIST_DIR}` : ''} OIDC_PROVIDERS='${idpProviderSetting()}' SMTP_URL=smtp://127.0.0.1:${MAIL_PORT} npx tsx server/cli/start.ts`,
    url: `http://localhost:${PORT}/auth/login/`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
