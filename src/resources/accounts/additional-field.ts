import { defineResource } from '../define';
import { bool, choice, integer, json, tags, text } from '../fields';
import { additionalTargets } from '../additional-targets';
import { anything, bool as boolAnswer, int, listOf, maybe, obj, oneOfChoices, str } from '../answers';

export const ADDITIONAL_KINDS = [['text', 'Text'], ['number', 'Number'], ['date', 'Date'], ['boolean', 'Yes / no'], ['choice', 'Choice']] as const;
export type AdditionalKind = (typeof ADDITIONAL_KINDS)[number][0];

/** One field as `get_model_fields` answers it: the definition and the record's value (null when it has none). */
const modelField = obj({
  id: int('The definition\'s id.'),
  name: str('The key the value is stored and filtered under.'),
  label: str(),
  kind: oneOfChoices(ADDITIONAL_KINDS),
  required: boolAnswer(),
  choices: listOf(str(), 'The values a choice field takes.'),
  help: str(),
  value: maybe(anything('Text, a decimal as text, a date as YYYY-MM-DD, true or false, or one of the choices.')),
});

/**
 * A field a company adds to one of the declared resources (docs/audit.md, Additional fields): its
 * key, label, kind, whether a value is required and the values a choice takes. Values are read and
 * written per record through `get_model_fields` and `update_additional_fields`, validated like
 * declared fields and audited on the record.
 */
export const additionalField = defineResource({
  name: 'additional_fields',
  label: 'Additional field',
  perms: { app: 'accounts', model: 'additionalfield' },
  tenant: 'company',
  screen: { at: 'config', slug: 'additionalFields', label: 'Additional fields' },
  fields: {
    model: text({ required: true, max: 100, pattern: { source: '^[a-z0-9_-]+(/[a-z0-9_-]+)*$', message: 'A resource\'s API name, e.g. product or terminalboss/v3/ticket.' }, label: 'Resource', help: 'The records the field is added to.', suggest: additionalTargets }),
    name: text({ required: true, max: 50, pattern: { source: '^[a-z][a-z0-9_]*$', message: 'Use lower-case letters, digits and underscores, starting with a letter.' }, label: 'Key', help: 'Lower-case letters, digits and underscores; fixed once the field is made.' }),
    label: text({ required: true, max: 100, trim: true }),
    kind: choice(ADDITIONAL_KINDS, { required: true, default: 'text' }),
    required: bool({ default: false, help: 'A new record needs a value; a value once given cannot be emptied.' }),
    choices: tags({ help: 'The values a choice field takes.' }),
    help: text({ max: 255 }),
    position: integer({ default: 0, min: 0, help: 'Fields show in this order, then by label.' }),
    enabled: bool({ default: true, help: 'A disabled field is neither shown nor asked for; its values stay.' }),
  },
  unique: [['company', 'model', 'name']],
  list: { columns: ['model', 'label', 'name', 'kind', 'required', 'enabled', 'position'], search: ['label', 'name', 'model'], ordering: ['model', 'position', 'label'] },
  form: { sections: [{ label: 'Field', fields: ['model', 'label', 'name', 'kind', 'required', 'choices', 'help', 'position', 'enabled'] }] },
  actions: {
    get_model_fields: {
      on: 'collection', method: 'GET', permission: 'authenticated', result: 'list', answer: modelField,
      label: 'The additional fields of a resource, with one record\'s values',
      input: {
        model: text({ required: true, max: 100, help: 'The resource, by its API name.' }),
        object_id: text({ max: 36, help: 'The record whose values to answer; without it every value is null (a new record).' }),
      },
    },
    update_additional_fields: {
      on: 'collection', method: 'PATCH', permission: 'authenticated', result: 'list', answer: modelField,
      label: 'Write one record\'s additional field values',
      input: {
        model: text({ required: true, max: 100 }),
        object_id: text({ required: true, max: 36 }),
        fields: json({ required: true, shape: 'object', help: '`{key: value}`: the values to set; null or an empty text clears one.' }),
      },
    },
  },
});
