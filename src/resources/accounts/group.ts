import { defineResource } from '../define';
import { refs, text } from '../fields';

/** A named set of permissions; the role groups (Site Administration, Carrier/Dispatch, Driver, Operator) are groups. */
export const group = defineResource({
  name: 'groups',
  label: 'Group',
  perms: { app: 'auth', model: 'group' },
  fields: {
    name: text({ required: true, max: 150, unique: true }),
    permissions: refs('permission'),
  },
  list: { columns: ['name'], search: ['name'], ordering: ['name'], paged: false },
});
