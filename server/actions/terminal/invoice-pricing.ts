/**
 * How completed tickets are priced into invoices (docs/terminal.md, Invoice pricing):
 * - a ticket's contract is the enabled service contract of its shipper that covers its date, at
 *   its site or at every site (a site's own contract wins over an all-sites one);
 * - it is charged every enabled price line of that contract that matches its type and product
 *   (a line without a type or product matches any);
 * - the quantity is the line's basis (net or gross volume, net weight, one load) converted to the
 *   line's unit through the units' factors and rounded to 3 places; the amount is quantity x unit
 *   price rounded to the cent, at least the line's minimum charge;
 * - an invoice per contract: subtotal = sum of amounts, tax = subtotal x rate rounded to the cent,
 *   total = subtotal + tax. Exact decimals throughout (src/lib/pg-decimal.ts), never floats.
 * Pure: the handler reads the rows, this decides, so the rules are tested without a database.
 */
import { type Dec, add, compare, div, mul, parse, round, text } from '../../../src/lib/pg-decimal';
import { ErrorBag } from '../../engine/errors';

export interface PricingTicket {
  id: string; code: string; ticket_date: string; ticket_type: string; product: string; shipper: string | null; site: string;
  net_volume: string | null; gross_volume: string | null; net_weight: string | null; volume_unit: string | null;
}
export interface PricingContract {
  id: string; code: string; customer: string; site: string | null; currency: string; effective_date: string; expiration_date: string | null;
  tax_name: string | null; tax_rate: string | null; payment_terms_days: number | null;
}
export interface PricingLine {
  id: string; service_contract: string; description: string; ticket_type: string | null; product: string | null;
  basis: 'net_volume' | 'gross_volume' | 'net_weight' | 'load'; unit: string | null; unit_price: string; minimum_charge: string | null;
}
export interface PricingUnit { id: string; code: string; unit_type: string; to_base_factor: string }

export interface InvoiceLineDraft {
  position: number; ticket: string; price: string; description: string; product: string; ticket_date: string;
  basis: PricingLine['basis']; quantity: string; unit: string | null; unit_price: string; amount: string;
}
export interface InvoiceDraft {
  contract: PricingContract; tickets: string[]; lines: InvoiceLineDraft[]; subtotal: string; tax_total: string; total: string;
}

const ZERO: Dec = { units: 0n, scale: 2 };
const dec = (v: string | null | undefined) => (v === null || v === undefined ? null : parse(v));

function contractOf(t: PricingTicket, contracts: readonly PricingContract[]): PricingContract | string {
  const covering = contracts.filter((c) => c.customer === t.shipper && (!c.site || c.site === t.site)
    && c.effective_date <= t.ticket_date && (!c.expiration_date || t.ticket_date <= c.expiration_date));
  if (!covering.length) return `no enabled service contract of its shipper covers ${t.ticket_date} at its site.`;
  const own = covering.filter((c) => c.site === t.site);
  const pick = own.length ? own : covering;
  if (pick.length > 1) return `service contracts ${pick.map((c) => c.code).join(' and ')} both cover it: end one of them before the other begins.`;
  return pick[0];
}

/** The ticket's quantity on a line's basis, in the line's unit; or why it has none. */
function quantityOf(t: PricingTicket, line: PricingLine, units: ReadonlyMap<string, PricingUnit>): { quantity: Dec; unit: string | null } | string {
  if (line.basis === 'load') return { quantity: { units: 1000n, scale: 3 }, unit: null };
  const raw = dec(line.basis === 'net_volume' ? t.net_volume : line.basis === 'gross_volume' ? t.gross_volume : t.net_weight);
  const what = line.basis.replace('_', ' ');
  if (!raw) return `it has no ${what}, which "${line.description}" is priced by.`;
  const to = line.unit ? units.get(line.unit) : undefined;
  if (!to) return { quantity: round(raw, 3), unit: line.basis === 'net_weight' ? line.unit : t.volume_unit };
  // Weights are kept in kg (the base unit of mass); volumes in the ticket's unit.
  const fromFactor = line.basis === 'net_weight' ? parse('1')! : t.volume_unit ? dec(units.get(t.volume_unit)?.to_base_factor) : null;
  if (!fromFactor) return `it has no volume unit, and "${line.description}" is priced per ${to.code}.`;
  if (t.volume_unit === to.id) return { quantity: round(raw, 3), unit: to.id };
  const toFactor = dec(to.to_base_factor);
  if (!toFactor || toFactor.units === 0n) return `unit ${to.code} has no conversion factor.`;
  return { quantity: round(div(mul(raw, fromFactor), toFactor), 3), unit: to.id };
}

/** The invoices the tickets make, one per contract, or the reasons (per ticket, keyed `ticket_ids`) they cannot be invoiced. */
export function priceTickets(
  tickets: readonly PricingTicket[], contracts: readonly PricingContract[], lines: readonly PricingLine[], unitList: readonly PricingUnit[],
): { invoices: InvoiceDraft[]; errors: ErrorBag } {
  const errors = new ErrorBag();
  const units = new Map(unitList.map((u) => [u.id, u]));
  const drafts = new Map<string, InvoiceDraft>();
  const ordered = [...tickets].sort((a, b) => a.ticket_date.localeCompare(b.ticket_date) || a.code.localeCompare(b.code));
  for (const t of ordered) {
    const refuse = (why: string) => errors.add('ticket_ids', `${t.code}: ${why}`);
    const contract = contractOf(t, contracts);
    if (typeof contract === 'string') { refuse(contract); continue; }
    const charges = lines.filter((l) => l.service_contract === contract.id && (!l.ticket_type || l.ticket_type === t.ticket_type) && (!l.product || l.product === t.product));
    if (!charges.length) { refuse(`service contract ${contract.code} has no price for a ${t.ticket_type.replace('_', ' ')} of this product.`); continue; }
    const priced: Omit<InvoiceLineDraft, 'position'>[] = [];
    for (const line of charges) {
      const q = quantityOf(t, line, units);
      if (typeof q === 'string') { refuse(q); continue; }
      const price = parse(line.unit_price)!;
      let amount = round(mul(q.quantity, price), 2);
      const minimum = dec(line.minimum_charge);
      if (minimum && compare(amount, minimum) < 0) amount = round(minimum, 2);
      priced.push({
        ticket: t.id, price: line.id, description: line.description, product: t.product, ticket_date: t.ticket_date,
        basis: line.basis, quantity: text(q.quantity), unit: q.unit, unit_price: text(round(price, 4)), amount: text(amount),
      });
    }
    if (priced.length < charges.length) continue;
    const d = drafts.get(contract.id) ?? { contract, tickets: [], lines: [], subtotal: '0.00', tax_total: '0.00', total: '0.00' };
    d.tickets.push(t.id);
    for (const p of priced) d.lines.push({ ...p, position: d.lines.length + 1 });
    drafts.set(contract.id, d);
  }
  const invoices = [...drafts.values()].map((d) => ({ ...d, ...totalsOf(d.lines.map((l) => l.amount), d.contract.tax_rate) }));
  return { invoices, errors };
}

/** An invoice's totals from its lines' amounts: exactly their sum, the tax on it to the cent, and both together. */
export function totalsOf(amounts: readonly string[], taxRate: string | null): { subtotal: string; tax_total: string; total: string } {
  const subtotal = amounts.reduce((s, a) => add(s, parse(a)!), ZERO);
  const tax = round(div(mul(subtotal, dec(taxRate) ?? ZERO), parse('100')!), 2);
  return { subtotal: text(round(subtotal, 2)), tax_total: text(tax), total: text(round(add(subtotal, tax), 2)) };
}
