/**
 * Tables the platform needs that are not resources: tokens, login throttling, password reset,
 * the mail outbox, uploaded files, social sign-on links and attempts, dismissed popups, the transition log,
 * background jobs and the ticket mail counts.
 * An area's own tables live with the area's name (terminal-tables.ts).
 */
import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** API tokens: only the SHA-256 of the key is stored. */
export const authToken = pgTable('auth_token', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  key_hash: varchar('key_hash', { length: 64 }).notNull().unique(),
  user_id: integer('user_id').notNull(),
  name: varchar('name', { length: 100 }).notNull().default('login'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [index('auth_token_user_idx').on(t.user_id)]);

/** Failed-login counters per address and per email, shared by every server process. */
export const loginAttempt = pgTable('login_attempt', {
  key: varchar('key', { length: 300 }).primaryKey(),
  count: integer('count').notNull(),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
});

/** Single-use password reset tokens (hashed), with expiry. */
export const passwordReset = pgTable('password_reset', {
  token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
  user_id: integer('user_id').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
});

/**
 * The link of a sent invitation (docs/partners.md, Invitations): its token stored hashed, as a
 * password reset's; sending again replaces it, so only the newest link works.
 */
export const invitationToken = pgTable('invitation_token', {
  token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
  invitation_id: integer('invitation_id').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('invitation_token_invitation').on(t.invitation_id)]);

/** Every mail the platform sends is kept here; with SMTP configured it is also delivered. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  attachments: jsonb('attachments').notNull().default([]),
  status: varchar('status', { length: 20 }).notNull().default('kept'),
  error: text('error'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded files; content checked by magic bytes before it is stored. */
export const storedFile = pgTable('stored_file', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 255 }).notNull(),
  content_type: varchar('content_type', { length: 100 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  data: bytea('data').notNull(),
  company_id: integer('company_id'),
  uploaded_by: integer('uploaded_by'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A social / work-account identity linked to a user. */
export const socialAccount = pgTable('social_account', {
  provider: varchar('provider', { length: 50 }).notNull(),
  subject: varchar('subject', { length: 255 }).notNull(),
  user_id: integer('user_id').notNull(),
  email: varchar('email', { length: 254 }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_account_user_idx').on(t.user_id)]);

/**
 * A single sign-on attempt (docs/security.md, Single sign-on): the nonce the server issued, which
 * the provider's ID token must carry, kept until the answer comes back once or it expires. The
 * nonce is the SHA-256 of a secret only the browser that started the attempt holds; `user_id` is
 * the signed-in user of an attempt to connect an identity.
 */
export const ssoAttempt = pgTable('sso_attempt', {
  nonce: varchar('nonce', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 50 }).notNull(),
  user_id: integer('user_id'),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sso_attempt_expires_idx').on(t.expires_at)]);

/** Which user has dismissed which popup. */
export const userPopupView = pgTable('user_popup_view', {
  user_id: integer('user_id').notNull(),
  popup_id: integer('popup_id').notNull(),
  viewed_at: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.user_id, t.popup_id] })]);

/**
 * Every move of a declared lifecycle, on every resource that has one: who, when, from, to, and why
 * (the fields the move required, e.g. a void reason). Written in the write's own transaction.
 */
export const recordTransition = pgTable('record_transition', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  resource: varchar('resource', { length: 100 }).notNull(),
  record_id: varchar('record_id', { length: 64 }).notNull(),
  company_id: integer('company_id'),
  field: varchar('field', { length: 60 }).notNull(),
  from_state: varchar('from_state', { length: 60 }),
  to_state: varchar('to_state', { length: 60 }).notNull(),
  reason: text('reason'),
  user_id: integer('user_id'),
  user_label: varchar('user_label', { length: 254 }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('record_transition_record_idx').on(t.resource, t.record_id, t.at)]);

/**
 * Background jobs (bulk ticket prints and mails), shared by every server process: the process that
 * runs a job writes its progress and heartbeat here, any process answers `GET /api/jobs/{id}/`.
 * A zip result is a `stored_file` row owned by the job (deleted with it); a small result is JSON.
 */
export const job = pgTable('job', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: integer('user_id').notNull(),
  company_id: integer('company_id'),
  kind: varchar('kind', { length: 40 }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('running'),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull(),
  result_file_id: uuid('result_file_id'),
  result: jsonb('result'),
  error: text('error'),
  error_body: jsonb('error_body'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Written by the running process with its progress and every few seconds: older than a minute, it died. */
  heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  ended_at: timestamp('ended_at', { withTimezone: true }),
}, (t) => [index('job_user_idx').on(t.user_id, t.status)]);

/** Ticket mails each user reserved (one per recipient), for the hourly limit across every process. */
export const ticketMailSend = pgTable('ticket_mail_send', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  user_id: integer('user_id').notNull(),
  mails: integer('mails').notNull(),
  sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('ticket_mail_send_user_idx').on(t.user_id, t.sent_at)]);

/**
 * Values of the companies' additional fields (docs/audit.md, Additional fields): one row per
 * record and defining company, `{key: value}`. Keyed by the resource's API name and the record's
 * id as text, so every resource, serial or UUID, keeps its values here without a column of its own.
 */
export const additionalValue = pgTable('additional_value', {
  company_id: integer('company_id').notNull(),
  model: varchar('model', { length: 100 }).notNull(),
  object_id: varchar('object_id', { length: 36 }).notNull(),
  values: jsonb('values').notNull().default({}),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.company_id, t.model, t.object_id] }),
  // A deleted record's values are swept by record, whichever company's (server/audit/audit-triggers.ts).
  index('additional_value_record_idx').on(t.model, t.object_id),
]);
