import { describe, expect, it } from 'vitest';
import { readBol } from '../../src/lib/bol-extract';

// The text pdf.js reads from the BOL this system prints (trimmed), and a railroad's plain layout.
const OURS = `Prairie Bulk Terminals Ltd.
Straight bill of lading - rail - not negotiable
BOL no. PBT26000048 Shipment no. RS-000054
Ship date 2026-11-24 Issued 2026-11-24 14:00 MST
ORIGIN (SHIPPED FROM)
Edmonton Transload
DESTINATION
Fort Saskatchewan Terminal
SPLC 792410
PARTIES
SHIPPER
Prairie Bulk Terminals Ltd.
CONSIGNEE
Northern Refining Partners Inc.
X UN1202, DIESEL FUEL, 3, PG III
4915247 2710.19 2 tank cars
1 PROX 200042 Tank car S924692, S493440 24,342.08
2 TILX 200043 Tank car S084904, S962865 27,119.47
49 CFR 172.204(a)(1): This is to certify
SHIPPER'S CERTIFICATION (DANGEROUS GOODS)`;

const RAILROAD = `UNIFORM STRAIGHT BILL OF LADING
B/L No: 8841-2291    Date: Nov 3, 2026
Shipper: Gulf Coast Refining LLC
Consignee: Northern Refining
Car Initial/Number: GATX 205338
Car: UTLX-640200   Seal 12
Received 11/04/2026`;

describe('reading a bill of lading', () => {
  it("reads this system's own BOL: number, ship date, parties, places and cars, not codes", () => {
    const r = readBol(OURS);
    expect(r).toMatchObject({
      bol_number: 'PBT26000048', bol_date: '2026-11-24', shipper: 'Prairie Bulk Terminals Ltd.', consignee: 'Northern Refining Partners Inc.',
      origin: 'Edmonton Transload', destination: 'Fort Saskatchewan Terminal',
    });
    // RS-000054 and CFR 172 are shaped like cars: the server keeps only fleet and private cars (docs/documents.md, Reading).
    expect(r.cars).toEqual(expect.arrayContaining(['PROX 200042', 'TILX 200043']));
    expect(r.cars).not.toContain('UN 1202');
    expect(r.cars).not.toContain('SPLC 792410');
  });

  it("reads a railroad's layout: B/L No, a written date, labelled parties, cars with a dash", () => {
    const r = readBol(RAILROAD);
    expect(r).toMatchObject({ bol_number: '8841-2291', bol_date: '2026-11-03', shipper: 'Gulf Coast Refining LLC', consignee: 'Northern Refining' });
    expect(r.dates).toEqual(['2026-11-03', '2026-11-04']);
    expect(r.cars).toEqual(['GATX 205338', 'UTLX 640200']);
  });

  it('finds nothing in a text without a bill, and no impossible dates', () => {
    expect(readBol('Invoice 2026-02-30 total 12')).toMatchObject({ bol_number: null, bol_date: null, cars: [], shipper: null });
  });
});
