import { defineResource } from '../define';
import { longText, text } from '../fields';
import { COMPANY_TYPE, terminalRecords } from './common';

/** The roles a company plays at a terminal: stockholder, customer, producer, carrier... */
export const companyType = defineResource({
  name: COMPANY_TYPE,
  label: 'Company type',
  ...terminalRecords('companytype'),
  fields: {
    company_type_name: text({ required: true, max: 80, label: 'Name' }),
    company_type_code: text({ required: true, max: 12, label: 'Code', help: 'e.g. STK stockholder, CUS customer, PRD producer, CAR carrier.' }),
    description: longText(),
  },
  unique: [['company', 'company_type_code']],
  labelFields: [['company_type_name', 'company_type_code']],
  list: { columns: ['company_type_name', 'company_type_code'], search: ['company_type_name', 'company_type_code'], ordering: ['company_type_name'] },
});
