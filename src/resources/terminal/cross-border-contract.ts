import { defineResource } from '../define';
import { bool, choice, decimal, json, longText, ref, refs, text } from '../fields';
import { TB_COMPANY, TB_CROSS_BORDER_CONTRACT, TB_PRODUCT, TB_USER, createdByServer, terminalRecords, terminalScreen } from './common';
import { CURRENCIES } from './service-contract';

export { TB_CROSS_BORDER_CONTRACT };

/** What the goods are for across the border (docs/terminal.md, Cross-border contracts); FS by default. */
export const END_USES = [['FS', 'For sale'], ['FP', 'For further processing'], ['BL', 'For blending'], ['ST', 'For storage'], ['OU', 'Own use']] as const;
/** How the freight is paid: the EDI freight payment codes. */
export const FREIGHT_PAYMENT = [['PP', 'Prepaid'], ['CC', 'Collect'], ['TP', 'Third party']] as const;
export const MEASUREMENT_BASES = [['cubic metre', 'Cubic metre'], ['barrel', 'Barrel'], ['litre', 'Litre'], ['US gallon', 'US gallon'], ['metric tonne', 'Metric tonne'], ['kilogram', 'Kilogram']] as const;
/** The TSCA certifications (19 CFR 12.121): the short statement kept, the full text printed. */
export const TSCA_STATEMENTS = [
  ['Complies with all TSCA Rules', 'Complies with all TSCA Rules (positive certification)'],
  ['Not subject to TSCA', 'Not subject to TSCA (negative certification)'],
] as const;
/**
 * The TSCA certifications of 19 CFR 12.121, in their regulatory words (docs/invoicing.md, The printed customs invoice): the contract keeps the short
 * statement, the customs invoice prints the certification itself.
 */
export const TSCA_CERTIFICATIONS: Readonly<Record<string, { kind: 'positive' | 'negative'; text: string }>> = {
  'Complies with all TSCA Rules': {
    kind: 'positive',
    text: 'I certify that all chemical substances in this shipment comply with all applicable rules or orders under TSCA and that I am not offering a chemical substance for entry in violation of TSCA or any applicable rule or order under TSCA.',
  },
  'Not subject to TSCA': { kind: 'negative', text: 'I certify that all chemicals in this shipment are not subject to TSCA.' },
};

export const CENSUS_SCHEDULES = [['D', 'Schedule D (US customs districts and ports)'], ['K', 'Schedule K (foreign ports)']] as const;
export const CHARGES_TO = [['buyer', 'Buyer'], ['supplier', 'Supplier'], ['exporter', 'Exporter'], ['consignee', 'Consignee']] as const;

/**
 * A cross-border contract (docs/terminal.md, Cross-border contracts): the standing customs terms of
 * one product's exports from the terminal: who buys, supplies, exports and may receive it, the
 * values customs needs (currency, freight, discount, end use, payment, measure) and the
 * certifications. Its `data` keeps the parties' addresses as they were when it was last saved,
 * for the customs invoices made under it.
 */
export const crossBorderContract = defineResource({
  name: TB_CROSS_BORDER_CONTRACT,
  label: 'Cross-border contract',
  ...terminalRecords('crossbordercontract'),
  // Shorter than the name: PostgreSQL cuts names at 63 characters, and its link table's keys would collide.
  table: 'terminalboss_v3_xborder_contract',
  screen: terminalScreen('cross-border-contract', { menu: { section: 'Terminal', icon: 'customs', order: 8 } }),
  fields: {
    name: text({ required: true, max: 120, trim: true, help: 'How the contract is known, e.g. "Condensate to Montana 2026".' }),
    enabled: bool({ default: true, index: true }),
    product: ref(TB_PRODUCT, { required: true, index: true }),
    buyer: ref(TB_COMPANY, { required: true, index: true }),
    supplier: ref(TB_COMPANY, { required: true }),
    exporter: ref(TB_COMPANY, { required: true }),
    consignee_options: refs(TB_COMPANY, { label: 'Consignees', help: 'The companies a load under this contract may be consigned to.' }),
    buyer_related: bool({ default: false, label: 'Buyer and seller related', help: 'Related parties (19 CFR 152.102(g)): customs checks the price is not influenced.' }),
    are_goods_purchased: bool({ default: false, label: 'Goods purchased', help: 'The goods are bought, not consigned.' }),
    responsible_employee: ref(TB_USER, { label: 'Responsible employee' }),
    bill_customs_charges_to: choice(CHARGES_TO, { default: 'buyer', label: 'Bill customs charges to' }),
    currency: choice(CURRENCIES, { required: true, default: 'USD' }),
    cost_of_freight: decimal({ digits: 12, places: 2, min: 0, help: 'Per car; left empty when the freight is not invoiced.' }),
    discount_amount: decimal({ digits: 12, places: 2, min: 0, default: '0', help: 'Per car.' }),
    end_use: choice(END_USES, { required: true, default: 'FS' }),
    shipment_method_of_payment_choice: choice(FREIGHT_PAYMENT, { required: true, default: 'PP', label: 'Freight payment' }),
    unit_or_basis_for_measurement: choice(MEASUREMENT_BASES, { required: true, default: 'cubic metre', label: 'Unit of measure' }),
    TSCA_statement: choice(TSCA_STATEMENTS, { required: true, default: 'Complies with all TSCA Rules', label: 'TSCA statement' }),
    generate_EDI_and_invoice: bool({ default: true, label: 'Generate EDI and invoice' }),
    census_schedule: choice(CENSUS_SCHEDULES, { required: true, default: 'D' }),
    data: json({ readOnly: true, label: 'Addresses', help: 'The parties\' addresses as of the last save: buyer, exporter, supplier and the consignees.' }),
    additional_data: json(),
    associations: json({ shape: 'array', default: [] }),
    server_associations: json({ shape: 'array', default: [], label: 'Site associations' }),
    comments: longText(),
    created_by_server: createdByServer(),
  },
  unique: [['company', 'name']],
  labelFields: [['name']],
  list: { columns: ['name', 'product', 'buyer', 'currency', 'end_use', 'enabled'], search: ['name'], ordering: ['name'] },
  form: {
    sections: [
      { label: 'Contract', fields: ['name', 'enabled', 'product', 'responsible_employee', 'comments'] },
      { label: 'Parties', fields: ['buyer', 'supplier', 'exporter', 'consignee_options', 'buyer_related', 'are_goods_purchased', 'bill_customs_charges_to'] },
      { label: 'Customs', fields: ['currency', 'cost_of_freight', 'discount_amount', 'end_use', 'shipment_method_of_payment_choice', 'unit_or_basis_for_measurement', 'TSCA_statement', 'census_schedule', 'generate_EDI_and_invoice'] },
    ],
  },
});
