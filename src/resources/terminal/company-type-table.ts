import { defineResource } from '../define';
import { ref } from '../fields';
import { COMPANY_TYPE, TB_COMPANY, terminalRecords } from './common';

/** Which types a terminal company has (docs/terminal.md, Terminal records: company_type, companyTable). */
export const companyTypeTable = defineResource({
  name: 'terminalboss/companytypetable',
  label: 'Company type link',
  ...terminalRecords('companytypetable'),
  fields: {
    company_type: ref(COMPANY_TYPE, { required: true, onDelete: 'cascade' }),
    companyTable: ref(TB_COMPANY, { required: true, onDelete: 'cascade', label: 'Company' }),
  },
  unique: [['company_type', 'companyTable']],
  list: { columns: ['companyTable', 'company_type'], search: [], ordering: ['created_at'] },
});
