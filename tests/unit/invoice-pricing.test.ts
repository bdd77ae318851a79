/** How tickets are priced into invoices (docs/terminal.md, Invoice pricing), without a database. */
import { describe, expect, it } from 'vitest';
import { type PricingContract, type PricingLine, type PricingTicket, priceTickets, totalsOf } from '../../server/actions/terminal/invoice-pricing';
import { editableView } from '../../src/lib/lifecycle';
import { ticketInvoice } from '../../src/resources/terminal/ticket-invoice';

const contract = (o: Partial<PricingContract> = {}): PricingContract => ({
  id: 'k1', code: 'SC-1', customer: 'shipper', site: null, currency: 'CAD', effective_date: '2026-01-01', expiration_date: '2026-12-31',
  tax_name: 'GST', tax_rate: '5.000', payment_terms_days: 30, ...o,
});
const line = (o: Partial<PricingLine> = {}): PricingLine => ({
  id: 'p1', service_contract: 'k1', description: 'Fee', ticket_type: null, product: null, basis: 'net_volume', unit: null, unit_price: '2.0000', minimum_charge: null, ...o,
});
const ticket = (o: Partial<PricingTicket> = {}): PricingTicket => ({
  id: 't1', code: 'T-000001', ticket_date: '2026-06-01', ticket_type: 'receipt', product: 'crude', shipper: 'shipper', site: 'fsk',
  net_volume: '10.000', gross_volume: '10.100', net_weight: '8400.0', volume_unit: 'm3', ...o,
});
const units = [
  { id: 'm3', code: 'm3', unit_type: 'volume', to_base_factor: '1' },
  { id: 'bbl', code: 'bbl', unit_type: 'volume', to_base_factor: '0.1589872949' },
  { id: 't', code: 't', unit_type: 'mass', to_base_factor: '1000' },
];

describe('invoice pricing', () => {
  it('charges every matching line: per volume converted to the price unit, per tonne, per load, at least the minimum', () => {
    const { invoices, errors } = priceTickets([ticket()], [contract()], [
      line({ id: 'a', description: 'Per bbl', unit: 'bbl', unit_price: '0.3333' }),
      line({ id: 'b', description: 'Per tonne', basis: 'net_weight', unit: 't', unit_price: '1.25' }),
      line({ id: 'c', description: 'Per load', basis: 'load', unit_price: '1', minimum_charge: '7.50' }),
      line({ id: 'd', description: 'Deliveries only', ticket_type: 'delivery' }),
      line({ id: 'e', description: 'Another product', product: 'water' }),
    ], units);
    expect(errors.empty).toBe(true);
    expect(invoices).toHaveLength(1);
    expect(invoices[0].lines.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['Per bbl', '62.898', '20.96'], // 10 m³ / 0.1589872949 = 62.8981… bbl; × 0.3333 = 20.9644…
      ['Per tonne', '8.400', '10.50'],
      ['Per load', '1.000', '7.50'],
    ]);
    expect(invoices[0]).toMatchObject({ subtotal: '38.96', tax_total: '1.95', total: '40.91' });
  });

  it('rounds half away from zero, and the totals are the exact sum', () => {
    expect(totalsOf(['0.10', '0.20', '0.05'], '5')).toEqual({ subtotal: '0.35', tax_total: '0.02', total: '0.37' });
    expect(totalsOf(['476.50'], '5')).toEqual({ subtotal: '476.50', tax_total: '23.83', total: '500.33' });
    // Floats would make this 0.30000000000000004 and then some.
    expect(totalsOf(Array(10).fill('0.03'), '0')).toEqual({ subtotal: '0.30', tax_total: '0.00', total: '0.30' });
  });

  it('takes a site\'s own contract over an all-sites one, and refuses two that both cover the ticket or none', () => {
    const own = contract({ id: 'k2', code: 'SC-FSK', site: 'fsk' });
    const priced = priceTickets([ticket()], [contract(), own], [line(), line({ id: 'p2', service_contract: 'k2', unit_price: '3' })], units);
    expect(priced.invoices[0].contract.code).toBe('SC-FSK');
    const twice = priceTickets([ticket()], [contract(), contract({ id: 'k3', code: 'SC-2' })], [line()], units);
    expect(twice.errors.errors.ticket_ids[0]).toMatch(/SC-1 and SC-2 both cover it/);
    const none = priceTickets([ticket({ ticket_date: '2027-02-01' })], [contract()], [line()], units);
    expect(none.errors.errors.ticket_ids[0]).toBe('T-000001: no enabled service contract of its shipper covers 2027-02-01 at its site.');
    const noVolume = priceTickets([ticket({ net_volume: null })], [contract()], [line()], units);
    expect(noVolume.errors.errors.ticket_ids[0]).toMatch(/has no net volume/);
  });
});

describe('the form of a locked or final invoice', () => {
  const writable = (r: { fields: Record<string, { readOnly?: boolean }> }) => Object.keys(r.fields).filter((n) => !r.fields[n].readOnly);
  it('edits a draft as declared, a locked invoice only by a move, a final one not at all', () => {
    expect(writable(editableView(ticketInvoice, { status: 'draft' }))).toEqual(writable(ticketInvoice));
    expect(writable(editableView(ticketInvoice, { status: 'approved' }))).toEqual(['status', 'void_reason']);
    expect(writable(editableView(ticketInvoice, { status: 'paid' }))).toEqual([]);
  });
});
