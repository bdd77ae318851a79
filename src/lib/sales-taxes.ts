/**
 * Canadian sales taxes on a rail invoice (docs/invoicing.md, Taxes): which taxes a party is charged,
 * at which rates on a given day. The place of supply is the party's address: GST alone, HST, or
 * GST with the province's own sales tax (PST, RST, QST); goods exported are zero-rated; a party
 * may be stated exempt. Rates are kept with the day they start, so an invoice dated before a
 * change is taxed at the rate of its day (Nova Scotia's HST went from 15 % to 14 % on 2025-04-01).
 */

/** How a party is taxed, as stated on the party: by its address, exempt, or zero-rated (an export). */
export const SALES_TAX_RULES = [
  ['address', 'By its address'],
  ['exempt', 'Exempt: no tax'],
  ['zero_rated', 'Zero-rated: goods exported'],
] as const;
export type SalesTaxRule = (typeof SALES_TAX_RULES)[number][0];

export interface TaxRate { code: 'GST' | 'HST' | 'PST' | 'RST' | 'QST'; label: string; rate: string; from?: string }

/** The taxes that apply, and the place (a province code, `EXPORT` or `EXEMPT`) they were chosen by. */
export interface TaxRegime { place: string; label: string; taxes: TaxRate[] }

const GST: TaxRate = { code: 'GST', label: 'GST', rate: '5' };
const hst = (rate: string, from?: string): TaxRate => ({ code: 'HST', label: 'HST', rate, ...(from ? { from } : {}) });

/** Each province's taxes; a tax listed twice changes rate on the later one's `from` day. */
const PROVINCES: Readonly<Record<string, { name: string; taxes: TaxRate[] }>> = {
  AB: { name: 'Alberta', taxes: [GST] },
  BC: { name: 'British Columbia', taxes: [GST, { code: 'PST', label: 'PST', rate: '7' }] },
  MB: { name: 'Manitoba', taxes: [GST, { code: 'RST', label: 'RST', rate: '7' }] },
  NB: { name: 'New Brunswick', taxes: [hst('15')] },
  NL: { name: 'Newfoundland and Labrador', taxes: [hst('15')] },
  NS: { name: 'Nova Scotia', taxes: [hst('15'), hst('14', '2025-04-01')] },
  NT: { name: 'Northwest Territories', taxes: [GST] },
  NU: { name: 'Nunavut', taxes: [GST] },
  ON: { name: 'Ontario', taxes: [hst('13')] },
  PE: { name: 'Prince Edward Island', taxes: [hst('15')] },
  QC: { name: 'Quebec', taxes: [GST, { code: 'QST', label: 'QST', rate: '9.975' }] },
  SK: { name: 'Saskatchewan', taxes: [GST, { code: 'PST', label: 'PST', rate: '6' }] },
  YT: { name: 'Yukon', taxes: [GST] },
};

/** A province as people write it (`ON`, `Ont.`, `Ontario`, `québec`) as its two-letter code, or null. */
export function provinceCode(written: string | null | undefined): string | null {
  const w = (written ?? '').trim();
  if (!w) return null;
  const up = w.toUpperCase();
  if (PROVINCES[up]) return up;
  const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
  const hit = Object.entries(PROVINCES).find(([, p]) => plain(p.name) === plain(w));
  return hit ? hit[0] : null;
}

/** The rates of a province's taxes on a day: each tax at its latest rate started on or before it. */
function ratesOn(taxes: readonly TaxRate[], day: string): TaxRate[] {
  const byCode = new Map<string, TaxRate>();
  for (const t of taxes) if (!t.from || t.from <= day) byCode.set(t.code, t);
  return [...byCode.values()].map(({ from: _from, ...t }) => t);
}

/**
 * The taxes of a party on a day, or why none can be chosen (a Canadian party without a province
 * we know: the invoice cannot say which tax it owes).
 */
export function taxRegime(party: { country?: string | null; province?: string | null; sales_tax?: string | null }, day: string): TaxRegime | { error: string } {
  if (party.sales_tax === 'exempt') return { place: 'EXEMPT', label: 'Exempt', taxes: [] };
  const country = (party.country ?? 'CA').trim().toUpperCase() || 'CA';
  if (party.sales_tax === 'zero_rated' || country !== 'CA') return { place: 'EXPORT', label: 'Zero-rated export', taxes: [] };
  const code = provinceCode(party.province);
  if (!code) return { error: `its province "${party.province ?? ''}" is not a Canadian province or territory: set it, or state the party exempt or zero-rated.` };
  return { place: code, label: PROVINCES[code].name, taxes: ratesOn(PROVINCES[code].taxes, day) };
}
