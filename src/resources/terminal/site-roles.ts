/**
 * Permissions, groups and company roles of the terminal sites' own systems (distinct from this
 * platform's accounts): what a terminal user may do at a site's scale house or kiosk.
 */
import { defineResource } from '../define';
import { longText, ref, refs, text } from '../fields';
import { COMPANY_TYPE, TB_COMPANY, terminalRecords } from './common';

export const tbPermission = defineResource({
  name: 'terminalboss/v3/permission',
  label: 'Site permission',
  ...terminalRecords('sitepermission'),
  fields: {
    name: text({ required: true, max: 120 }),
    codename: text({ required: true, max: 100, pattern: { source: '[a-z0-9_.]+', message: 'Lower-case letters, digits, dots and underscores.' } }),
    module: text({ max: 60, help: 'Area of the site system, e.g. tickets, scale, inventory.' }),
  },
  unique: [['company', 'codename']],
  list: { columns: ['name', 'codename', 'module'], search: ['name', 'codename'], ordering: ['module', 'codename'] },
});

export const tbGroup = defineResource({
  name: 'terminalboss/v3/group',
  label: 'Site group',
  ...terminalRecords('sitegroup'),
  fields: {
    name: text({ required: true, max: 120 }),
    description: longText(),
    permissions: refs('terminalboss/v3/permission'),
  },
  unique: [['company', 'name']],
  list: { columns: ['name', 'permissions'], search: ['name'], ordering: ['name'] },
});

export const companyRole = defineResource({
  name: 'terminalboss/v3/companyrole',
  label: 'Company role',
  ...terminalRecords('companyrole'),
  fields: {
    name: text({ required: true, max: 120 }),
    company_table: ref(TB_COMPANY, { label: 'Company', help: 'Empty: a role for every company of the type.' }),
    company_type: ref(COMPANY_TYPE),
    groups: refs('terminalboss/v3/group'),
  },
  unique: [['company', 'name', 'company_table']],
  list: { columns: ['name', 'company_table', 'company_type', 'groups'], search: ['name'], ordering: ['name'] },
});
