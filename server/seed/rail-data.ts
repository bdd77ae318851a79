/** The demo rail desk's master data (docs/rail.md §13): its suppliers and buyers, and what each trades. */

/** Parties the contracts name, added to the demo company beside the base parties (demo-data.ts). */
export const RAIL_PARTIES = [
  { name: 'Athabasca Crude Marketing Ltd.', code: 'ACM', party_type: 'shipper', city: 'Calgary', province: 'AB', country: 'CA' },
  { name: 'Prairie Propane Supply Co.', code: 'PPS', party_type: 'shipper', city: 'Edmonton', province: 'AB', country: 'CA' },
  { name: 'Lakeshore Refining Inc.', code: 'LRI', party_type: 'consignee', city: 'Sarnia', province: 'ON', country: 'CA' },
  { name: 'Gulf Petrochemical Partners LP', code: 'GPP', party_type: 'consignee', city: 'Mont Belvieu', province: 'TX', country: 'US' },
  { name: 'Northern Refining Partners Inc.', code: 'NRP', party_type: 'consignee', city: 'Calgary', province: 'AB', country: 'CA' },
] as const;

/**
 * What the demo company buys and from whom, and sells and to whom, by product code (products of
 * demo-data.ts): [product, suppliers, buyers, facilities it moves through, railroad].
 */
export const TRADES: readonly [product: string, suppliers: readonly string[], buyers: readonly string[], facilities: readonly string[], railroad: string][] = [
  ['CRUDE', ['ACM'], ['GCR', 'LRI', 'NRP'], ['FSK', 'HRD'], 'CN'],
  ['C3', ['PPS'], ['GLP', 'GPP'], ['FSK', 'ETL'], 'CN'],
  ['C4', ['PPS'], ['GPP', 'GLP'], ['FSK'], 'CN'],
  ['ULSD', ['ACM'], ['NRP', 'LRI'], ['ETL', 'HRD'], 'CPRS'],
  ['MEOH', ['ACM'], ['GPP'], ['SCY'], 'CN'],
  ['SUL', ['ACM'], ['PAE'], ['SCY'], 'CN'],
  ['CANOLA', ['PPS'], ['PAE'], ['ETL'], 'CPRS'],
  ['WHT', ['PPS'], ['PAE'], ['ETL'], 'CPRS'],
];

/** Terms the demo contracts are agreed on, in words. */
export const TERMS = [
  'FOB origin; title passes at the loading rack. Quality per the buyer\'s specification sheet.',
  'Delivered destination; shipper orders cars. Demurrage for the buyer\'s account after 48 hours.',
  'Per the master sale agreement. Volumes net at 60 °F.',
  'Pricing at the monthly index average plus differential; invoices net 30.',
];
