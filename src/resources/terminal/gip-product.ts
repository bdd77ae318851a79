import { defineResource } from '../define';
import { bool, choice, ref, text } from '../fields';
import { TB_PRODUCT, terminalRecords, terminalScreen } from './common';

/**
 * A product as counted in the gas-in-process (GIP) mass balance: which terminal product it is, the
 * balance group it reports under and whether it enters the balance.
 */
export const gipProduct = defineResource({
  name: 'terminalboss/v3/gipproduct',
  label: 'GIP product',
  ...terminalRecords('gipproduct'),
  screen: terminalScreen('gipproduct', { detail: false, menu: { section: 'Terminal master data', icon: 'product', order: 2 } }),
  fields: {
    name: text({ required: true, max: 120 }),
    gip_code: text({ required: true, max: 30, label: 'GIP code' }),
    product: ref(TB_PRODUCT, { required: true, onDelete: 'cascade' }),
    balance_group: choice([['inlet', 'Inlet'], ['outlet', 'Outlet'], ['inventory', 'Inventory'], ['fuel', 'Fuel and losses']], { required: true, default: 'inlet' }),
    included_in_balance: bool({ default: true }),
    enabled: bool({ default: true }),
  },
  unique: [['company', 'gip_code']],
  list: { columns: ['name', 'gip_code', 'product', 'balance_group', 'included_in_balance', 'enabled'], search: ['name', 'gip_code'], ordering: ['name'] },
});
