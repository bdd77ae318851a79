/** Error reporting is off without a DSN, on with the spec's sample rates with one, and a malformed DSN stops the start. */
import { describe, expect, it } from 'vitest';
import * as Sentry from '@sentry/react';
import { loadConfig } from '../../server/config';
import { startErrorReporting } from '../../src/ops/error-reporting';

const answer = (body: unknown, status = 200) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('error reporting settings', () => {
  it('is off unless a DSN is set, and the browser DSN defaults to the server\'s', () => {
    expect(loadConfig({}).errorReporting).toEqual({ dsn: null, browserDsn: null, environment: 'production' });
    const dsn = 'https://abc123@errors.example.com/42';
    expect(loadConfig({ SENTRY_DSN: dsn }).errorReporting).toEqual({ dsn, browserDsn: dsn, environment: 'production' });
    expect(loadConfig({ SENTRY_DSN: dsn, SENTRY_BROWSER_DSN: 'https://def@browser.example.com/43', SENTRY_ENVIRONMENT: 'fort-sask' }).errorReporting)
      .toEqual({ dsn, browserDsn: 'https://def@browser.example.com/43', environment: 'fort-sask' });
  });

  it('refuses to start with a DSN that is not one', () => {
    for (const bad of ['errors.example.com', 'https://errors.example.com/42', 'ftp://k@errors.example.com/1', 'https://k@errors.example.com/project']) {
      expect(() => loadConfig({ SENTRY_DSN: bad }), bad).toThrow(/SENTRY_DSN: .* is not a DSN/);
    }
  });
});

describe('the browser app\'s reporting', () => {
  it('stays off when the server names no DSN, or cannot say', async () => {
    expect(await startErrorReporting(answer({ dsn: null }))).toBe(false);
    expect(await startErrorReporting(answer({ detail: 'down' }, 503))).toBe(false);
    expect(await startErrorReporting(async () => { throw new TypeError('Failed to fetch'); })).toBe(false);
    expect(Sentry.isInitialized()).toBe(false);
  });

  it('starts with the sample rates the server gives: a tenth of traces and sessions, every session with an error', async () => {
    const on = await startErrorReporting(answer({
      dsn: 'https://abc123@errors.example.com/42', environment: 'test', release: 'bulk-logistics@1.2.3',
      tracesSampleRate: 0.1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1,
    }));
    expect(on).toBe(true);
    const options = Sentry.getClient()!.getOptions() as ReturnType<NonNullable<ReturnType<typeof Sentry.getClient>>['getOptions']> & { replaysSessionSampleRate?: number; replaysOnErrorSampleRate?: number };
    expect(options).toMatchObject({ dsn: 'https://abc123@errors.example.com/42', environment: 'test', release: 'bulk-logistics@1.2.3', tracesSampleRate: 0.1, tracePropagationTargets: [] });
    expect(Sentry.getClient()!.getIntegrationByName('Replay')).toBeTruthy();
    expect(options.replaysSessionSampleRate).toBe(0.1);
    expect(options.replaysOnErrorSampleRate).toBe(1);
  });
});
