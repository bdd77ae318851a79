// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ssoResult } from '../../src/pages/auth/sso';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;
const answer = (params: Record<string, string>) => ({ hash: `#${new URLSearchParams(params)}`, search: '' });

describe('reading the provider answer', () => {
  beforeEach(() => sessionStorage.setItem('sso.pending', JSON.stringify({ provider: 'acme', nonce: 'n-1', attempt: 'secret-1', next: '/user/' })));

  it('accepts an ID token carrying this browser nonce, once', () => {
    const token = jwt({ nonce: 'n-1', sub: 'x' });
    expect(ssoResult(answer({ id_token: token, state: 'n-1' }))).toEqual({ provider: 'acme', token, attempt: 'secret-1', next: '/user/' });
    expect(ssoResult(answer({ id_token: token, state: 'n-1' }))).toHaveProperty('error');
  });
  it('refuses a token issued for another nonce or state', () => {
    expect(ssoResult(answer({ id_token: jwt({ nonce: 'other' }), state: 'n-1' }))).toEqual({ error: 'The sign-on answer does not match this browser session.' });
    expect(ssoResult(answer({ id_token: jwt({ nonce: 'n-1' }), state: 'other' }))).toEqual({ error: 'The sign-on answer does not match this browser session.' });
  });
  it('refuses an answer when this browser started no attempt', () => {
    sessionStorage.setItem('sso.pending', JSON.stringify({ provider: 'acme', nonce: 'n-1', next: '/user/' }));
    expect(ssoResult(answer({ id_token: jwt({ nonce: 'n-1' }), state: 'n-1' }))).toHaveProperty('error');
  });
  it('passes the provider error on', () => {
    expect(ssoResult(answer({ error: 'access_denied', error_description: 'Cancelled.' }))).toEqual({ error: 'Cancelled.' });
  });
});
