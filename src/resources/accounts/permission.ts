import { defineResource } from '../define';
import { text } from '../fields';

/**
 * A permission: content type `app.model` plus a codename. Rows are synchronised from the
 * declarations at every start, so what a permission grants is never written through the API: a
 * renamed codename would hand its holders a permission nobody gave them (docs/security.md).
 */
export const permission = defineResource({
  name: 'permission',
  label: 'Permission',
  perms: { app: 'auth', model: 'permission' },
  fields: {
    content_type: text({ required: true, max: 100, index: true, readOnly: true }),
    codename: text({ required: true, max: 100, index: true, readOnly: true }),
    name: text({ required: true, max: 255, staffOnly: true }),
  },
  unique: [['content_type', 'codename']],
  list: { columns: ['content_type', 'codename', 'name'], search: ['codename', 'name', 'content_type'], ordering: ['content_type', 'codename'] },
  labelFields: ['content_type', { field: 'name', before: '| ' }],
});
