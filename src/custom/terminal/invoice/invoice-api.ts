/**
 * The ticket invoice actions (docs/terminal.md, Ticket invoices) through the data provider: build
 * from tickets, the workflow moves, exports (files download) and the printed PDF (opens in a tab).
 */
import type { Identifier } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';
import { TB_TICKET_INVOICE } from '../../../resources/terminal/common';

export interface Moved { updated: number; invoices: { id: string; code: string; status: string }[] }
export interface Built { created: number; invoices: { id: string; code: string; total: string; currency: string }[] }
export interface JobutraxResult { sent: number; failed: number; results: { code: string; ok: boolean; message: string }[] }

export const invoiceApi = (dp: AppDataProvider) => {
  const post = (action: string, body: Record<string, unknown>) => dp.callAction(TB_TICKET_INVOICE, { action, body });
  return {
    build: (ticketIds: Identifier[]) => post('bulk_create_invoices', { ticket_ids: ticketIds }) as Promise<Built>,
    sendApproval: (ids: Identifier[]) => post('send_approval', { invoices_id: ids }) as Promise<Moved>,
    approve: (ids: Identifier[]) => post('bulk_approve_invoices', { invoices_id: ids }) as Promise<Moved>,
    sendForPayment: (ids: Identifier[], methods: string[]) => post('send_for_payment', { invoices_id: ids, invoice_methods: methods }) as Promise<Moved>,
    exportFile: (ids: Identifier[], type: 'csv' | 'xlsx') => post('get_invoice_export', { invoices_id: ids, export_type: type }),
    exportSap: (ids: Identifier[]) => post('bulk_export_sap_xml', { invoices_id: ids }),
    jobutrax: (ids: Identifier[]) => post('send_jobutrax', { invoices_id: ids }) as Promise<JobutraxResult>,
    print: (id: Identifier) => dp.callAction(TB_TICKET_INVOICE, { id, action: 'print_invoice', method: 'GET', query: { printableTemplateCode: 'invoice-custom' } }),
  };
};
