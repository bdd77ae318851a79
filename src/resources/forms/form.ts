import { defineResource } from '../define';
import { choice, json, longText, text } from '../fields';

export const FORM_CATEGORIES = [['inspection', 'Railcar inspection'], ['checklist', 'Checklist'], ['survey', 'Survey'], ['other', 'Other']] as const;
export const FORM_STATUSES = [['draft', 'Draft'], ['published', 'Published'], ['retired', 'Retired']] as const;

/**
 * A form the company fills in on site (docs/forms.md): its name, what it is for, whether people may
 * fill it in yet, and its structure (the fields, as the form builder writes them).
 */
export const form = defineResource({
  name: 'form',
  label: 'Form',
  perms: { app: 'forms', model: 'form' },
  tenant: 'company',
  screen: { at: 'config', slug: 'list', label: 'Forms', codes: ['configuration__forms'], detail: false },
  fields: {
    name: text({ required: true, max: 120, trim: true }),
    category: choice(FORM_CATEGORIES, { required: true, default: 'checklist' }),
    status: choice(FORM_STATUSES, { required: true, default: 'draft', help: 'Only a published form is filled in; a retired one keeps its answers.' }),
    description: longText(),
    structure: json({ default: {}, help: 'The form\'s sections and fields, as the form builder writes them.' }),
  },
  unique: [['company', 'name']],
  list: { columns: ['name', 'category', 'status', 'updated_at'], search: ['name', 'description'], ordering: ['name'] },
  form: { sections: [{ label: 'Form', fields: ['name', 'category', 'status', 'description'] }] },
});
