import { defineResource } from '../define';
import { bool, choice, integer, longText, text } from '../fields';
import { terminalRecords, terminalScreen } from './common';

/** The fixed certificate types (docs/terminal.md, Certificate types). */
export const CERTIFICATE_TYPES = [
  ['COM', 'Company'], ['CAR', 'Carrier'], ['USR', 'User'], ['VEH', 'Vehicle'],
  ['VTR', 'Vehicle (Tractor)'], ['VTL', 'Vehicle (Trailer)'], ['DRV', 'Driver'], ['INS', 'Railcar Inspector'],
] as const;

/** A certification the terminal requires or records (e.g. "TDG training", "Liability insurance"). */
export const certification = defineResource({
  name: 'terminalboss/v3/certification',
  label: 'Certification',
  ...terminalRecords('certification'),
  screen: terminalScreen('certification', { menu: { section: 'Terminal master data', icon: 'document', order: 10 } }),
  fields: {
    name: text({ required: true, max: 120, index: true }),
    certificate_type: choice(CERTIFICATE_TYPES, { required: true, index: true }),
    description: longText(),
    validity_days: integer({ min: 1, max: 3650, help: 'A new certificate expires this many days after it is issued, unless a date is given.' }),
    required_for_loading: bool({ default: false, help: 'Loads are refused when the holder lacks a valid certificate of this kind.' }),
    enabled: bool({ default: true }),
  },
  unique: [['company', 'name']],
  list: { columns: ['name', 'certificate_type', 'validity_days', 'required_for_loading', 'enabled'], search: ['name'], ordering: ['certificate_type', 'name'] },
});
