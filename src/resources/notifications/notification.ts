/**
 * In-app notifications (docs/notifications.md): what the server tells one user, raised by the areas
 * through one function (server/notify/raise.ts) and optionally also mailed. Personal rows: every
 * signed-in user reads his own and nobody, an administrator neither, reads another's. Only the
 * server writes them; a user marks his own read. Not in the audit trail (a message, not a record
 * of the business: server-written resources get no audit triggers).
 */
import { defineResource } from '../define';
import { bool, choice, datetime, longText, ref, text } from '../fields';
import { int, obj, oneOfChoices, str } from '../answers';
import { NOTE_TYPES } from '../schedule/common';
import { scheduleLocation } from '../schedule/location';

/** What a notification is about: the areas that raise them (docs/notifications.md, Kinds). */
export const NOTIFICATION_KINDS = [
  ['booking', 'Booking'],
  ['nomination', 'Nomination'],
  ['invitation', 'Invitation'],
  ['certificate', 'Certificate'],
  ['report', 'Report'],
  ['message', 'Message'],
] as const;

/** How bad: an `alert` asks the user to act (a certificate expired, a report failed). */
export const NOTIFICATION_LEVELS = [['info', 'Information'], ['warning', 'Warning'], ['alert', 'Action needed']] as const;

export const notification = defineResource({
  name: 'notification',
  label: 'Notification',
  perms: { app: 'notifications', model: 'notification' },
  tenant: 'company',
  own: { path: ['user'], personal: true },
  readOnly: true,
  screen: { at: 'user', slug: 'notifications', label: 'Notifications', detail: false },
  fields: {
    user: ref('user', { label: 'For', required: true, onDelete: 'cascade', readOnly: true }),
    kind: choice(NOTIFICATION_KINDS, { label: 'About', readOnly: true }),
    level: choice(NOTIFICATION_LEVELS, { label: 'Level', default: 'info', readOnly: true }),
    title: text({ max: 200, label: 'Title', readOnly: true }),
    body: longText({ label: 'Message', readOnly: true }),
    /** The app page it is about (a path of the route table, `/…`), opened when the user clicks it. */
    link: text({ max: 500, label: 'Page', readOnly: true }),
    read_at: datetime({ label: 'Read', readOnly: true }),
    mailed: bool({ label: 'Mailed', default: false, readOnly: true }),
    /**
     * What it announces, once: a second raise with the same key for the same user adds nothing
     * (a certificate's expiry announced by every server process's sweep is announced once).
     */
    key: text({ max: 200, label: 'Key', readOnly: true, filterable: false }),
  },
  labelFields: [['title']],
  list: {
    columns: ['created_at', 'kind', 'level', 'title', 'read_at'],
    search: ['title'],
    // Newest first, and stable among those raised in one transaction (one created_at).
    ordering: ['-id'],
    compact: ['created_at', 'title'],
  },
  unique: [['user', 'key']],
  indexes: [['user', 'read_at'], ['user', 'created_at']],
  actions: {
    unread_count: {
      on: 'collection', method: 'GET', permission: 'authenticated', label: 'Unread', result: 'object',
      answer: obj({ count: int('Unread notifications of the caller in the current company.') }),
    },
    mark_read: { on: 'detail', method: 'POST', permission: 'authenticated', label: 'Mark as read', result: 'record' },
    mark_all_read: {
      on: 'collection', method: 'POST', permission: 'authenticated', label: 'Mark all as read', result: 'object',
      answer: obj({ marked: int('How many were unread.') }),
    },
    // The spec's place for the kinds of mail a schedule location sends (its `note_types/` too).
    note_types: {
      on: 'collection', method: 'GET', permission: 'view', of: scheduleLocation, label: 'Notification types', result: 'list',
      answer: obj({ value: oneOfChoices(NOTE_TYPES), label: str() }),
    },
  },
});
