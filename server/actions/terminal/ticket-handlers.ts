/** Handlers of the declared actions of tickets, unattached files and barcode series (keyed `resource.action`). */
import type { ActionHandler } from '../registry';
import './ticket-hooks';
import { generateBarcodes } from './barcode-labels';
import { addCustomsInvoice, uploadAttachment } from './ticket-attachments';
import { ticketHistoryList } from './ticket-history';
import { emailMultiple, printMultiple, printTicket } from './ticket-print';
import { updateTicketsStatus } from './ticket-status-action';
import { attachToTicket, getByServerId } from './unattached-files';

export const ticketActionHandlers: Record<string, ActionHandler> = {
  'terminalboss/v3/ticket.update_tickets_status': updateTicketsStatus,
  'terminalboss/v3/ticket.history': ticketHistoryList,
  'terminalboss/v3/ticket.print': printTicket,
  'terminalboss/v3/ticket.print_multiple': printMultiple,
  'terminalboss/v3/ticket.email_multiple': emailMultiple,
  'terminalboss/v3/ticket.upload_attachment': uploadAttachment,
  'terminalboss/v3/ticket.add_customs_invoice': addCustomsInvoice,
  'terminalboss/v3/unattached-files.attach_to_ticket': attachToTicket,
  'terminalboss/v3/unattached-files.get_by_server_id': getByServerId,
  'terminalboss/v3/barcode.generate_barcodes': generateBarcodes,
};
