import { defineResource } from '../define';
import { bool, choice, ref, text } from '../fields';
import { SITE, TB_USER, terminalRecords, terminalScreen } from './common';

/** Terminal employees: operators, gaugers, supervisors. */
export const staff = defineResource({
  name: 'terminalboss/v3/staff',
  label: 'Staff member',
  pluralLabel: 'Staff',
  ...terminalRecords('staff'),
  screen: terminalScreen('staff', { menu: { section: 'Terminal master data', icon: 'user', order: 8 } }),
  fields: {
    first_name: text({ required: true, max: 80, index: true }),
    last_name: text({ required: true, max: 80, index: true }),
    employee_number: text({ max: 20 }),
    position: choice([['operator', 'Operator'], ['gauger', 'Gauger'], ['scale_clerk', 'Scale clerk'], ['supervisor', 'Supervisor'], ['manager', 'Manager'], ['maintenance', 'Maintenance']], { required: true, default: 'operator' }),
    site: ref(SITE, { index: true }),
    user: ref(TB_USER, { label: 'Terminal user' }),
    phone: text({ max: 30 }),
    email: text({ max: 254, format: 'email' }),
    enabled: bool({ default: true, index: true }),
  },
  unique: [['company', 'employee_number']],
  labelFields: ['first_name', 'last_name'],
  list: { columns: ['first_name', 'last_name', 'employee_number', 'position', 'site', 'enabled'], search: ['first_name', 'last_name', 'employee_number'], ordering: ['last_name', 'first_name'] },
});
