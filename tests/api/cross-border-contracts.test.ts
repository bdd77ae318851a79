/**
 * Cross-border contracts (docs/terminal.md, Cross-border contracts) through the real server: the
 * template's defaults, the parties' addresses kept in `data` at each save, the list and export
 * with the spec's mixed-case field names, and another company seeing none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, makeTerminal } from './terminal-tickets-fixtures';

const CB = `${TB}/cross-border-contract`;
let s: TestServer;
let admin: string;
let partner: string;
let operator: string;
let t: Terminal;

beforeAll(async () => {
  s = await startServer();
  await s.subscribe('partner@partner.test', 'terminalboss');
  [admin, partner, operator] = await Promise.all(['siteadmin@demo.test', 'partner@partner.test', 'operator@demo.test'].map((e) => s.login(e)));
  t = await makeTerminal(s, admin, 'X');
}, 120_000);
afterAll(() => s?.close());

describe('cross-border contracts', () => {
  it('takes the template defaults and keeps the parties\' addresses as of the save', async () => {
    const made = await s.call('POST', `${CB}/`, { token: admin, body: {
      name: 'Crude to Montana', product: t.product.id, buyer: t.consignee.id, supplier: t.shipper.id, exporter: t.shipper.id, consignee_options: [t.consignee.id, t.producer.id],
    } });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      enabled: true, buyer_related: false, are_goods_purchased: false, currency: 'USD', cost_of_freight: null, discount_amount: '0.00', end_use: 'FS',
      shipment_method_of_payment_choice: 'PP', unit_or_basis_for_measurement: 'cubic metre', TSCA_statement: 'Complies with all TSCA Rules',
      generate_EDI_and_invoice: true, census_schedule: 'D', associations: [], server_associations: [],
    });
    expect(made.body.data.buyer_address).toMatchObject({ name: 'Gulf Coast Refining LLC', city: 'Edmonton', province: 'AB', postal_code: 'T2P 4H2', country: 'CA' });
    expect(made.body.data.exporter_address.name).toBe('Peace River Oil Corp.');
    expect(made.body.data.selected_consignee_addresses.map((a: any) => a.name).sort()).toEqual(['Gulf Coast Refining LLC', 'Swan Hills Producers Inc.']);
    // A company that moves: the contract's addresses change at its next save, its consignees kept.
    await s.call('PATCH', `${TB}/company/${t.consignee.id}/`, { token: admin, body: { city: 'Billings', province: 'MT', country: 'US' } });
    expect((await s.call('GET', `${CB}/${made.body.id}/`, { token: admin })).body.data.buyer_address.city).toBe('Edmonton');
    const saved = await s.call('PATCH', `${CB}/${made.body.id}/`, { token: admin, body: { cost_of_freight: '1250.5' } });
    expect(saved.body.data.buyer_address).toMatchObject({ city: 'Billings', country: 'US' });
    expect(saved.body.data.selected_consignee_addresses).toHaveLength(2);
    expect(saved.body.cost_of_freight).toBe('1250.50');
    expect((await s.call('PATCH', `${CB}/${made.body.id}/`, { token: admin, body: { data: {} } })).status).toBe(400);
    expect((await s.call('PATCH', `${CB}/${made.body.id}/`, { token: admin, body: { end_use: 'XX' } })).status).toBe(400);
    const listed = await s.call('GET', `${CB}/?TSCA_statement=Complies with all TSCA Rules&generate_EDI_and_invoice=true&page_size=0`, { token: admin });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.map((c: any) => c.name)).toContain('Crude to Montana');
    const csv = await s.call('POST', `${CB}/download_table/`, { token: admin, body: { columns: ['name', 'TSCA_statement', 'census_schedule'] } });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('Complies with all TSCA Rules');
  });

  it('is not another company\'s, nor an operator\'s to make', async () => {
    const [one] = (await s.call('GET', `${CB}/?page_size=0`, { token: admin })).body;
    expect((await s.call('GET', `${CB}/${one.id}/`, { token: partner })).status).toBe(404);
    expect((await s.call('POST', `${CB}/`, { token: operator, body: { name: 'x' } })).status).toBe(403);
  });
});
