/**
 * The request log (docs/audit.md): each API request's method, route, status, user, address and
 * duration, never its body, query string or headers (they carry passwords, tokens and personal
 * data). Written by the server in batches after the answer is sent (server/audit/request-log.ts);
 * the API lists and reads them.
 */
import { defineResource } from '../define';
import { integer, ref, text } from '../fields';
import { auditScreen } from './common';

export const requestEvent = defineResource({
  name: 'audit/request',
  label: 'Request',
  perms: { app: 'easyaudit', model: 'requestevent' },
  tenant: 'company',
  readOnly: true,
  screen: auditScreen('requests', 'Requests'),
  fields: {
    company: ref('company', { label: 'Company', foreignKey: false, readOnly: true }),
    method: text({ max: 10, readOnly: true }),
    route: text({ max: 300, label: 'Route', readOnly: true }),
    url: text({ max: 500, label: 'Path', readOnly: true }),
    status: integer({ label: 'Status', readOnly: true }),
    duration_ms: integer({ label: 'Duration (ms)', readOnly: true }),
    user: ref('user', { label: 'User', foreignKey: false, readOnly: true }),
    user_label: text({ max: 254, label: 'By', readOnly: true }),
    request_id: text({ max: 64, label: 'Request', readOnly: true }),
    remote_ip: text({ max: 64, label: 'Address', readOnly: true }),
  },
  labelFields: [['method', 'url']],
  list: {
    columns: ['created_at', 'user_label', 'method', 'url', 'status', 'duration_ms', 'remote_ip'],
    search: ['url', 'user_label', 'request_id'],
    ordering: ['-created_at'],
    compact: ['created_at', 'method', 'url'],
  },
  indexes: [['company', 'created_at'], ['company', 'user'], ['company', 'request_id'], ['created_at']],
});
