import { defineResource } from '../define';
import { choice, file, ref, text } from '../fields';
import { recordOf } from '../answers';
import { SITE, TB_TICKET, TB_USER, createdByServer, terminalRecords, terminalScreen } from './common';
import { ATTACHMENT_KINDS } from './ticket-parts';

/** A scanned document uploaded at a site before it is matched to its ticket (e.g. by its barcode). */
export const unattachedFile = defineResource({
  name: 'terminalboss/v3/unattached-files',
  label: 'Unattached file',
  ...terminalRecords('unattachedfile'),
  // Scanned at a site: its times are the site's (docs/terminal.md, Site time).
  timeZone: { path: ['created_by_server', 'timezone'] },
  screen: terminalScreen('unattachedFiles', { detail: false, menu: { section: 'Terminal', icon: 'document', order: 4 } }),
  fields: {
    file: file({ required: true, accept: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 20 * 1024 * 1024 }),
    file_name: text({ required: true, max: 200 }),
    barcode: text({ max: 40, index: true, help: 'Barcode read from the page, when there is one.' }),
    user: ref(TB_USER, { label: 'Uploaded by' }),
    created_by_server: createdByServer(),
    status: choice([['unattached', 'Unattached'], ['attached', 'Attached']], { required: true, default: 'unattached', readOnly: true, index: true, chip: true }),
    ticket: ref(TB_TICKET, { readOnly: true, label: 'Attached to' }),
  },
  actions: {
    attach_to_ticket: {
      on: 'detail', method: 'POST', permission: 'change', label: 'Attach to ticket', result: 'record', writes: ['status', 'ticket'],
      returns: { record: 'terminalboss/v3/unattached-files', plus: { attachment: 'terminalboss/v3/ticketattachment' } },
      input: {
        ticket_id: ref(TB_TICKET, { required: true, label: 'Ticket' }),
        // Older clients name the file again; when given, it must be this one.
        file_id: text({ max: 36, help: 'The stored file, if named: must be this one.' }),
        unattached_file_id: text({ max: 36, help: 'This unattached file, if named.' }),
        name: text({ max: 200, trim: true, help: 'The file name when left out.' }),
        kind: choice(ATTACHMENT_KINDS, { default: 'other' }),
      },
    },
    get_by_server_id: {
      on: 'collection', method: 'GET', permission: 'view', label: 'Files of a site', result: 'list', answer: recordOf('terminalboss/v3/unattached-files'),
      input: {
        server_id: ref(SITE, { required: true, label: 'Site' }),
        user_id: ref(TB_USER, { label: 'Uploaded by' }),
        status: choice([['unattached', 'Unattached'], ['attached', 'Attached'], ['all', 'All']], { default: 'unattached' }),
      },
    },
  },
  list: { columns: ['file_name', 'barcode', 'user', 'created_by_server', 'status', 'ticket', 'created_at'], search: ['file_name', 'barcode'], ordering: ['-created_at'] },
});
