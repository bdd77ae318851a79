import { defineResource } from '../define';
import { choice, decimal, json, text } from '../fields';
import { timeZoneError } from '../../lib/time-zone';
import { anything, either, int, mapOf, maybe, obj, oneOf, recordOf, str } from '../answers';

/** The places a quantity may be written with (kept for integrations). */
export const QUANTITY_DECIMALS = ['0', '1', '2', '3', '4', '5', '6'] as const;

/**
 * Per-company settings read by every screen (time zone, display preferences). One per company.
 * The form shows them as fields; `settings` (free keys kept for integrations) and
 * `quantity_decimals` (which no screen reads) are API-only, never a raw JSON editor in front of an
 * administrator.
 */
export const applicationConfiguration = defineResource({
  name: 'application_configuration',
  label: 'Application configuration',
  pluralLabel: 'Application configurations',
  perms: { app: 'accounts', model: 'applicationconfiguration' },
  tenant: 'company',
  fields: {
    company_universal_timezone: text({
      required: true, max: 64, default: 'America/Edmonton', label: 'Company time zone',
      help: 'IANA time zone, e.g. America/Edmonton: times of records without a site of their own are shown in it.',
      check: timeZoneError,
    }),
    application_title: text({ max: 100, help: 'Shown in the browser tab and the app bar; the company name when empty.' }),
    // Kept for integrations that read it; the screens, prints and exports write every quantity with
    // its field's declared places (docs/architecture.md, Time zones: Quantities), so the form leaves it out.
    quantity_decimals: choice(QUANTITY_DECIMALS.map((d) => [d, d] as const), {
      default: '2', label: 'Decimals for quantities', help: 'Kept for integrations; screens, printed tickets and exports write each quantity with its declared decimals.',
    }),
    mass_balance_tolerance_percent: decimal({
      digits: 6, places: 3, min: 0, max: 100, default: '0.500', label: 'Mass balance tolerance (%)',
      help: 'A loss or gain larger than this share of the volume available (opening inventory plus receipts) is flagged on the mass balance.',
    }),
    settings: json({ default: {}, help: 'Further settings for integrations, set through the API.' }),
  },
  unique: [['company']],
  labelFields: ['company_universal_timezone'],
  list: { columns: ['company', 'company_universal_timezone', 'application_title'], ordering: ['id'] },
  form: { sections: [{ label: 'Application configuration', fields: ['company_universal_timezone', 'application_title', 'mass_balance_tolerance_percent'] }] },
  actions: {
    get_company_config: {
      on: 'collection', method: 'GET', permission: 'authenticated', result: 'object',
      // The stored configuration; the defaults when the company has none; null for a user acting for no company.
      answer: maybe(either(
        recordOf('application_configuration'),
        obj({
          company: int(),
          company_universal_timezone: str('IANA time zone'),
          application_title: maybe(str()),
          quantity_decimals: oneOf(QUANTITY_DECIMALS),
          settings: mapOf(anything()),
        }, { description: 'The defaults, for a company that has stored no configuration.' }),
      )),
    },
  },
});
