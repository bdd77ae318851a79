import { defineResource } from '../define';
import { refs, text } from '../fields';

/**
 * A named set of permissions (a role). The platform's groups (no company: Site Administration,
 * Carrier/Dispatch, Driver, Operator) are every company's to hold and platform staff's to change;
 * a company makes roles of its own for its people and changes those (docs/security.md, Groups).
 */
export const group = defineResource({
  name: 'groups',
  label: 'Group',
  perms: { app: 'auth', model: 'group' },
  tenant: 'company',
  platformRows: true,
  fields: {
    name: text({ required: true, max: 150 }),
    permissions: refs('permission'),
  },
  unique: [['company', 'name']],
  list: { columns: ['name', 'company'], search: ['name'], ordering: ['name'], paged: false },
});
