/**
 * The EDI X12 404 of a bill of lading (docs/rail.md, 10.5 EDI X12 404): a whole small document
 * written out by hand, the envelope's fixed widths and matching counts and control numbers, the
 * segments in the 404's order, hazardous and non-hazardous products, several cars, a party
 * without an address, delimiters in names, refusals, and properties over any text a record holds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EDI_404_MAX_CARS, EDI_404_PARTY_ROLES, Edi404Error, renderEdi404, type Edi404Car, type Edi404Shipment,
} from '../../server/print/edi-404';

const grain = (): Edi404Shipment => ({
  envelope: { sender_id: 'PBT', receiver_id: 'CN', control_number: 42, date: '2026-11-23', time: '14:05' },
  kind: 'issued',
  bol_number: 'PBT26000042',
  reference_number: 'PO-7781',
  contract_number: 'S-2026-0012',
  ship_date: '2026-11-23',
  released: { date: '2026-11-23', time: '14:05' },
  railroad: { name: 'Canadian National Railway', scac: 'CN' },
  freight_charges: 'prepaid',
  accounting_rule_11: false,
  billing_type: 'Multiple',
  routing: 'CN EMRSN BNSF',
  origin: { name: 'Fort Saskatchewan Terminal', city: 'Fort Saskatchewan', province: 'AB', country: 'CA', splc: '402570' },
  destination: { name: 'Port Arthur Refinery', city: 'Port Arthur', province: 'TX', country: 'US', splc: '663790' },
  parties: {
    shipper: { name: 'Prairie Bulk Terminals Ltd.', code: 'PBT', address: '55 Range Road 222', city: 'Fort Saskatchewan', province: 'AB', postal_code: 'T8L 2P4', country: 'CA' },
    consignee: { name: 'Gulf Coast Refining LLC', address: '1200 Refinery Rd', city: 'Port Arthur', province: 'TX', postal_code: '77640', country: 'US' },
    notify_party: { name: 'Jones & Sons * Brokers ~ Inc >' },
  },
  cars: [
    { car_mark: 'TILX', car_number: 1234, car_type: 'T', seal_number_1: 'S100', seal_number_2: 'S101', weight: '95370.9' },
    { car_mark: 'GATX', car_number: '205338', car_type: 'C', weight: '90718.5' },
  ],
  product: { name: 'Canola oil', stcc: '2092130', hazardous: false },
});

const crude = (): Edi404Shipment => ({
  ...grain(),
  certifier: 'Dana Whitford',
  product: {
    name: 'Crude oil', stcc: '4910165', hazardous: true, unCode: 'UN1267', class: '3', packingGroup: 'I',
    shipping_name: 'Petroleum crude oil', emergency_phone: '+1 800 555 0142', emergency_registrant: 'CHEMTREC',
  },
});

/** The segments of a document: each line is one segment ended by `~`. */
function segments(edi: string): string[] {
  expect(edi.endsWith('~\n')).toBe(true);
  const lines = edi.slice(0, -1).split('\n');
  for (const line of lines) expect(line).toMatch(/^[A-Z][A-Z0-9]{1,2}\*[^~]*~$/);
  return lines.map((l) => l.slice(0, -1));
}
const ids = (edi: string) => segments(edi).map((s) => s.split('*')[0]);
const find = (edi: string, id: string) => segments(edi).filter((s) => s.split('*')[0] === id).map((s) => s.split('*'));
const refused = (shipment: Edi404Shipment): string[] => {
  try {
    renderEdi404(shipment);
  } catch (e) {
    expect(e).toBeInstanceOf(Edi404Error);
    return (e as Edi404Error).problems;
  }
  throw new Error('expected the shipment to be refused');
};

describe('a whole document', () => {
  it('renders a small non-hazardous shipment exactly, segment by segment', () => {
    expect(renderEdi404(grain())).toBe([
      'ISA*00*          *00*          *ZZ*PBT            *02*CN             *261123*1405*U*00401*000000042*0*P*>~',
      'GS*SR*PBT*CN*20261123*1405*42*X*004010~',
      'ST*404*0001~',
      'BX*00*R*PP*PBT26000042*CN*L*B~',
      'BNX***M~',
      'M3*R*20261123*1405*LT~',
      'N9*BM*PBT26000042~',
      'N9*SI*PO-7781~',
      'N9*CT*S-2026-0012~',
      'DTM*011*20261123~',
      'N7*TILX*1234*210257*N*******TN~',
      'M7*S100*S101~',
      'N7*GATX*205338*200000*N*******HC~',
      'F9**FORT SASKATCHEWAN*AB*CA****402570~',
      'D9**PORT ARTHUR*TX*US****663790~',
      'N1*SH*PRAIRIE BULK TERMINALS LTD.*93*PBT~',
      'N3*55 RANGE ROAD 222~',
      'N4*FORT SASKATCHEWAN*AB*T8L2P4*CA~',
      'N1*CN*GULF COAST REFINING LLC~',
      'N3*1200 REFINERY RD~',
      'N4*PORT ARTHUR*TX*77640*US~',
      'N1*N1*JONES & SONS BROKERS INC~',
      'R2*CN*S*EMRSN~',
      'R2*BNSF*1~',
      'LX*1~',
      'L5*1*CANOLA OIL*2092130*T~',
      'L0*1***410257*N***2*CLD~',
      'SE*26*0001~',
      'GE*1*42~',
      'IEA*1*000000042~',
      '',
    ].join('\n'));
  });

  it('adds the dangerous goods loop of a hazardous product after the line item, bounded by LS/LE, and only those', () => {
    const plain = segments(renderEdi404(grain()));
    const hazardous = segments(renderEdi404(crude()));
    const at = hazardous.indexOf('L0*1***410257*N***2*CLD');
    // LH1: cars (NC), how many, UN number, the hazardous materials STCC, the total pounds (LB), packing group in LH110.
    expect(hazardous.slice(at + 1, -2)).toEqual([
      'LS*LH1',
      'LH1*NC*2*UN1267**4910165*LB*410257***I',
      'LH2*3*P',
      'LH3*PETROLEUM CRUDE OIL*D',
      'PER*HM*CHEMTREC*TE*+1 800 555 0142',
      'LE*LH1',
      'LH6*DANA WHITFORD',
      'SE*33*0001',
    ]);
    expect(hazardous.map((s) => s.replace(/^L5\*1\*CRUDE OIL\*4910165/, 'L5*1*CANOLA OIL*2092130').replace(/^SE\*33/, 'SE*26'))
      .filter((s) => !/^(LS|LH1|LH2|LH3|PER|LE|LH6)\*/.test(s))).toEqual(plain);
  });

  it('sends the ERAP number in LH4, N.O.S. in LH303, and no LH6 without a certifier', () => {
    const s = crude();
    s.certifier = null;
    s.product = { ...s.product, shipping_name: 'Flammable liquid, n.o.s.', technical_name: 'xylene', class: '3', packingGroup: 'II', erap_number: '2-1008-005' };
    const edi = renderEdi404(s);
    expect(find(edi, 'LH3')).toEqual([['LH3', 'FLAMMABLE LIQUID, N.O.S.', 'D', 'NOS']]);
    expect(find(edi, 'LH4')).toEqual([['LH4', '2-1008-005']]);
    expect(find(edi, 'LH6')).toEqual([]);
    // LH4 comes after LFH and before PER, inside the loop.
    const order = ids(edi);
    expect(order.slice(order.indexOf('LS'), order.indexOf('LE') + 1)).toEqual(['LS', 'LH1', 'LH2', 'LH3', 'LFH', 'LH4', 'PER', 'LE']);
    expect(refused({ ...s, product: { ...s.product, erap_number: 'ERAP-2-1008-005' } })).toEqual(['The ERAP number ERAP-2-1008-005 must be 1 to 12 characters for EDI.']);
    // A product whose STCC is not a hazardous materials one (48, 49) leaves LH105 empty.
    expect(find(renderEdi404({ ...s, product: { ...s.product, stcc: '2911110' } }), 'LH1')[0][5]).toBe('');
  });

  it('releases the cars with billing data on the release date and time, else the ship date', () => {
    expect(find(renderEdi404(grain()), 'M3')).toEqual([['M3', 'R', '20261123', '1405', 'LT']]);
    expect(find(renderEdi404({ ...grain(), released: null, ship_date: '2026-11-24' }), 'M3')).toEqual([['M3', 'R', '20261124']]);
    expect(refused({ ...grain(), released: { date: '2026-11-23', time: '25:00' } })).toEqual(['The release time must be a time, HH:mm.']);
  });
});

describe('the entries of a description beyond the basic one (docs/rail.md §10.7)', () => {
  const acid = (): Edi404Shipment => {
    const s = crude();
    s.product = {
      ...s.product, name: 'Sulphuric acid', stcc: '4930040', unCode: 'UN1830', class: '8', packingGroup: 'II', shipping_name: 'Sulfuric acid',
      rq: true, erap_number: '2-0340', erap_phone: '+1 780-555-0148', emergency_registrant: 'CCN 204871',
    };
    return s;
  };

  it('sends RQ in LH205, a residue in LH109, the ERAP telephone in LH402 and the registrant in PER02', () => {
    const edi = renderEdi404({ ...acid(), residue: true });
    const all = segments(edi);
    expect(all.slice(all.indexOf('LS*LH1'), all.indexOf('LE*LH1') + 1)).toEqual([
      'LS*LH1',
      'LH1*NC*2*UN1830**4930040*LB*410257**R*II',
      'LH2*8*P***RQ',
      'LH3*SULFURIC ACID*D',
      'LH4*2-0340*+1 780-555-0148',
      'PER*HM*CCN 204871*TE*+1 800 555 0142',
      'LE*LH1',
    ]);
  });

  it('sends each subsidiary class in an LH2 of its own, the substance, inhalation hazard, marine pollutant and HOT in LFH', () => {
    const s = acid();
    s.product = {
      ...s.product, unCode: 'UN2929', shipping_name: 'Toxic liquid, flammable, organic, n.o.s.', technical_name: 'allyl alcohol', class: '6.1', subsidiary_classes: '3, 8',
      packingGroup: 'I', hazardous_substance: 'Allyl alcohol', inhalation_hazard_zone: 'A', marine_pollutant: true, elevated_temperature: true,
    };
    const edi = renderEdi404(s);
    expect(find(edi, 'LH2')).toEqual([['LH2', '6.1', 'P', '', '', 'RQ'], ['LH2', '3', 'S'], ['LH2', '8', 'S']]);
    expect(find(edi, 'LFH')).toEqual([
      ['LFH', 'TEC', 'ALLYL ALCOHOL'],
      ['LFH', 'HZC', 'ALLYL ALCOHOL'],
      ['LFH', 'PIH', 'POISON-INHALATION HAZARD', '', 'A'],
      ['LFH', 'MPI', 'MARINE POLLUTANT'],
      ['LFH', 'HOT', 'HOT'],
    ]);
    const order = ids(edi);
    expect(order.slice(order.indexOf('LS'), order.indexOf('LE') + 1)).toEqual(['LS', 'LH1', 'LH2', 'LH2', 'LH2', 'LH3', 'LH3', 'LFH', 'LFH', 'LFH', 'LFH', 'LFH', 'LH4', 'PER', 'LE']);
    // Without RQ the substance is not a hazardous substance in this quantity: not sent.
    expect(find(renderEdi404({ ...s, product: { ...s.product, rq: false } }), 'LFH').map((x) => x[1])).toEqual(['TEC', 'PIH', 'MPI', 'HOT']);
    expect(refused({ ...s, product: { ...s.product, subsidiary_classes: '3, 8, 5.1, 4.3' } })).toEqual(['An EDI 404 carries at most 3 subsidiary classes; the product has 4.']);
    expect(refused({ ...s, product: { ...s.product, inhalation_hazard_zone: 'E' } })).toEqual(['The inhalation hazard zone E is not valid for EDI.']);
  });

  it('sends a product issued before these fields existed as it always did', () => {
    // crude() has none of them: the loop of the test above, "adds the dangerous goods loop".
    expect(find(renderEdi404(crude()), 'LH1')).toEqual([['LH1', 'NC', '2', 'UN1267', '', '4910165', 'LB', '410257', '', '', 'I']]);
    expect(find(renderEdi404(crude()), 'LFH')).toEqual([]);
  });
});

describe('the envelope', () => {
  it('ISA is 106 characters with every field at its fixed width', () => {
    const isa = renderEdi404(grain()).split('\n')[0];
    expect(isa).toHaveLength(106);
    const fields = isa.slice(0, -1).split('*');
    expect(fields.map((f) => f.length)).toEqual([3, 2, 10, 2, 10, 2, 15, 2, 15, 6, 4, 1, 5, 9, 1, 1, 1]);
    expect(fields.slice(1)).toEqual(['00', ' '.repeat(10), '00', ' '.repeat(10), 'ZZ', 'PBT'.padEnd(15), '02', 'CN'.padEnd(15),
      '261123', '1405', 'U', '00401', '000000042', '0', 'P', '>']);
  });

  it('pads any sender and receiver to 15 and any control number to 9 digits, and says test when asked', () => {
    const s = grain();
    s.envelope = { sender_id: 'NORTHERNREFINE1', receiver_id: 'BNSF', control_number: 999_999_999, date: '2027-01-02', time: '00:00', test: true };
    s.railroad = { scac: 'BNSF' };
    s.routing = 'BNSF';
    const isa = renderEdi404(s).split('\n')[0];
    expect(isa).toHaveLength(106);
    expect(isa).toBe('ISA*00*          *00*          *ZZ*NORTHERNREFINE1*02*BNSF           *270102*0000*U*00401*999999999*0*T*>~');
  });

  it('SE counts the segments from ST to SE; the control numbers and counts of each envelope match', () => {
    for (const shipment of [grain(), crude(), { ...crude(), cars: manyCars(37) }]) {
      const all = segments(renderEdi404(shipment));
      const st = all.findIndex((s) => s.startsWith('ST*'));
      const se = all.findIndex((s) => s.startsWith('SE*'));
      const [, seCount, seControl] = all[se].split('*');
      expect(Number(seCount)).toBe(se - st + 1);
      expect(seControl).toBe(all[st].split('*')[2]);
      const isa = all[0].split('*');
      const gs = all[1].split('*');
      const ge = all[all.length - 2].split('*');
      const iea = all[all.length - 1].split('*');
      expect(ge[1]).toBe('1'); // one transaction set in the group
      expect(iea[1]).toBe('1'); // one group in the interchange
      expect(ge[2]).toBe(gs[6]);
      expect(iea[2]).toBe(isa[13]);
      expect(Number(gs[6])).toBe(Number(isa[13]));
      expect(all.filter((s) => /^(ISA|GS|ST|SE|GE|IEA)\*/.test(s))).toHaveLength(6);
    }
  });

  it('gives the same text every time (an archive row keeps its control number)', () => {
    expect(renderEdi404(crude())).toBe(renderEdi404(crude()));
  });

  it('refuses a control number, sender or time that does not fit', () => {
    expect(refused({ ...grain(), envelope: { ...grain().envelope, control_number: 0 } })).toEqual(['The control number 0 must be a whole number from 1 to 999,999,999.']);
    expect(refused({ ...grain(), envelope: { ...grain().envelope, control_number: 1_000_000_000 } })).toHaveLength(1);
    expect(refused({ ...grain(), envelope: { ...grain().envelope, sender_id: 'A-SENDER-CODE-LONGER' } })).toEqual(['The sender id (the company code) A-SENDER-CODE-LONGER must be 2 to 15 characters for EDI.']);
    expect(refused({ ...grain(), envelope: { ...grain().envelope, time: '24:00', date: '23/11/2026' } })).toEqual([
      'The interchange date must be a date, yyyy-MM-dd.', 'The interchange time must be a time, HH:mm.',
    ]);
  });
});

describe('the segments, in the order of the 404', () => {
  it('heading, cars, stations, parties, route, commodity, dangerous goods', () => {
    const s = crude();
    s.parties = { ...s.parties, freight_payer: { name: 'Marketer Inc', address: '1 Main St', city: 'Calgary', province: 'AB', country: 'CA' }, exporter: { name: 'Prairie Bulk Terminals Ltd.' } };
    s.freight_charges = 'third_party';
    s.cars = [
      { car_mark: 'TILX', car_number: 1, car_type: 'T', seal_number_1: 'A1', weight: '1000' },
      { car_mark: 'TILX', car_number: 2, car_type: 'T', weight: '1000' },
      { car_mark: 'UTLX', car_number: 3, car_type: 'T', seal_number_3: 'C3', seal_number_4: 'D4', weight: '1000' },
    ];
    s.product.technical_name = 'contains benzene';
    expect(ids(renderEdi404(s))).toEqual([
      'ISA', 'GS', 'ST', 'BX', 'BNX', 'M3', 'N9', 'N9', 'N9', 'DTM',
      'N7', 'M7', 'N7', 'N7', 'M7',
      'F9', 'D9',
      'N1', 'N3', 'N4', 'N1', 'N3', 'N4', 'N1', 'N3', 'N4', 'N1', 'N1',
      'R2', 'R2',
      'LX', 'L5', 'L0', 'LS', 'LH1', 'LH2', 'LH3', 'LFH', 'PER', 'LE', 'LH6',
      'SE', 'GE', 'IEA',
    ]);
    const edi = renderEdi404(s);
    expect(find(edi, 'N1').map((n) => n[1])).toEqual(['SH', 'CN', 'BT', 'N1', 'EX']);
    expect(find(edi, 'M7')).toEqual([['M7', 'A1'], ['M7', 'C3', 'D4']]);
    expect(find(edi, 'BX')[0][3]).toBe('TP');
  });

  it('puts every named party in the bill of lading\'s order, each with its entity code, at most ten', () => {
    const s = grain();
    const codes = (roles: readonly string[]) => {
      const edi = renderEdi404({ ...s, parties: Object.fromEntries(roles.map((role) => [role, { name: role }])) });
      expect(ids(edi).filter((id) => id === 'N3' || id === 'N4')).toEqual([]);
      return find(edi, 'N1').map((n) => [n[1], n[2]]);
    };
    const [first, rest] = [EDI_404_PARTY_ROLES.slice(0, 10), EDI_404_PARTY_ROLES.slice(10)];
    expect(codes(first)).toEqual([
      ['SH', 'SHIPPER'], ['CN', 'CONSIGNEE'], ['BT', 'FREIGHT_PAYER'], ['SF', 'SHIP_FROM'], ['C1', 'CARE_PARTY'], ['PW', 'PICKUP_PARTY'],
      ['N1', 'NOTIFY_PARTY'], ['N2', 'NOTIFY_PARTY_2'], ['UC', 'ULTIMATE_CONSIGNEE'], ['ZS', 'MONITORING_PARTY'],
    ]);
    expect(codes(['shipper', 'consignee', ...rest.slice(0, 8)]).slice(2)).toEqual([
      ['FW', 'FORWARDER'], ['BN', 'BENEFICIAL_OWNER'], ['AO', 'ACCOUNT_OF'], ['AP', 'ACCOUNT_OF_ORIGIN'], ['AQ', 'ACCOUNT_OF_DESTINATION'],
      ['XQ', 'CUSTOM_BROKER'], ['XU', 'CUSTOM_BROKER_US'], ['XR', 'CUSTOM_BROKER_MX'],
    ]);
    expect(codes(['shipper', 'consignee', ...rest.slice(8)]).slice(2)).toEqual([['IM', 'IMPORTER'], ['EX', 'EXPORTER']]);
    // The heading's N1 loop repeats at most ten times.
    expect(refused({ ...s, parties: Object.fromEntries(EDI_404_PARTY_ROLES.map((role) => [role, { name: role }])) }))
      .toEqual(['An EDI 404 names at most 10 parties; this one names 20.']);
  });

  it('names the freight payer of a Rule 11 shipment as the party to be billed under Rule 11', () => {
    const s = { ...grain(), accounting_rule_11: true, parties: { ...grain().parties, freight_payer: { name: 'Marketer Inc' } } };
    expect(find(renderEdi404(s), 'N1').map((n) => n[1])).toEqual(['SH', 'CN', '11', 'N1']);
    expect(find(renderEdi404({ ...s, accounting_rule_11: false }), 'N1').map((n) => n[1])).toEqual(['SH', 'CN', 'BT', 'N1']);
  });

  it('the heading says what the document is and how the freight is paid', () => {
    const bx = (s: Edi404Shipment) => find(renderEdi404(s), 'BX')[0];
    // BX07 B: a bill of lading for an individual shipment; a master billing leaves it out.
    expect(bx(grain())).toEqual(['BX', '00', 'R', 'PP', 'PBT26000042', 'CN', 'L', 'B']);
    expect(bx({ ...grain(), master_billing: true })).toEqual(['BX', '00', 'R', 'PP', 'PBT26000042', 'CN', 'L']);
    expect(bx({ ...grain(), freight_charges: 'third_party', parties: { ...grain().parties, freight_payer: { name: 'Payer' } } })[3]).toBe('TP');
    expect(bx({ ...grain(), kind: 'corrected' })[1]).toBe('05');
    expect(bx({ ...grain(), kind: 'void' })[1]).toBe('01');
    expect(bx({ ...grain(), freight_charges: 'collect' })[3]).toBe('CC');
    expect(bx({ ...grain(), freight_charges: 'collect', accounting_rule_11: true })[3]).toBe('11');
    expect(find(renderEdi404({ ...grain(), billing_type: 'Single' }), 'BNX')[0]).toEqual(['BNX', '', '', 'S']);
    expect(find(renderEdi404({ ...grain(), billing_type: 'Unit' }), 'BNX')[0]).toEqual(['BNX', '', '', 'U']);
  });

  it('leaves out the references that are not set', () => {
    const edi = renderEdi404({ ...grain(), reference_number: null, contract_number: '' });
    expect(find(edi, 'N9')).toEqual([['N9', 'BM', 'PBT26000042']]);
  });

  it('a route of one railroad, and a route through two junctions, each junction on the railroad that hands the cars over', () => {
    expect(find(renderEdi404({ ...grain(), routing: '' }), 'R2')).toEqual([['R2', 'CN', 'S']]);
    expect(find(renderEdi404({ ...grain(), routing: 'cn-emrsn-bnsf chgo csxt' }), 'R2')).toEqual([
      ['R2', 'CN', 'S', 'EMRSN'], ['R2', 'BNSF', '1', 'CHGO'], ['R2', 'CSXT', '2'],
    ]);
    // A Rule 11 shipment's origin carrier is R.
    expect(find(renderEdi404({ ...grain(), accounting_rule_11: true }), 'R2')).toEqual([['R2', 'CN', 'R', 'EMRSN'], ['R2', 'BNSF', '1']]);
  });
});

/** `n` cars TILX 1..n, every third a covered hopper, every other one sealed. */
function manyCars(n: number): Edi404Car[] {
  return Array.from({ length: n }, (_, i) => ({
    car_mark: 'TILX', car_number: i + 1, car_type: i % 3 === 2 ? 'C' : 'T', weight: '45359.2',
    ...(i % 2 === 0 ? { seal_number_1: `S${i + 1}`.padEnd(2, '0') } : {}),
  }));
}

describe('several cars', () => {
  it('one N7 per car, one M7 per car with seals, their pounds in L0', () => {
    const edi = renderEdi404({ ...grain(), cars: manyCars(40) });
    const n7 = find(edi, 'N7');
    expect(n7).toHaveLength(40);
    expect(n7.map((n) => `${n[1]} ${n[2]}`)).toEqual(Array.from({ length: 40 }, (_, i) => `TILX ${i + 1}`));
    expect(n7.every((n) => n[3] === '100000')).toBe(true); // 45,359.2 kg is 99,999.9 lb
    expect(n7.map((n) => n[11])).toEqual(Array.from({ length: 40 }, (_, i) => (i % 3 === 2 ? 'HC' : 'TN')));
    expect(find(edi, 'M7')).toHaveLength(20);
    expect(find(edi, 'L0')[0]).toEqual(['L0', '1', '', '', '4000000', 'N', '', '', '40', 'CLD']);
    // Each M7 follows its own car's N7.
    const order = ids(edi).filter((id) => id === 'N7' || id === 'M7');
    expect(order.slice(0, 5)).toEqual(['N7', 'M7', 'N7', 'N7', 'M7']);
  });

  it('takes 500 cars and refuses 501, and refuses none', () => {
    expect(find(renderEdi404({ ...grain(), cars: manyCars(EDI_404_MAX_CARS) }), 'N7')).toHaveLength(500);
    expect(refused({ ...grain(), cars: manyCars(501) })).toEqual(['An EDI 404 carries at most 500 cars; this one has 501.']);
    expect(refused({ ...grain(), cars: [] })).toEqual(['A bill of lading without cars has no EDI 404.']);
  });

  it('writes a car number without its padding, and the equipment code of its type', () => {
    const edi = renderEdi404({ ...grain(), cars: [
      { car_mark: 'gatx', car_number: '001234', car_type: 'B', weight: '0' },
      { car_mark: 'TTGX', car_number: 5, car_type: 'F', weight: '0.4' },
      { car_mark: 'BNSF', car_number: 7, car_type: 'G', weight: '0' },
      { car_mark: 'ARMN', car_number: 8, car_type: 'R', weight: '0' },
      { car_mark: 'DTTX', car_number: 9, car_type: 'S', weight: '0' },
      { car_mark: 'TTGX', car_number: 10, car_type: 'V', weight: '0' },
    ] });
    const n711 = (n: string[]) => [n[1], n[11]];
    expect(find(edi, 'N7').slice(0, 2)).toEqual([
      ['N7', 'GATX', '1234', '0', 'N', '', '', '', '', '', '', 'BX'],
      ['N7', 'TTGX', '5', '1', 'N', '', '', '', '', '', '', 'RF'],
    ]);
    // Gondola RO, reefer RC, stack car SK; a type without its own code (autorack) RR, rail car.
    expect(find(edi, 'N7').slice(2).map(n711)).toEqual([['BNSF', 'RO'], ['ARMN', 'RC'], ['DTTX', 'SK'], ['TTGX', 'RR']]);
  });
});

describe('a party without an address', () => {
  it('is an N1 alone; a party with only a city or a country gets an N4 without an N3', () => {
    const s = grain();
    s.parties.consignee = { name: 'Gulf Coast Refining LLC' };
    s.parties.notify_party = { name: 'Notify Co', country: 'US' };
    const all = segments(renderEdi404(s));
    const cn = all.indexOf('N1*CN*GULF COAST REFINING LLC');
    expect(all[cn + 1]).toBe('N1*N1*NOTIFY CO');
    expect(all[cn + 2]).toBe('N4****US');
    expect(all[cn + 3]).toBe('R2*CN*S*EMRSN');
  });

  it('a long or two-line address takes N301 and N302, 55 characters each', () => {
    const s = grain();
    s.parties.consignee!.address = 'Suite 1200, Gulf Coast Refining Tower, 4000 Procter Street East Entrance, Port Arthur Industrial Park';
    const n3 = find(renderEdi404(s), 'N3')[1];
    expect(n3).toHaveLength(3);
    expect(n3[1].length).toBeLessThanOrEqual(55);
    expect(n3[2].length).toBeLessThanOrEqual(55);
    expect(`${n3[1]} ${n3[2]}`).toMatch(/^SUITE 1200, GULF COAST REFINING TOWER, 4000 PROCTER STREET EAST ENTRANCE, PORT/);
    s.parties.consignee!.address = 'Receiving dock 4\nAttn: Tank farm';
    expect(find(renderEdi404(s), 'N3')[1]).toEqual(['N3', 'RECEIVING DOCK 4', 'ATTN: TANK FARM']);
  });
});

describe('delimiters and other characters', () => {
  it('removes the delimiters and accents from free text, and cuts it to its element', () => {
    const s = grain();
    s.parties.consignee = { name: 'Raffinerie*Montréal~Est>Ltée', city: 'Montréal-Est', province: 'qc', country: 'ca', address: 'Rue Notre-Dame\tEst ~ 10' };
    s.product.name = 'Huile de canola * brute, qualité alimentaire, en vrac pour raffinage';
    const edi = renderEdi404(s);
    expect(find(edi, 'N1')[1]).toEqual(['N1', 'CN', 'RAFFINERIEMONTREALESTLTEE']);
    expect(find(edi, 'N3')[1]).toEqual(['N3', 'RUE NOTRE-DAME EST 10']);
    expect(find(edi, 'N4')[1]).toEqual(['N4', 'MONTREAL-EST', 'QC', '', 'CA']);
    const l5 = find(edi, 'L5')[0];
    expect(l5[2]).toBe('HUILE DE CANOLA BRUTE, QUALITE ALIMENTAIRE, EN VRA');
    expect(l5[2]).toHaveLength(50);
  });

  it('refuses identifiers that hold a delimiter or do not fit, naming each', () => {
    const s = grain();
    s.bol_number = 'PBT*26';
    s.cars = [{ car_mark: 'TILX', car_number: 1234, car_type: 'T', seal_number_1: 'SEAL~1', seal_number_2: 'A-VERY-LONG-SEAL-NO', weight: '1' }];
    expect(refused(s)).toEqual([
      'The BOL number PBT*26 holds a character EDI cannot carry (* ~ > or a line break).',
      'A seal of car TILX 1234 SEAL~1 holds a character EDI cannot carry (* ~ > or a line break).',
      'A seal of car TILX 1234 A-VERY-LONG-SEAL-NO must be 2 to 15 characters for EDI.',
    ]);
    expect(refused({ ...grain(), reference_number: 'PO>7' })).toEqual(["The shipper's reference PO>7 holds a character EDI cannot carry (* ~ > or a line break)."]);
    expect(refused({ ...grain(), bol_number: 'PBT 26' })).toEqual(['The BOL number PBT 26 is not valid for EDI.']);
  });
});

describe('refusals', () => {
  it('a hazardous product needs its UN number, class, shipping name and emergency telephone', () => {
    const s = crude();
    s.product = { name: 'Crude oil', stcc: '4910165', hazardous: true };
    expect(refused(s)).toEqual([
      'The UN/NA number of a hazardous product is missing.',
      'The hazard class of a hazardous product is missing.',
      'The proper shipping name of a hazardous product is missing.',
      'The 24-hour emergency telephone of a hazardous product is missing.',
    ]);
    expect(refused({ ...crude(), product: { ...crude().product, unCode: '1267', class: '10', packingGroup: 'IV' as never } })).toEqual([
      'The UN/NA number of a hazardous product 1267 must be 6 characters for EDI.',
      'The packing group IV is not valid for EDI.',
      'The hazard class of a hazardous product 10 is not valid for EDI.',
    ]);
  });

  it('a long shipping name takes several LH3, a technical name LFH, a class without packing group none', () => {
    const s = crude();
    s.product = { ...s.product, unCode: 'UN1992', class: '3', packingGroup: null, shipping_name: 'Flammable liquid, toxic, n.o.s.', technical_name: '(methanol, benzene)' };
    const edi = renderEdi404(s);
    expect(find(edi, 'LH1')[0]).toEqual(['LH1', 'NC', '2', 'UN1992', '', '4910165', 'LB', '410257']);
    expect(find(edi, 'LH3')).toEqual([['LH3', 'FLAMMABLE LIQUID, TOXIC,', 'D', 'NOS'], ['LH3', 'N.O.S.', 'D', 'NOS']]);
    expect(find(edi, 'LFH')).toEqual([['LFH', 'TEC', '(METHANOL, BENZENE)']]);
  });

  it('a shipper and a consignee, a third party\'s freight payer, and stations with a city and a province code', () => {
    const s = grain();
    s.parties = { notify_party: { name: 'X' } };
    s.freight_charges = 'third_party';
    s.origin = { city: '', province: 'Alberta', splc: '12345' };
    expect(refused(s)).toEqual([
      "The origin's city is missing.",
      "The origin's province or state ALBERTA must be a two-letter province or state code (AB, TX) for EDI.",
      "The origin's SPLC 12345 must be 6 to 9 characters for EDI.",
      'The shipper is missing.',
      'The consignee is missing.',
      'A third-party shipment names its freight payer.',
    ]);
  });

  it('a routing that does not alternate, or starts with another railroad', () => {
    expect(refused({ ...grain(), routing: 'CN EMRSN' })).toEqual(['The routing CN EMRSN must alternate railroads and junctions, starting and ending with a railroad.']);
    expect(refused({ ...grain(), routing: 'CPKC WINN BNSF' })).toEqual(["The routing starts with CPKC, not the shipment's railroad, CN."]);
  });

  it('a weight that is not kilograms, a car mark or number that is none', () => {
    expect(refused({ ...grain(), cars: [{ car_mark: 'T1', car_number: 'x12', car_type: 'T', weight: 'heavy' }] })).toEqual([
      'A car mark T1 is not valid for EDI.',
      'The number of car T1 X12 is not valid for EDI.',
      'The weight of car T1 X12 is not a number of kilograms.',
    ]);
  });
});

describe('properties', () => {
  const textArb = fc.oneof(fc.string({ maxLength: 80 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.constantFrom('*~>', 'a\nb\r\nc', 'Ça*va~bien>', ' '));
  const partyArb = fc.record({
    name: textArb.filter((t) => /[A-Za-z0-9]/.test(t)),
    address: fc.option(textArb),
    city: fc.option(textArb),
    postal_code: fc.option(textArb),
    code: fc.option(textArb),
  });
  const carArb = fc.record({
    car_mark: fc.stringMatching(/^[A-Z]{2,4}$/),
    car_number: fc.integer({ min: 0, max: 999_999 }),
    car_type: fc.constantFrom('T', 'C', 'H', 'B', 'G', 'F'),
    seal_number_1: fc.option(fc.stringMatching(/^[A-Z0-9-]{2,15}$/)),
    seal_number_3: fc.option(fc.stringMatching(/^[A-Z0-9]{2,15}$/)),
    weight: fc.bigInt({ min: 0n, max: 999_999_999n }).map((n) => `${n / 10n}.${n % 10n}`),
  });
  const shipmentArb = fc.record({
    parties: fc.record({ shipper: partyArb, consignee: partyArb, notify_party: fc.option(partyArb), importer: fc.option(partyArb) }),
    cars: fc.array(carArb, { minLength: 1, maxLength: 30 }),
    productName: textArb.filter((t) => /[A-Za-z0-9]/.test(t)),
    hazardous: fc.boolean(),
    control: fc.integer({ min: 1, max: 999_999_999 }),
  }).map(({ parties, cars, productName, hazardous, control }) => {
    const s = hazardous ? crude() : grain();
    return { ...s, envelope: { ...s.envelope, control_number: control }, parties, cars, product: { ...s.product, name: productName } } as Edi404Shipment;
  });

  it('any shipment gives well-formed X12: one segment a line, no delimiter inside a value, counts and control numbers that match', () => {
    fc.assert(fc.property(shipmentArb, (shipment) => {
      const edi = renderEdi404(shipment);
      const all = segments(edi); // every line one segment ending in ~, no other ~
      expect(edi.split('\n')[0]).toHaveLength(106);
      expect(edi.replace(/\*>~\n/, '')).not.toMatch(/>/); // the component separator only in ISA16
      expect(edi).toMatch(/^[\x20-\x7E\n]*$/);
      const st = all.findIndex((s) => s.startsWith('ST*'));
      expect(Number(all[all.length - 3].split('*')[1])).toBe(all.length - 2 - st);
      expect(all[all.length - 1]).toBe(`IEA*1*${String(shipment.envelope.control_number).padStart(9, '0')}`);
      expect(all[all.length - 2]).toBe(`GE*1*${shipment.envelope.control_number}`);
      expect(find(edi, 'N7')).toHaveLength(shipment.cars.length);
      expect(find(edi, 'M7')).toHaveLength(shipment.cars.filter((c) => c.seal_number_1 || c.seal_number_3).length);
      expect(find(edi, 'LH1')).toHaveLength(shipment.product.hazardous ? 1 : 0);
      // Every element within the longest X12 lengths this document uses.
      for (const s of all.slice(1)) for (const element of s.split('*').slice(1)) expect(element.length).toBeLessThanOrEqual(80);
    }), { numRuns: 200 });
  });
});
