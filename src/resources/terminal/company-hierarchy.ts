import { defineResource } from '../define';
import { ref } from '../fields';
import { COMPANY_TYPE, TB_COMPANY, terminalRecords } from './common';

/**
 * Who deals under whom: a stockholder's customers, producers and carriers. `choices/` takes
 * `company_type_code` and `stockholder` and answers `{label, company_table_id, company_type_key}`.
 */
export const companyHierarchy = defineResource({
  name: 'terminalboss/companyhierarchy',
  label: 'Company hierarchy entry',
  pluralLabel: 'Company hierarchy',
  ...terminalRecords('companyhierarchy'),
  fields: {
    stockholder: ref(TB_COMPANY, { required: true, onDelete: 'cascade' }),
    company_table: ref(TB_COMPANY, { required: true, onDelete: 'cascade', label: 'Company' }),
    company_type: ref(COMPANY_TYPE, { required: true, onDelete: 'cascade' }),
  },
  unique: [['stockholder', 'company_table', 'company_type']],
  // `choices/` answers `[{label, company_table_id, company_type_key}]` (server/actions/terminal/company-hierarchy.ts).
  list: { columns: ['stockholder', 'company_table', 'company_type'], search: [], ordering: ['created_at'] },
});
