import { defineResource } from '../define';
import { bool, choice, datetime, longText, password, text } from '../fields';
import { bool as boolAnswer, int, maybe, obj, str } from '../answers';

export const ERP_DOCUMENTS = [['tickets', 'Terminal tickets'], ['ticket_invoices', 'Ticket invoices'], ['rail_invoices', 'Rail invoices']] as const;
export const ERP_FORMATS = [['csv', 'CSV'], ['json', 'JSON'], ['sap_idoc', 'SAP IDoc XML']] as const;
export const ERP_DESTINATIONS = [['http', 'HTTPS endpoint (POST)'], ['email', 'Email attachment'], ['jobutrax', 'Jobutrax invoicing service']] as const;

/**
 * Where the company's documents go to its ERP (docs/erp.md): which documents, in which format, to
 * which endpoint or mailbox. A test send posts or mails one sample document the way an export
 * would and keeps how it went on the record.
 */
export const erpExport = defineResource({
  name: 'erp_export',
  label: 'ERP export',
  perms: { app: 'accounts', model: 'erpexport' },
  tenant: 'company',
  screen: { at: 'config', slug: 'erp', label: 'ERP' },
  fields: {
    name: text({ required: true, max: 100, trim: true }),
    documents: choice(ERP_DOCUMENTS, { required: true, default: 'tickets', label: 'Documents' }),
    format: choice(ERP_FORMATS, { required: true, default: 'csv' }),
    destination: choice(ERP_DESTINATIONS, { required: true, default: 'http' }),
    url: text({ max: 500, label: 'Endpoint URL', help: 'https://… of the ERP\'s import endpoint; its host must be one the server operator allows (FETCH_ALLOWED_HOSTS).' }),
    authorization: password({ secret: true, label: 'Authorization header', help: 'Sent as the Authorization header, e.g. "Bearer …". Write-only: never shown again; leave blank to keep.', audit: false }),
    email_to: text({ max: 254, format: 'email', label: 'Mail to' }),
    enabled: bool({ default: true, help: 'Exports go here while enabled.' }),
    notes: longText(),
    last_test_at: datetime({ readOnly: true, label: 'Last test', audit: false }),
    last_test_ok: bool({ readOnly: true, label: 'Last test passed', audit: false }),
    last_test_message: text({ max: 500, readOnly: true, label: 'Last test result', audit: false }),
  },
  unique: [['company', 'name']],
  list: { columns: ['name', 'documents', 'format', 'destination', 'enabled', 'last_test_at', 'last_test_ok', 'last_test_message'], search: ['name'], ordering: ['name'] },
  form: { sections: [
    { label: 'What and how', fields: ['name', 'documents', 'format', 'enabled'] },
    { label: 'Destination', fields: ['destination', 'url', 'authorization', 'email_to'] },
    { label: 'Notes', fields: ['notes'] },
  ] },
  actions: {
    test_send: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Send a test', result: 'object',
      answer: obj({
        ok: boolAnswer('Whether the destination took the sample.'),
        message: str('What happened, in words.'),
        status: maybe(int('The endpoint\'s HTTP status; null for mail or when it was not reached.')),
        filename: str('The sample document sent.'),
      }),
    },
  },
});
