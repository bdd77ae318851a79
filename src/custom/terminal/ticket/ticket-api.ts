/**
 * The ticket actions (docs/terminal.md, Tickets on the server) through the data provider (token carried; PDFs open in a new
 * tab, zips download): status changes, print, print/email several, customs invoice, history, upload.
 */
import type { Identifier } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_TICKET } from '../../../resources/terminal/common';
import type { HistoryEntry } from '../../../generic/HistoryTable';

export interface StatusChangeResult { updated: number; tickets: { id: string; code: string; status: string; version: number }[] }
export type TemplateType = 'BOL' | 'RUN';

/** The ticket actions, through `resource`: the terminal's own tickets by default, or a partner's view of them. */
export const ticketApi = (dp: AppDataProvider, resource: string = TB_TICKET) => ({
  changeStatus: (ticketIds: Identifier[], status: string, voidReason?: string) =>
    dp.callAction(TB_TICKET, { action: 'update-tickets-status', body: { ticket_ids: ticketIds, status, ...(voidReason ? { void_reason: voidReason } : {}) } }) as Promise<StatusChangeResult>,
  print: (id: Identifier, templateType: TemplateType) =>
    dp.callAction(resource, { id, action: 'print', method: 'GET', query: { template_type: templateType, force_footer: 'true' } }),
  /** A zip of PDFs, or with `combine` one PDF with the tickets one after another. */
  printMultiple: (ticketIds: Identifier[], o: { combine?: boolean } = {}) =>
    dp.callAction(resource, { action: 'print_multiple', body: { ticket_ids: ticketIds, ...(o.combine ? { combine: true } : {}) } }),
  emailMultiple: (ticketIds: Identifier[], recipients: string[]) => dp.callAction(resource, { action: 'email_multiple', body: { ticket_ids: ticketIds, recipients } }),
  addCustomsInvoice: (id: Identifier, invoice: string) => dp.callAction(TB_TICKET, { id, action: 'add_customs_invoice', body: { invoice } }),
  history: (id: Identifier) => dp.callAction(TB_TICKET, { id, action: 'history', method: 'GET' }) as Promise<HistoryEntry[]>,
  uploadAttachment: (id: Identifier, file: File, name: string, kind: string) => {
    const body = new FormData();
    body.append('file', file);
    body.append('name', name);
    body.append('kind', kind);
    return dp.callAction(TB_TICKET, { id, action: 'upload_attachment', body });
  },
});
