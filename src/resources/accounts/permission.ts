import { defineResource } from '../define';
import { text } from '../fields';

/** A permission: content type `app.model` plus a codename. Rows are synchronised from the declarations at start. */
export const permission = defineResource({
  name: 'permission',
  label: 'Permission',
  perms: { app: 'auth', model: 'permission' },
  fields: {
    content_type: text({ required: true, max: 100, index: true }),
    codename: text({ required: true, max: 100, index: true }),
    name: text({ required: true, max: 255 }),
  },
  unique: [['content_type', 'codename']],
  list: { columns: ['content_type', 'codename', 'name'], search: ['codename', 'name', 'content_type'], ordering: ['content_type', 'codename'] },
  choiceLabel: (r) => `${r.content_type} | ${r.name}`,
});
