/** What the terminal resources do beyond their declarations: hooks, computed fields and action handlers, one entry per resource. */
import { defineBehaviour } from '../../engine/behaviour';
import { barcode } from '../../../src/resources/terminal/barcode';
import { location } from '../../../src/resources/terminal/location';
import { site } from '../../../src/resources/terminal/site';
import { terminalCompany } from '../../../src/resources/terminal/terminal-company';
import { terminalUser } from '../../../src/resources/terminal/terminal-user';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketWasteDisposal } from '../../../src/resources/terminal/ticket-waste-disposal';
import { unattachedFile } from '../../../src/resources/terminal/unattached-file';
import { VEHICLE_TYPES, vehicle } from '../../../src/resources/terminal/vehicle';
import { generateBarcodes } from './barcode-labels';
import { heldCertificateBehaviours } from './certificates';
import { companyHierarchyBehaviour } from './company-hierarchy';
import { gcAnalysisBehaviour } from './gc-analysis';
import { asValueLabels, containerVolumes, locationTypes } from './location-actions';
import { locationHooks } from './location-land';
import { massBalance } from './mass-balance';
import { terminalCompanyHooks } from './terminal-company';
import { availableNumericUsername, generatePassword, setTerminalUserPassword } from './terminal-user-actions';
import { addCustomsInvoice, uploadAttachment } from './ticket-attachments';
import { ticketHistoryList } from './ticket-history';
import { ticketHooks, wasteTicketHooks } from './ticket-hooks';
import { ownTicketPrinting, ticketPrintActions } from './ticket-print';
import { updateTicketsStatus } from './ticket-status-action';
import { attachToTicket, getByServerId } from './unattached-files';
import { ticketInvoice } from '../../../src/resources/terminal/ticket-invoice';
import { serviceContractBehaviours } from './service-contracts';
import { crossBorderContractBehaviour } from './cross-border-contracts';
import { limitBehaviours } from './limits';
import { allocationBehaviours } from './allocations';
import { bulkApproveInvoices, bulkCreateInvoices, openInvoiceSql, sendApproval, ticketInvoiceHooks } from './ticket-invoices';
import { bulkExportSapXml, getInvoiceExport, printInvoice } from './ticket-invoice-documents';
import { sendForPayment, sendJobutrax } from './ticket-invoice-sending';

export const terminalBehaviours = [
  defineBehaviour(ticket, {
    hooks: ticketHooks,
    computed: { invoice: openInvoiceSql },
    actions: {
      update_tickets_status: updateTicketsStatus, history: ticketHistoryList, ...ticketPrintActions(ownTicketPrinting),
      upload_attachment: uploadAttachment, add_customs_invoice: addCustomsInvoice,
    },
  }),
  defineBehaviour(ticketWasteDisposal, { hooks: wasteTicketHooks }),
  defineBehaviour(unattachedFile, { actions: { attach_to_ticket: attachToTicket, get_by_server_id: getByServerId } }),
  defineBehaviour(barcode, { actions: { generate_barcodes: generateBarcodes } }),
  defineBehaviour(location, { hooks: locationHooks, actions: { types: locationTypes, container_volumes: containerVolumes } }),
  defineBehaviour(site, { actions: { mass_balance: massBalance } }),
  defineBehaviour(vehicle, { actions: { types: async () => asValueLabels(VEHICLE_TYPES) } }),
  defineBehaviour(terminalUser, {
    actions: { generate_password: generatePassword, get_available_numeric_username: availableNumericUsername, set_password: setTerminalUserPassword },
  }),
  defineBehaviour(terminalCompany, { hooks: terminalCompanyHooks }),
  companyHierarchyBehaviour,
  gcAnalysisBehaviour,
  ...heldCertificateBehaviours,
  ...serviceContractBehaviours,
  crossBorderContractBehaviour,
  ...limitBehaviours,
  ...allocationBehaviours,
  defineBehaviour(ticketInvoice, {
    hooks: ticketInvoiceHooks,
    actions: {
      bulk_create_invoices: bulkCreateInvoices, send_approval: sendApproval, bulk_approve_invoices: bulkApproveInvoices,
      send_for_payment: sendForPayment, send_jobutrax: sendJobutrax,
      get_invoice_export: getInvoiceExport, bulk_export_sap_xml: bulkExportSapXml, print_invoice: printInvoice,
    },
  }),
];
