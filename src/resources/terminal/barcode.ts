import { defineResource } from '../define';
import { integer, ref, text } from '../fields';
import { SITE, TB_USER, terminalRecords } from './common';

/** A barcode series for labels (sample bottles, ticket stickers): `generate_barcodes/` prints pages of the next numbers. */
export const barcode = defineResource({
  name: 'terminalboss/v3/barcode',
  label: 'Barcode series',
  pluralLabel: 'Barcode series',
  ...terminalRecords('barcode'),
  fields: {
    name: text({ required: true, max: 80 }),
    prefix: text({ required: true, max: 8, pattern: { source: '[A-Z0-9]+', message: 'Capital letters and digits only.' } }),
    site: ref(SITE),
    next_number: integer({ min: 1, default: 1, readOnly: true }),
  },
  unique: [['company', 'prefix']],
  actions: {
    generate_barcodes: {
      on: 'detail', method: 'GET', permission: 'change', label: 'Print labels', result: 'file',
      input: {
        number_of_pages: integer({ min: 1, max: 50, default: 1, label: 'Pages' }),
        user: ref(TB_USER, { label: 'For terminal user' }),
        created_by_server: ref(SITE, { label: 'Site', help: "The series' own site when left out." }),
      },
    },
  },
  list: { columns: ['name', 'prefix', 'site', 'next_number'], search: ['name', 'prefix'], ordering: ['name'] },
});
