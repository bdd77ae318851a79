/**
 * The rail bill of lading's PDF (docs/rail.md, 10.4 Tests), read back as text from snapshots of
 * the shared facts (./rail-bol-fixtures.ts). With BOL_SAMPLES=<dir> the documents are also written
 * there, to be looked at.
 */
import { describe, expect, it } from 'vitest';
import { bolSnapshot } from '../../server/actions/rail/bol-snapshot';
import type { LoadedCar } from '../../server/actions/rail/bol-facts';
import { railBolV1 } from '../../server/print/rail-bol';
import { packagesLabel } from '../../server/print/rail-bol-blocks';
import { basicDescription } from '../../src/lib/hazmat-description';
import { CFR_172_204_CERTIFICATION, TDG_3_6_1_CERTIFICATION } from '../../server/print/rail-bol-text';
import { ISSUED, PRINTED, canola, car, consignee, crude, facts, freightPayer, pageOf, render, second, shipper, snapshot } from './rail-bol-fixtures';

describe('a shipped crude oil bill of lading of four tank cars', () => {
  it('carries every block of §10.1 with the snapshot\'s values, on one page', async () => {
    const r = await render(snapshot(), null, 'bol-sample');
    expect(r.pageCount).toBe(1);
    for (const want of [
      'Straight bill of lading - rail - not negotiable', 'Original',
      'PBT26000042', 'RS-000123', '2026-11-23 14:05 MST', 'PO-7781', 'S-2026-0012',
      // Issuing company, shipper and consignee with their addresses.
      'Prairie Bulk Terminals Ltd.', '55 Range Road 222', 'Fort Saskatchewan AB T8L 2P4, CA',
      'Gulf Coast Refining LLC', '1200 Refinery Rd', 'Port Arthur TX 77640, US', 'Tel. +1 409 555 0199',
      // Every party named, with its form label.
      'FREIGHT PAYER', 'Northern Crude Marketing Inc.', 'NOTIFY PARTY', 'Jones & Sons Brokers Inc.', 'CUSTOMS BROKER (US)', 'Border Customs Services LLC',
      // Origin and destination with SPLC; carrier, routing, billing type.
      'Fort Saskatchewan Terminal', 'SPLC 402570', 'Port Arthur Refinery', 'SPLC 663790',
      'Canadian National Railway', 'SCAC CN', 'CN EMRSN BNSF', 'RULE 11', 'Multiple car',
      'Third party',
      // Commodity, quantity, emergency.
      'UN1267, PETROLEUM CRUDE OIL, 3, PG I', '4910165', '2709.00', '4 tank cars', '363,800.3 L net',
      // The emergency telephone as TDG s. 3.5(1)(f) and 49 CFR 172.604 name it; ERAP before the ERAP number (TDG s. 3.6(1)(a)).
      'EMERGENCY RESPONSE TELEPHONE, 24-Hour Number: 1-800-424-9300 (CHEMTREC)', 'ERAP 2-1008-005',
      // Export.
      'EP-2026-118', 'CAED 20261123-0042',
      // Certification and signatures.
      'Dana Whitford', "CARRIER'S AGENT", 'Agent signature or stamp',
      'BOL PBT26000042 rev 0 · rail-bol-custom v3 · issued 2026-11-23 14:05 MST · Page 1 of 1',
    ]) expect(r.flat, want).toContain(want);
    expect(r.flat).not.toMatch(/DRAFT|VOID/);
  });

  it('lists each car with its mark and number, seals, volumes and weights as §4.4 works them out', async () => {
    const r = await render(snapshot());
    const row = (mark: string) => r.text.split('\n').find((l) => l.includes(mark)) ?? '';
    // shell, outage, factor, density -> gross gal, net gal, gross L, net L, kg, lb (§4.4's table).
    expect(row('TILX 1234 ')).toMatch(/TILX 1234\s+Tank car\s+S123401, S123402\s+29,400\.00\s+28,959\.00\s+111,291\.1\s+109,621\.7\s+95,370\.9\s+210,257/);
    expect(row('TILX 205338 ')).toMatch(/25,087\.50\s+24,777\.77\s+94,966\.5\s+93,794\.0\s+47,647\.4\s+105,045/);
    for (const seal of ['S20533801', 'S20533802', 'S20533803', 'S20533804']) expect(r.flat).toContain(seal);
    expect(row('GATX 88110 ')).toMatch(/13,464\.00\s+13,410\.14\s+50,966\.8\s+50,762\.9\s+92,896\.1\s+204,801/);
    expect(row('UTLX 640017 ')).toMatch(/28,959\.00\s+111,291\.1\s+109,621\.7\s+95,370\.9\s+210,257/);
    // Under its row, a car's embargo, permit and customs barcode.
    expect(r.flat).toContain('TILX 205338: Embargo no. EMB-55012 · Embargo permit no. P-778120 · Customs barcode 40012345678901');
    // The totals are the sums of the cars' printed values.
    expect(r.flat).toMatch(/Total: 4 cars\s+97,351\.50\s+96,105\.91\s+368,515\.5\s+363,800\.3\s+331,285\.3\s+730,360/);
  });

  it('prints the certifications word for word, signed by the certifier with the issue date', async () => {
    const r = await render(snapshot());
    // The regulations' own words, written out here so that a change of wording in rail-bol-text.ts fails:
    // 49 CFR 172.204(a)(1) and the TDG Regulations s. 3.6.1(1)(a) (docs/rail.md §10.7).
    expect(CFR_172_204_CERTIFICATION).toBe('This is to certify that the above-named materials are properly classified, described, packaged, marked and labeled, and are in proper condition for transportation according to the applicable regulations of the Department of Transportation.');
    expect(TDG_3_6_1_CERTIFICATION).toBe('I hereby declare that the contents of this consignment are fully and accurately described above by the proper shipping name, are properly classified and packaged, have dangerous goods safety marks properly affixed or displayed on them, and are in all respects in proper condition for transport according to the Transportation of Dangerous Goods Regulations.');
    expect(r.flat).toContain(`49 CFR 172.204(a)(1): ${CFR_172_204_CERTIFICATION}`);
    expect(r.flat).toContain(`TDG Regulations, s. 3.6.1(1)(a): ${TDG_3_6_1_CERTIFICATION}`);
    // The certification follows the description it certifies (TDG s. 3.6.1(1): "after the information required under section 3.5").
    expect(r.flat.indexOf(TDG_3_6_1_CERTIFICATION)).toBeGreaterThan(r.flat.indexOf('UN1267, PETROLEUM CRUDE OIL, 3, PG I'));
    expect(r.flat).toMatch(/Certified for the shipper by: Dana Whitford\s+Date: 2026-11-23/);
    expect(r.flat).toContain('Signature, per Dana Whitford');
  });

  it('is rendered the same twice from one snapshot', async () => {
    const s = snapshot();
    const [a, b] = [await render(s), await render(structuredClone(s))];
    expect(a.text).toBe(b.text);
  });
});

describe('layout version 1, as archived copies were issued', () => {
  it('still prints its own labels and names itself v1', async () => {
    const r = await render(snapshot(), null, 'bol-sample-v1', railBolV1);
    expect(r.pageCount).toBe(1);
    for (const want of ['4 cars', '24-HOUR EMERGENCY TELEPHONE: 1-800-424-9300 (CHEMTREC)', 'ERAP NO.: 2-1008-005', 'BOL PBT26000042 rev 0 · rail-bol-custom v1 · issued 2026-11-23 14:05 MST']) {
      expect(r.flat, want).toContain(want);
    }
    expect(r.flat).not.toContain('24-Hour Number');
    expect(r.flat).not.toContain('tank cars');
  });
});

describe('the number and type of packages', () => {
  it('counts the cars by type in their order, a type without a plain name as a car', () => {
    expect(packagesLabel(snapshot())).toBe('4 tank cars');
    const mixed = [car('TILX', 1, 0), car('CNWX', 2, 2, { car_type: 'C' }), car('TILX', 3, 0), car('XYZX', 4, 0, { car_type: 'L' })];
    expect(packagesLabel(snapshot(facts({ cars: mixed })))).toBe('2 tank cars, 1 covered hopper, 1 car');
  });
});

describe('the basic description', () => {
  it('is in the regulated order, the technical name in parentheses after the shipping name', () => {
    expect(basicDescription(crude)).toBe('UN1267, PETROLEUM CRUDE OIL, 3, PG I');
    expect(basicDescription({ unCode: 'UN1993', shipping_name: 'Flammable liquid, n.o.s.', technical_name: 'xylene, ethanol', class: '3', packingGroup: 'II' }))
      .toBe('UN1993, FLAMMABLE LIQUID, N.O.S. (xylene, ethanol), 3, PG II');
    expect(basicDescription({ unCode: 'UN1075', shipping_name: 'Liquefied petroleum gas', class: '2.1' })).toBe('UN1075, LIQUEFIED PETROLEUM GAS, 2.1');
  });
});

describe('page rules', () => {
  it('repeats the cars heading on the next page for 40 cars, and keeps the certification and signatures whole and not alone', async () => {
    const cars = Array.from({ length: 40 }, (_, i) => car('TILX', 3000 + i, i % 3));
    const r = await render(snapshot(facts({ cars })), null, 'bol-sample-40');
    expect(r.pageCount).toBeGreaterThanOrEqual(2);
    expect(r.pages).toHaveLength(r.pageCount);
    for (const [i, page] of r.pages.entries()) {
      expect(page, `footer of page ${i + 1}`).toContain(`rail-bol-custom v3 · issued 2026-11-23 14:05 MST · Page ${i + 1} of ${r.pageCount}`);
    }
    // Page 2 starts with the cars: the table's title and column headings are repeated above them.
    expect(pageOf(r, 'TILX 3039')).toBeGreaterThan(0);
    const second = r.pages[1];
    // A line in the top margin says whose page it is.
    expect(second).toMatch(/^\s*BOL PBT26000042 rev 0, RS-000123 \(continued\)\s*\n\s*CARS \(40\)\s*\n/);
    expect(second).toMatch(/#\s+Car\s+Type\s+Seals/);
    expect(second).toMatch(/US gal\s+US gal\s+litres\s+litres\s+kg\s+lb/);
    expect(r.flat).toMatch(/Total: 40 cars/);
    // The certification and the signatures on one page, with something they sign for before them.
    const certified = pageOf(r, "SHIPPER'S CERTIFICATION");
    expect(certified).toBeGreaterThanOrEqual(0);
    expect(pageOf(r, 'Agent signature or stamp')).toBe(certified);
    const before = r.pages[certified].split("SHIPPER'S CERTIFICATION")[0];
    expect(before).toMatch(/Export permit|TILX \d+|Total: 40 cars/);
  });

  it('fits one to eight cars on one page', async () => {
    for (const n of [1, 8]) {
      const cars = Array.from({ length: n }, (_, i) => car('TILX', 5000 + i, i % 3, i % 2 ? { embargo_number: `E-${i}` } : {}));
      expect((await render(snapshot(facts({ cars })), null, `bol-sample-${n}`)).pageCount, `${n} cars`).toBe(1);
    }
  });
});

describe('copies that are not a valid document', () => {
  it('a void copy says VOID, why, when and by whom', async () => {
    const v = { ...snapshot(), kind: 'void' as const, void_reason: 'Released to the wrong railroad', voided_at: '2026-11-24T23:15:00.000Z', voided_by: 'Sam Siteadmin' };
    const r = await render(v, null, 'bol-sample-void');
    expect(r.flat).toContain('VOID: Released to the wrong railroad. This bill of lading is not valid for transport.');
    expect(r.flat).toContain('Voided 2026-11-24 16:15 MST by Sam Siteadmin');
    expect(r.flat).toContain('Original - VOID');
    expect(r.flat).toContain('BOL PBT26000042 rev 0 VOID · rail-bol-custom v3 · issued 2026-11-23 14:05 MST');
  });

  it('a draft says DRAFT, has no BOL number yet, and is not signed', async () => {
    const f = facts({}, { status: 'open', bol_number: null, shipped_at: null });
    const r = await render(bolSnapshot(f, { ...ISSUED, issuedAt: PRINTED }), 'draft', 'bol-sample-draft');
    expect(r.flat).toContain('DRAFT: not a bill of lading.');
    expect(r.flat).toContain('Not yet given');
    expect(r.flat).toContain('Shipment RS-000123 draft · rail-bol-custom v3 · printed 2026-11-24 09:30 MST');
    expect(r.flat).not.toMatch(/Date: 2026/);
  });

  it('a correction draft names the revision it will issue; a corrected copy says which revision it is and why', async () => {
    const draft = await render(snapshot(facts({}, { status: 'in_correction', bol_revision: 1 })), 'correction_draft', 'bol-sample-correction');
    expect(draft.flat).toContain('CORRECTION DRAFT of revision 2: BOL PBT26000042 revision 1 stays in force');
    expect(draft.flat).toContain('Correction draft, revision 2');
    const corrected = await render(bolSnapshot(facts({}, { bol_revision: 2, correction_reason: 'Seal number of TILX 1234 mistyped' }), { ...ISSUED, kind: 'corrected' }));
    expect(corrected.flat).toContain('Corrected, revision 2');
    expect(corrected.flat).toContain('Correction: Seal number of TILX 1234 mistyped');
    expect(corrected.flat).toContain('BOL PBT26000042 rev 2 · rail-bol-custom v3');
  });
});

describe('other shipments', () => {
  it('a product that is not a dangerous good says so, and carries no certification', async () => {
    const r = await render(snapshot(facts({ product: canola })), null, 'bol-sample-canola');
    expect(r.flat).toContain('Not regulated as dangerous goods');
    expect(r.flat).toContain('Canola oil (CANOLA)');
    expect(r.flat).not.toContain('UN1267');
    expect(r.flat).not.toContain("SHIPPER'S CERTIFICATION");
    expect(r.flat).not.toContain('EMERGENCY TELEPHONE');
  });

  it('a master billing groups its cars under each sub-billing\'s number and consignee, with their totals and the master\'s', async () => {
    const sub = (number: string, bol: string, who: Record<string, unknown>, cars: LoadedCar[]) =>
      facts({ parties: { shipper, consignee: who }, cars }, { shipment_number: number, bol_number: bol });
    const master = facts({
      parties: { shipper, consignee, freight_payer: freightPayer },
      cars: [],
      subBillings: [
        sub('RS-000124', 'PBT26000043', consignee, [car('TILX', 1234, 0), car('TILX', 1235, 1)]),
        sub('RS-000125', 'PBT26000044', second, [car('GATX', 88110, 2), car('UTLX', 640017, 0)]),
      ],
    }, { is_master_billing: true, shipment_number: 'RS-000122', bol_number: 'PBT26000041' });
    const r = await render(snapshot(master), null, 'bol-sample-master');
    expect(r.pageCount).toBe(1);
    const at = (needle: string) => r.flat.indexOf(needle);
    expect(r.flat).toContain('CARS OF SUB-BILLING 1 OF 2');
    expect(r.flat).toContain('CARS OF SUB-BILLING 2 OF 2');
    expect(r.flat).toContain('Sub-billing RS-000124 BOL PBT26000043 Consignee Gulf Coast Refining LLC, Port Arthur, TX, US');
    expect(r.flat).toContain('Sub-billing RS-000125 BOL PBT26000044 Consignee Lakehead Asphalt Co., Thunder Bay, ON, CA');
    // Each group's cars under its heading, numbered on through the master.
    expect(at('Sub-billing RS-000124 BOL')).toBeLessThan(at('TILX 1234 '));
    expect(at('TILX 1235 ')).toBeLessThan(at('Sub-billing RS-000125 BOL'));
    expect(at('Sub-billing RS-000125 BOL')).toBeLessThan(at('GATX 88110'));
    expect(r.flat).toMatch(/4 UTLX 640017/);
    expect(r.flat).toMatch(/Sub-billing RS-000124: 2 cars\s+54,487\.50\s+53,736\.77/);
    expect(r.flat).toMatch(/Sub-billing RS-000125: 2 cars\s+42,864\.00\s+42,369\.14/);
    expect(r.flat).toMatch(/Master billing total: 4 cars\s+97,351\.50\s+96,105\.91\s+368,515\.5\s+363,800\.3\s+331,285\.3\s+730,360/);
  });
});
