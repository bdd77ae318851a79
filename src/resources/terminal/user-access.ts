import { defineResource } from '../define';
import { bool, choice, date, ref } from '../fields';
import { SITE, TB_COMPANY, TB_USER, terminalRecords, terminalScreen } from './common';

/** Which sites a terminal user may work at, for which company's product, and how far. */
export const userAccess = defineResource({
  name: 'terminalboss/v3/useraccess',
  label: 'User access',
  pluralLabel: 'User access',
  ...terminalRecords('useraccess'),
  screen: terminalScreen('useraccess', { menu: { section: 'Terminal master data', icon: 'settings', order: 13 } }),
  fields: {
    user: ref(TB_USER, { required: true, onDelete: 'cascade', label: 'Terminal user' }),
    site: ref(SITE, { required: true, onDelete: 'cascade' }),
    company_table: ref(TB_COMPANY, { label: 'Company', help: 'Empty: every company at the site.' }),
    access_level: choice([['view', 'View'], ['operate', 'Operate'], ['supervise', 'Supervise'], ['administer', 'Administer']], { required: true, default: 'operate' }),
    effective_date: date(),
    expiry_date: date(),
    enabled: bool({ default: true }),
  },
  unique: [['user', 'site', 'company_table']],
  list: { columns: ['user', 'site', 'company_table', 'access_level', 'effective_date', 'expiry_date', 'enabled'], search: [], ordering: ['created_at'] },
});
