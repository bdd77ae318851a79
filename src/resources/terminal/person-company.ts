import { defineResource } from '../define';
import { ref } from '../fields';
import { TB_COMPANY, TB_USER, terminalRecords } from './common';

/** A person's link to a terminal company they act for (docs/terminal.md, Terminal records). */
export const personCompany = defineResource({
  name: 'terminalboss/personcompany',
  label: 'Person-company link',
  ...terminalRecords('personcompany'),
  fields: {
    personKey: ref('terminalboss/person', { required: true, onDelete: 'cascade', label: 'Person' }),
    company_key: ref(TB_COMPANY, { required: true, onDelete: 'cascade', label: 'Company' }),
    site_user: ref(TB_USER, { label: 'Site user' }),
  },
  unique: [['personKey', 'company_key']],
  list: { columns: ['personKey', 'company_key', 'site_user'], search: [], ordering: ['created_at'] },
});
