/**
 * A bill of lading as a document (docs/documents.md): the paper or PDF a shipper, a partner or a
 * railroad sends with the cars, kept with its files and tied to the trips of the cars it covers.
 * The text of an uploaded PDF is read; the BOL number, the cars, the date and the parties found
 * in it are proposed, and the document is attached to each car's trip when exactly one trip fits
 * (src/lib/bol-extract.ts, server/actions/documents/bol-match.ts). What was read a user corrects;
 * a trip the rules did not find a user attaches by hand.
 */
import { defineResource } from '../define';
import { choice, date, file, json, longText, ref, tags, text } from '../fields';
import { recordOf } from '../answers';
import { TRIP } from '../trace/trip';

import { BILL_OF_LADING, BILL_OF_LADING_ATTACHMENT } from './names';
import { BOL_FILE_BYTES, BOL_FILE_TYPES } from './bol-files';

export { BILL_OF_LADING, BILL_OF_LADING_ATTACHMENT };

/** Where a document stands: every car it names on its trip, a person needed, or its file unreadable. */
export const BOL_DOCUMENT_STATUSES = [['matched', 'Matched'], ['review', 'To review'], ['failed', 'Unreadable']] as const;


const read = { readOnly: true, copy: false } as const;

export const billOfLading = defineResource({
  name: BILL_OF_LADING,
  label: 'Bill of lading document',
  pluralLabel: 'Bill of lading documents',
  feature: 'rail',
  perms: { app: 'documents', model: 'billoflading' },
  tenant: 'company',
  fields: {
    bol_number: text({ max: 40, trim: true, upper: true, label: 'BOL number', index: true }),
    bol_date: date({ label: 'BOL date', help: 'The ship date the bill of lading gives.' }),
    shipper: text({ max: 120, trim: true }),
    consignee: text({ max: 120, trim: true }),
    origin: text({ max: 120, trim: true }),
    destination: text({ max: 120, trim: true }),
    cars: tags({ label: 'Cars', help: 'The cars it covers, as MARK NUMBER (TILX 123456).' }),
    status: choice(BOL_DOCUMENT_STATUSES, { required: true, default: 'review', index: true, chip: { matched: 'active', failed: 'inactive' }, ...read }),
    /** Why it needs a person, in words (no text found, a car not in the fleet, two trips that fit). */
    review_reason: text({ max: 500, label: 'To review because', ...read }),
    /** The trips the rules found for each car, best first: [{car, trip, released_at, reason}]. */
    candidates: json({ shape: 'array', default: [], label: 'Trips that fit', ...read }),
    file_name: text({ max: 200, label: 'File', ...read, help: 'The primary file.' }),
    notes: longText(),
  },
  large: true,
  indexes: [['company', 'status', 'created_at']],
  labelFields: [{ field: 'bol_number', before: 'BOL ' }, { field: 'file_name', before: '(', after: ')' }],
  list: {
    columns: ['bol_number', 'bol_date', 'shipper', 'cars', 'status', 'file_name', 'created_at'],
    compact: ['bol_number', 'status', 'cars'],
    search: ['bol_number', 'shipper', 'consignee', 'file_name'],
    ordering: ['-created_at'],
  },
  form: {
    sections: [
      { label: 'Bill of lading', fields: ['bol_number', 'bol_date', 'shipper', 'consignee', 'origin', 'destination', 'cars'] },
      { label: 'Matching', fields: ['status', 'review_reason', 'file_name', 'notes'] },
    ],
  },
  actions: {
    upload_bills_of_lading: {
      on: 'collection', method: 'POST', permission: 'add', label: 'Upload a bill of lading', result: 'record',
      input: { file: file({ required: true, accept: [...BOL_FILE_TYPES], maxBytes: BOL_FILE_BYTES, label: 'File' }) },
    },
    set_as_primary_attachment: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Make primary', result: 'record', writes: ['file_name'],
      input: { attachment_id: ref(BILL_OF_LADING_ATTACHMENT, { required: true, label: 'File' }) },
    },
    save_attachment: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Add a file', result: 'record',
      // The file in the field `file`, as every upload of the API takes it (docs/documents.md, Files).
      input: { file: file({ required: true, accept: [...BOL_FILE_TYPES], maxBytes: BOL_FILE_BYTES, label: 'File' }) },
    },
    delete_attachment: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Remove a file', result: 'record', writes: ['file_name'],
      input: { attachment_id: ref(BILL_OF_LADING_ATTACHMENT, { required: true, label: 'File' }) },
    },
    retry_attachment: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Read again', result: 'record', writes: ['status', 'review_reason', 'candidates'],
      input: { attachment: ref(BILL_OF_LADING_ATTACHMENT, { required: true, label: 'File' }) },
    },
    attach_to_specific_trip: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Attach to a trip', result: 'record', writes: ['status', 'review_reason'],
      input: {
        trip_id: ref(TRIP, { required: true, label: 'Trip' }),
        attachment_id: ref(BILL_OF_LADING_ATTACHMENT, { label: 'File', help: 'A file of this document, if named.' }),
      },
    },
    trips: { on: 'detail', method: 'GET', permission: 'view', label: 'Its trips', result: 'list', answer: recordOf(TRIP) },
  },
});
