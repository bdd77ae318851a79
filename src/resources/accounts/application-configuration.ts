import { defineResource } from '../define';
import { json, text } from '../fields';

/** Per-company settings read by every screen (time zone, display preferences). One per company. */
export const applicationConfiguration = defineResource({
  name: 'application_configuration',
  label: 'Application configuration',
  pluralLabel: 'Application configurations',
  perms: { app: 'accounts', model: 'applicationconfiguration' },
  tenant: 'company',
  fields: {
    company_universal_timezone: text({ required: true, max: 64, default: 'America/Edmonton', help: 'IANA time zone, e.g. America/Edmonton.' }),
    application_title: text({ max: 100 }),
    quantity_decimals: text({ max: 1, default: '2', pattern: { source: '[0-6]', message: 'Use 0 to 6 decimals.' } }),
    settings: json({ default: {} }),
  },
  unique: [['company']],
  list: { columns: ['company', 'company_universal_timezone', 'application_title'], ordering: ['id'] },
  actions: {
    get_company_config: { on: 'collection', method: 'GET', permission: 'authenticated', result: 'object' },
  },
});
