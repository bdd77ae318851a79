import { defineResource } from '../define';
import { choice, integer, text } from '../fields';
import { patternErrors } from '../../lib/code-pattern';
import { recordOf } from '../answers';
import { MAX_START_NUMBER, NUMBER_PREVIEW, PLACEHOLDER, railRecords, resetChoice } from './common';

/** What a code generator numbers (docs/rail.md §4.6). */
export const CODE_TYPES = [
  ['contract_sale', 'Sale contracts'], ['contract_purchase', 'Purchase contracts'], ['rail_shipment', 'Rail shipments'], ['invoice', 'Invoices'], ['credit_note', 'Credit notes'], ['customs_invoice', 'Customs invoices'],
] as const;
export type GeneratorType = (typeof CODE_TYPES)[number][0];

const codeType = (o: { required?: boolean } = {}) => choice(CODE_TYPES, { label: 'Numbers for', ...o });

/**
 * How one kind of the company's records is numbered: one generator per code type. Its pattern and
 * reset default by type (`S-{yyyy}-{seq:4}` yearly for sales, `RS-{seq:6}` never for shipments):
 * left out or cleared, the server writes the type's (server/actions/rail/numbering-config.ts), so
 * they are not required here although a stored generator always has both.
 */
export const codeGenerator = defineResource({
  name: 'code-generators',
  label: 'Code generator',
  ...railRecords('codegenerator'),
  screen: { at: 'config', slug: 'codeGenerators', codes: ['configuration__code_generators'], paths: { record: 'config/codeGenerators/:generatorId/' } },
  fields: {
    code_type: codeType({ required: true }),
    pattern: text({
      max: 60, trim: true,
      help: 'Text and placeholders, e.g. S-{yyyy}-{seq:4}; letters, digits, spaces and - / . _. Left empty: the type\'s default.',
      check: (v) => patternErrors(v, { rule: 'code' }).join(' ') || undefined,
    }),
    reset: resetChoice({ help: 'Every year needs {yyyy} or {yy} in the pattern. Left empty: the type\'s default.' }),
    start_number: integer({ required: true, min: 1, max: MAX_START_NUMBER, default: 1, label: 'Start number', help: 'Where a new period starts; raising it moves the next number forward.' }),
    description: text({ max: 200 }),
  },
  unique: [['company', 'code_type']],
  labelFields: ['pattern'],
  list: { columns: ['code_type', 'pattern', 'reset', 'start_number'], ordering: ['code_type'] },
  actions: {
    get_or_create: {
      on: 'collection', method: 'GET', permission: 'view', result: 'object', label: 'Code generator', input: { code_type: codeType({ required: true }) },
      // The generator as stored (its pattern and reset are always written), with the preview of the next number.
      answer: recordOf('code-generators', NUMBER_PREVIEW),
    },
    get_columns: {
      on: 'collection', method: 'GET', permission: 'view', result: 'list', label: 'Placeholders', input: { code_type: codeType({ required: true }) }, answer: PLACEHOLDER,
    },
  },
});
