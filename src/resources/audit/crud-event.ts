/**
 * The audit trail of record changes (docs/audit.md): one entry per row the server created, changed
 * or deleted, written by the database itself in the write's transaction (server/audit/), so no
 * write of a declared resource goes unrecorded and a write that rolls back leaves none. Only the
 * server writes entries: the API lists and reads them. An entry keeps the ids of the company, user
 * and record it names without a foreign key, so it outlives them and never blocks their delete.
 */
import { defineResource } from '../define';
import { choice, integer, json, ref, text } from '../fields';
import { AUDIT_CODES, RECORD_HISTORY, auditScreen } from './common';
import { EVENT_TYPES, PAGE_OF_ENTRIES, READABLE_ENTRY } from './answers';


export const crudEvent = defineResource({
  name: 'audit/crud',
  label: 'Change',
  pluralLabel: 'Changes',
  perms: { app: 'easyaudit', model: 'crudevent' },
  tenant: 'company',
  readOnly: true,
  screen: auditScreen('changes', 'Record changes', 'config/audit/changes/:entryId/'),
  fields: {
    company: ref('company', { label: 'Company', foreignKey: false, readOnly: true }),
    event_type: choice(EVENT_TYPES, { label: 'Change', readOnly: true }),
    model: text({ max: 100, label: 'Record type', readOnly: true }),
    object_id: text({ max: 64, label: 'Record', readOnly: true }),
    /** `{column: [before, after]}`: the columns a change touched, all of a created or deleted row; secrets never. */
    changes: json({ readOnly: true }),
    user: ref('user', { label: 'User', foreignKey: false, readOnly: true }),
    user_label: text({ max: 254, label: 'By', readOnly: true }),
    via: text({ max: 300, label: 'Call', readOnly: true }),
    request_id: text({ max: 64, label: 'Request', readOnly: true }),
    remote_ip: text({ max: 64, label: 'Address', readOnly: true }),
    /** The database transaction: the rows one save wrote together. */
    xact_id: text({ max: 20, label: 'Transaction', readOnly: true }),
  },
  labelFields: [['model', 'object_id']],
  list: {
    columns: ['created_at', 'user_label', 'event_type', 'model', 'object_id', 'via', 'remote_ip'],
    search: ['user_label', 'object_id', 'via'],
    ordering: ['-created_at'],
    compact: ['created_at', 'event_type', 'model'],
  },
  indexes: [['company', 'model', 'object_id'], ['company', 'user'], ['company', 'created_at'], ['company', 'request_id']],
  extraCodenames: AUDIT_CODES,
  actions: {
    // The log-entry prettifier: the change field by field, with labels, as a person reads it.
    prettify: { on: 'detail', method: 'GET', permission: 'view', label: 'Readable', result: 'object', answer: READABLE_ENTRY },
    // A record's History tab: its entries, readable, to whoever may read the record (docs/audit.md).
    record: {
      on: 'collection', method: 'GET', permission: RECORD_HISTORY, label: 'History', result: 'object', answer: PAGE_OF_ENTRIES,
      input: {
        model: text({ max: 100, required: true, label: 'Record type' }),
        object_id: text({ max: 64, required: true, label: 'Record' }),
        page: integer({ min: 1, max: 100_000, label: 'Page' }),
        page_size: integer({ min: 1, max: 200, label: 'Page size' }),
      },
    },
  },
});
