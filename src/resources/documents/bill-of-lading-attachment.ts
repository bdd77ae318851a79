/**
 * A file of a bill of lading document (docs/documents.md): the PDF or scan as uploaded, checked
 * by its magic bytes, with what reading it gave: its text (a PDF's own text; a scan has none to
 * read here), its pages, or why it could not be read. One file of a document is its primary: the
 * one a trip opens.
 */
import { defineResource } from '../define';
import { bool, choice, file, integer, longText, ref, text } from '../fields';
import { BOL_FILE_BYTES, BOL_FILE_TYPES } from './bol-files';
import { BILL_OF_LADING, BILL_OF_LADING_ATTACHMENT } from './names';

export const ATTACHMENT_READINGS = [['read', 'Text read'], ['no_text', 'No text (a scan)'], ['failed', 'Unreadable']] as const;

const read = { readOnly: true, copy: false } as const;

export const billOfLadingAttachment = defineResource({
  name: BILL_OF_LADING_ATTACHMENT,
  label: 'Bill of lading file',
  feature: 'rail',
  perms: { app: 'documents', model: 'billofladingattachment' },
  tenant: 'company',
  fields: {
    bill_of_lading: ref(BILL_OF_LADING, { required: true, onDelete: 'cascade', label: 'Document', ...read }),
    file: file({ required: true, accept: [...BOL_FILE_TYPES], maxBytes: BOL_FILE_BYTES, ...read }),
    // A person may rename a file (a scanner's name says nothing); the rest is as uploaded and read.
    file_name: text({ required: true, max: 200, trim: true, label: 'File name' }),
    content_type: text({ max: 100, label: 'Type', ...read }),
    size: integer({ label: 'Bytes', ...read }),
    primary: bool({ default: false, ...read }),
    reading: choice(ATTACHMENT_READINGS, { required: true, default: 'no_text', chip: { read: 'active', failed: 'inactive' }, ...read }),
    pages: integer({ ...read }),
    error: text({ max: 500, label: 'Why unreadable', ...read }),
    text: longText({ label: 'Text', ...read }),
  },
  labelFields: ['file_name'],
  list: { columns: ['file_name', 'bill_of_lading', 'primary', 'reading', 'pages', 'created_at'], search: ['file_name'], ordering: ['-created_at'] },
});
