import { defineResource } from '../define';
import { integer, text } from '../fields';
import { DEFAULT_SETTINGS, patternErrors } from '../../lib/code-pattern';
import { recordOf } from '../answers';
import { MAX_START_NUMBER, NUMBER_PREVIEW, PLACEHOLDER, railRecords, resetChoice } from './common';

/**
 * How the company's bills of lading are numbered (docs/rail.md §4.6, §9): one per company, made with
 * the defaults by `get_or_create/` on first use. The numbers themselves are given only inside the
 * write that stores them (server/actions/rail/numbering.ts).
 */
export const bolNumber = defineResource({
  name: 'bolnumber',
  label: 'BOL numbering',
  ...railRecords('bolnumber'),
  screen: { at: 'config', slug: 'bol', codes: ['configuration__bol_number'] },
  fields: {
    pattern: text({
      required: true, max: 30, trim: true, default: DEFAULT_SETTINGS.bol.pattern,
      help: 'Text and placeholders, e.g. {company.code}{yy}{seq:6}; letters and digits only, as the EDI 404 takes them.',
      check: (v) => patternErrors(v, { rule: 'bol' }).join(' ') || undefined,
    }),
    reset: resetChoice({ required: true, default: DEFAULT_SETTINGS.bol.reset, help: 'Every year needs {yyyy} or {yy} in the pattern.' }),
    start_number: integer({
      required: true, min: 1, max: MAX_START_NUMBER, default: 1, label: 'Start number',
      help: 'Where a new period starts; raising it moves the next number forward, lowering it never gives a number twice.',
    }),
  },
  unique: [['company']],
  labelFields: ['pattern'],
  list: { columns: ['pattern', 'reset', 'start_number'], ordering: ['id'] },
  actions: {
    get_or_create: {
      on: 'collection', method: 'GET', permission: 'view', result: 'object', label: 'BOL numbering',
      // The settings record as stored, with the preview of the next number.
      answer: recordOf('bolnumber', NUMBER_PREVIEW),
    },
    get_columns: { on: 'collection', method: 'GET', permission: 'view', result: 'list', label: 'Placeholders', answer: PLACEHOLDER },
  },
});
