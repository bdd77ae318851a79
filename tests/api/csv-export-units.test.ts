/**
 * Units in the CSV export (docs/table.md, Export): a quantity with a declared unit carries it in
 * its header (`Observed temperature (°C)`); a quantity whose unit is each row's own (a ticket's
 * volumes, in its `volume_unit`) names the column that holds the unit, and that column is exported
 * beside it when the columns asked for leave it out, so a spreadsheet reads `38.412` with `m³`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { TB, type Terminal, getBinary, makeTerminal, ticketBody } from './terminal-tickets-fixtures';
import { ticket } from '../../src/resources/terminal/ticket';
import { withUnitColumns } from '../../server/engine/csv-export';

let s: TestServer;
let admin: string;
let t: Terminal;
let barrels: any;

beforeAll(async () => {
  s = await startServer();
  admin = await s.login('siteadmin@demo.test');
  t = await makeTerminal(s, admin, 'U');
  const res = await s.call('POST', '/api/terminalboss/measurementunit/', { token: admin, body: { name: 'Barrel (US)', code: 'bbl-us', unit_type: 'volume' } });
  expect(res.status, res.text).toBe(201);
  barrels = res.body;
  for (const [code, unit, gross, net] of [['U-1', t.unit.id, '38.412', '37.986'], ['U-2', barrels.id, '241.500', '239.120'], ['U-3', null, '1.000', null]]) {
    const made = await s.call('POST', `${TB}/ticket/`, { token: admin, body: ticketBody(t, { code, bol_number: 'UNITS', volume_unit: unit, gross_volume: gross, net_volume: net, temperature: '12.40' }) });
    expect(made.status, made.text).toBe(201);
  }
});
afterAll(() => s?.close());

async function exported(body: object): Promise<string[]> {
  const res = await getBinary(s, admin, `${TB}/ticket/download_table/`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ filters: { bol_number: 'UNITS' }, ordering: 'code', ...body }),
  });
  expect(res.status, res.body.toString('utf8')).toBe(200);
  return res.body.subarray(3).toString('utf8').split('\r\n').slice(0, -1);
}

describe('CSV headers of quantities', () => {
  it('name the unit column of a per-ticket unit and export it before the volumes when it was not asked for', async () => {
    const lines = await exported({ columns: ['code', 'gross_volume', 'net_volume', 'temperature'] });
    expect(lines).toEqual([
      '"Code","Volume unit","Gross volume (in Volume unit)","Net volume (in Volume unit)","Observed temperature (°C)"',
      '"U-1","m³","38.412","37.986","12.40"',
      '"U-2","bbl-us","241.500","239.120","12.40"',
      '"U-3","","1.000","","12.40"',
    ]);
  });

  it('keep the unit column where the user put it, once', async () => {
    const lines = await exported({ columns: ['net_volume', 'code', 'volume_unit'] });
    expect(lines[0]).toBe('"Net volume (in Volume unit)","Code","Volume unit"');
    expect(lines[2]).toBe('"239.120","U-2","bbl-us"');
  });

  it('do so for the ticket list\'s own columns too', async () => {
    const [header] = await exported({});
    expect(header).toMatch(/"Carrier","Volume unit","Net volume \(in Volume unit\)"$/);
  });

  it('are declared once: the metadata and the JSON Schema say which field holds the unit', async () => {
    const meta = await s.call('OPTIONS', `${TB}/ticket/`, { token: admin });
    expect(meta.status, meta.text).toBe(200);
    const fields = (meta.body.actions?.POST ?? meta.body.fields ?? {}) as Record<string, { unit_field?: string; unit?: string }>;
    expect(fields.net_volume).toMatchObject({ unit_field: 'volume_unit' });
    expect(fields.temperature).toMatchObject({ unit: '°C' });
    expect(fields.temperature.unit_field).toBeUndefined();
    const schema = await s.call('GET', `${TB}/ticket/schema/`, { token: admin });
    expect(schema.body.properties.gross_volume).toMatchObject({ 'x-unit-field': 'volume_unit' });
    expect(withUnitColumns(ticket, ['code', 'water_volume', 'gross_volume'])).toEqual(['code', 'volume_unit', 'water_volume', 'gross_volume']);
    expect(withUnitColumns(ticket, ['code', 'temperature'])).toEqual(['code', 'temperature']);
  });
});
