import { defineResource } from '../define';
import { choice, integer, longText, text } from '../fields';
import { CERTIFICATE_TYPES } from './certification';
import { TERMINAL_FEATURE } from './common';

/** A company's settings per certificate type (configuration page `config/certificateTypes/`). */
export const certificateType = defineResource({
  name: 'certificatetype',
  label: 'Certificate type',
  perms: { app: 'terminalboss', model: 'certificatetype' },
  feature: TERMINAL_FEATURE,
  tenant: 'company',
  // The configuration page is the company's administrators': they hold the type's view permission, drivers and operators do not.
  screen: { at: 'config', slug: 'certificateTypes', label: 'Certificate types' },
  fields: {
    code: choice(CERTIFICATE_TYPES, { required: true }),
    name: text({ required: true, max: 60 }),
    description: longText(),
    reminder_days: integer({ min: 0, max: 365, default: 30, help: 'Warn this many days before a certificate of this type expires.' }),
  },
  unique: [['company', 'code']],
  list: { columns: ['code', 'name', 'reminder_days'], search: ['name'], ordering: ['code'] },
});
