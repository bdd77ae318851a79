import { defineResource } from '../define';
import { bool, choice, date, ref, text } from '../fields';
import { JURISDICTIONS, TB_COMPANY, TB_DRIVER, TB_USER, createdByServer, legacyNumber, terminalRecords, terminalScreen } from './common';

/** A truck driver who hauls to or from the terminal, with the licence the site checks at the gate. */
export const driver = defineResource({
  name: TB_DRIVER,
  label: 'Driver',
  ...terminalRecords('driver'),
  // A driver reads his own driver record (licence, phone) and no other driver's.
  own: { path: ['account'] },
  screen: terminalScreen('driver', { v2: 'driver', menu: { section: 'Terminal master data', icon: 'user', order: 7, count: true } }),
  fields: {
    legacy_id: legacyNumber(),
    first_name: text({ required: true, max: 80, index: true }),
    last_name: text({ required: true, max: 80, index: true }),
    carrier: ref(TB_COMPANY, { index: true }),
    license_number: text({ max: 30, index: true }),
    license_jurisdiction: choice(JURISDICTIONS),
    license_class: choice([['1', 'Class 1'], ['2', 'Class 2'], ['3', 'Class 3'], ['A', 'CDL A'], ['B', 'CDL B']]),
    license_expiry: date({ index: true }),
    phone: text({ max: 30 }),
    email: text({ max: 254, format: 'email' }),
    user: ref(TB_USER, { label: 'Terminal user' }),
    account: ref('user', { label: 'Web sign-in', index: true, help: 'Signed in with this account, the driver sees his own loads and his own driver record.' }),
    enabled: bool({ default: true, index: true }),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'license_jurisdiction', 'license_number'], ['company', 'account']],
  labelFields: ['first_name', 'last_name'],
  list: { columns: ['legacy_id', 'first_name', 'last_name', 'carrier', 'license_number', 'license_expiry', 'enabled'], search: ['first_name', 'last_name', 'license_number'], ordering: ['last_name', 'first_name'] },
});
