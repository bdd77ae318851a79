/** Configuration from the environment (documented in README.md). */
import { resolve } from 'node:path';
import { type FetchRules, parseCidr } from './http/outbound-fetch';

export interface OidcProvider {
  /** The issuer URL; `{issuer}/.well-known/openid-configuration` gives the JWKS location. */
  issuer: string;
  /** The client id that tokens must be issued to (`aud`). */
  audience: string;
  /** Optional explicit JWKS URL (skips discovery). */
  jwksUri?: string;
  /** Label on the sign-in button. */
  label?: string;
  /**
   * The provider owns the email addresses of `emailDomains` (docs/security.md, Single sign-on): a
   * first sign-on may link to the user with that email even without `email_verified: true` (a
   * Microsoft Entra ID tenant's tokens carry none). Only for a tenant's own issuer, never a
   * multi-tenant one, and only with the domains named.
   */
  trustEmail?: boolean;
  emailDomains?: string[];
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Where links in mails point (the SPA). */
  publicUrl: string;
  /**
   * PUBLIC_URL was set: API links (`next`/`previous`) are absolute from it. Unset, they are relative,
   * since the Host header is the client's word and must never end up in a link.
   */
  publicUrlConfigured: boolean;
  /** Host names the server answers to (ALLOWED_HOSTS); null = any host (a site server on its LAN). */
  allowedHosts: string[] | null;
  /** TRUST_PROXY=1: X-Forwarded-For/-Proto/-Host from the reverse proxy are believed. */
  trustProxy: boolean;
  /** AUDIT_REQUEST_DAYS: how long the request log keeps a request (days, default 90); record changes are kept. */
  auditRequestDays: number;
  /** Outbound fetches for clients (`user/cors_anywhere/`, server/http/outbound-fetch.ts): FETCH_ALLOWED_HOSTS, FETCH_ALLOWED_NETWORKS, FETCH_MAX_BYTES, FETCH_TIMEOUT_MS. */
  fetch: FetchRules;
  /** CERTIFICATE_SWEEP_MINUTES: how often certificates due to expire are announced (default 60; 0 = never, as the API tests run). */
  certificateSweepMinutes: number;
  /** REPORT_MAIL_SECONDS: how often scheduled reports due are mailed (default 60; 0 = never, as the API tests run). */
  reportMailSeconds: number;
  /** COMPRESSION=0 turns off answer compression (e.g. when the proxy in front compresses). */
  compression: boolean;
  mail: { smtpUrl?: string; from: string };
  oidc: Record<string, OidcProvider>;
  /**
   * Error reporting to a Sentry-compatible service (server/ops/error-reporting.ts): SENTRY_DSN for the
   * server, SENTRY_BROWSER_DSN for the browser app (default: the same), SENTRY_ENVIRONMENT
   * (default `production`). Off when no DSN is set.
   */
  errorReporting: { dsn: string | null; browserDsn: string | null; environment: string };
  /** Sign-in throttling (server/auth/login-throttle.ts); counts are per window. */
  throttle: {
    /** One (email, address) pair: the attacker's own address is stopped here. */
    perEmailAddress: number;
    /** One email from every address: the ceiling on a distributed guess (not applied to addresses the user signed in from). */
    perEmail: number;
    /** One address, whatever the emails. */
    perAddress: number;
    windowSeconds: number;
    /** Attempts of a pair answered at once; each further one waits delayMs, then twice as long each time. */
    delayAfter: number;
    delayMs: number;
  };
  passwordResetHours: number;
  /** Days a partner invitation's link works (docs/partners.md); sending again makes a new link. */
  invitationDays: number;
  bodyLimitBytes: number;
  uploadLimitBytes: number;
  /** Bytes a user may upload to POST /api/files/ per 24 hours that are not attached to a record yet (0 = no quota). */
  uploadQuotaBytes: number;
  /** Ticket mails (one per recipient) a user may send per hour through email_multiple (0 = none). */
  ticketMailsPerHour: number;
  statementTimeoutMs: number;
  /** Paged lists count exactly up to this many rows and estimate beyond (0 = always exact). */
  listExactCountLimit: number;
  /** Past that cap, lists count exactly when it takes at most this many milliseconds, else estimate (0 = always estimate). */
  listCountBudgetMs: number;
  /** A page ordered by a reference is read as a walk in label order once this many rows match (engine/ref-walk.ts). */
  listWalkMinRows: number;
  logLevel: string;
}

/** Issuers any tenant's users sign in through (Microsoft's common, organizations and consumers endpoints, or a {tenantid} template). */
const MULTI_TENANT_ISSUER = /\/(common|organizations|consumers)(\/|$)|\{tenantid\}/i;

function parseProviders(raw: string | undefined): Record<string, OidcProvider> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as Record<string, OidcProvider>;
    for (const [name, p] of Object.entries(parsed)) {
      if (!p.issuer || !p.audience) throw new Error(`provider ${name} needs issuer and audience`);
      if (p.trustEmail) {
        if (!Array.isArray(p.emailDomains) || !p.emailDomains.length || p.emailDomains.some((d) => typeof d !== 'string' || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(d))) {
          throw new Error(`provider ${name}: trustEmail needs emailDomains, the domains the provider owns (e.g. ["example.com"])`);
        }
        if (MULTI_TENANT_ISSUER.test(p.issuer)) throw new Error(`provider ${name}: trustEmail needs the tenant's own issuer, not a multi-tenant one (${p.issuer})`);
        p.emailDomains = p.emailDomains.map((d) => d.toLowerCase());
      }
    }
    return parsed;
  } catch (e) {
    throw new Error(`OIDC_PROVIDERS is not valid: ${(e as Error).message}`, { cause: e });
  }
}

/** `site-a.example.com, .example.org` -> lower-case names; `.x` matches x and its subdomains, `*` any. */
function parseHosts(raw: string | undefined): string[] | null {
  const hosts = (raw ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
  return hosts.length ? hosts : null;
}

/** `10.20.0.0/16, 192.168.5.7` -> CIDR networks; a wrong one stops the start with its reason. */
function parseNetworks(raw: string | undefined): string[] {
  const nets = (raw ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  for (const n of nets) if (!parseCidr(n)) throw new Error(`FETCH_ALLOWED_NETWORKS: "${n}" is not an address or a network (10.20.0.0/16).`);
  return nets;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    allowedHosts: parseHosts(env.ALLOWED_HOSTS),
    trustProxy: env.TRUST_PROXY === '1',
    compression: env.COMPRESSION !== '0',
    auditRequestDays: Math.max(1, Math.floor(Number(env.AUDIT_REQUEST_DAYS ?? 90)) || 90),
    fetch: {
      hosts: parseHosts(env.FETCH_ALLOWED_HOSTS),
      networks: parseNetworks(env.FETCH_ALLOWED_NETWORKS),
      maxBytes: Math.max(1, Number(env.FETCH_MAX_BYTES ?? 5 * 1024 * 1024) || 0),
      timeoutMs: Math.max(100, Number(env.FETCH_TIMEOUT_MS ?? 10_000) || 0),
    },
    certificateSweepMinutes: Math.max(0, Math.floor(Number(env.CERTIFICATE_SWEEP_MINUTES ?? 60)) || 0),
    reportMailSeconds: Math.max(0, Math.floor(Number(env.REPORT_MAIL_SECONDS ?? 60)) || 0),
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM ?? 'Bulk Logistics <no-reply@localhost>' },
    oidc: parseProviders(env.OIDC_PROVIDERS),
    errorReporting: {
      dsn: parseDsn('SENTRY_DSN', env.SENTRY_DSN),
      browserDsn: parseDsn('SENTRY_BROWSER_DSN', env.SENTRY_BROWSER_DSN ?? env.SENTRY_DSN),
      environment: env.SENTRY_ENVIRONMENT || 'production',
    },
    throttle: {
      perEmailAddress: Number(env.LOGIN_LIMIT_PER_EMAIL_ADDRESS ?? 10),
      perEmail: Number(env.LOGIN_LIMIT_PER_EMAIL ?? 100),
      perAddress: Number(env.LOGIN_LIMIT_PER_ADDRESS ?? 50),
      windowSeconds: Number(env.LOGIN_LIMIT_WINDOW_SECONDS ?? 900),
      delayAfter: Number(env.LOGIN_DELAY_AFTER ?? 5),
      delayMs: Number(env.LOGIN_DELAY_MS ?? 1000),
    },
    passwordResetHours: Number(env.PASSWORD_RESET_HOURS ?? 2),
    invitationDays: Number(env.INVITATION_DAYS ?? 14),
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 1024 * 1024),
    uploadLimitBytes: Number(env.UPLOAD_LIMIT_BYTES ?? 20 * 1024 * 1024),
    uploadQuotaBytes: Math.max(0, Number(env.UPLOAD_QUOTA_BYTES ?? 200 * 1024 * 1024) || 0),
    ticketMailsPerHour: Math.max(0, Math.floor(Number(env.TICKET_MAILS_PER_HOUR ?? 60)) || 0),
    statementTimeoutMs: Number(env.STATEMENT_TIMEOUT_MS ?? 30_000),
    listExactCountLimit: Math.max(0, Math.floor(Number(env.LIST_EXACT_COUNT_LIMIT ?? 1_000)) || 0),
    listCountBudgetMs: Math.max(0, Number(env.LIST_COUNT_BUDGET_MS ?? 25) || 0),
    listWalkMinRows: Math.max(0, Math.floor(Number(env.LIST_WALK_MIN_ROWS ?? 10_000)) || 0),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

/** A DSN is `https://{public key}@{host}/{project}`: a malformed one stops the start, rather than silently reporting nothing. */
function parseDsn(name: string, value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try { url = new URL(value); } catch { throw new Error(`${name}: "${value}" is not a DSN (https://key@host/project).`); }
  if (!/^https?:$/.test(url.protocol) || !url.username || !/\/\d+$/.test(url.pathname)) throw new Error(`${name}: "${value}" is not a DSN (https://key@host/project).`);
  return value;
}
