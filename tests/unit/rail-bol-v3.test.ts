/**
 * Layout version 3 of the rail bill of lading and the description it prints (docs/rail.md §10.7):
 * the description writer's entries and their order (src/lib/hazmat-description.ts), the product's
 * dangerous goods rules (src/lib/hazmat.ts), a v3 PDF holding every entry, and versions 1, 2 and 3
 * printing archived copies exactly as before: their document definitions and their text are pinned
 * by hashes taken from the layouts as they were before the next version existed.
 */
import { createHash } from 'node:crypto';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import type { BolSnapshot } from '../../server/actions/rail/bol-snapshot';
import { railBolV1, railBolV2, railBolV3 } from '../../server/print/rail-bol';
import { dangerousGoodsConflicts, hazmatGaps, subsidiaryClassesError } from '../../src/lib/hazmat';
import { basicDescription, shippingDescription } from '../../src/lib/hazmat-description';
import { PRINTED, canola, crude, facts, render, snapshot } from './rail-bol-fixtures';

const sulfuricAcid = {
  id: 7, name: 'Sulphuric Acid', code: 'H2SO4', stcc: '4930040', harmonizedCode: '2807.00', unCode: 'UN1830', class: '8', packingGroup: 'II',
  shipping_name: 'Sulfuric acid', technical_name: null, emergency_phone: '1-800-424-9300', erap_number: '2-0340',
  rq: true, hazardous_substance: null, subsidiary_classes: null, marine_pollutant: false, inhalation_hazard_zone: null, elevated_temperature: false,
  emergency_registrant: 'CCN 204871', erap_phone: '+1 780-555-0148',
};

describe('the shipping description (49 CFR 172.202, 172.203; TDG s. 3.5)', () => {
  it('puts RQ before the basic description and the hazardous substance in parentheses after it', () => {
    const adipic = { unCode: 'UN3077', shipping_name: 'Environmentally hazardous substances, solid, n.o.s.', class: '9', packingGroup: 'III', rq: true, hazardous_substance: 'Adipic acid' };
    expect(shippingDescription(adipic)).toBe('RQ, UN3077, ENVIRONMENTALLY HAZARDOUS SUBSTANCES, SOLID, N.O.S., 9, PG III (Adipic acid)');
    // Without RQ the material is not a hazardous substance in this quantity: its name is not printed either.
    expect(shippingDescription({ ...adipic, rq: false })).toBe('UN3077, ENVIRONMENTALLY HAZARDOUS SUBSTANCES, SOLID, N.O.S., 9, PG III');
    expect(shippingDescription(sulfuricAcid)).toBe('RQ, UN1830, SULFURIC ACID, 8, PG II');
  });

  it('writes the subsidiary classes in parentheses after the class, then the inhalation hazard and its zone', () => {
    // 172.203(c)(2)'s own example, with its subsidiary class.
    const allylAlcohol = { unCode: 'UN1098', shipping_name: 'Allyl alcohol', class: '6.1', subsidiary_classes: '3', packingGroup: 'I', rq: true, inhalation_hazard_zone: 'B' };
    expect(shippingDescription(allylAlcohol)).toBe('RQ, UN1098, ALLYL ALCOHOL, 6.1 (3), PG I, Poison-Inhalation Hazard, Zone B');
    expect(shippingDescription({ unCode: 'UN1230', shipping_name: 'Methanol', class: '3', subsidiary_classes: ' 6.1 ,8', packingGroup: 'II' })).toBe('UN1230, METHANOL, 3 (6.1, 8), PG II');
  });

  it('says RESIDUE: LAST CONTAINED immediately before the basic description, RQ staying first', () => {
    expect(shippingDescription(sulfuricAcid, { residue: true })).toBe('RQ, RESIDUE: LAST CONTAINED UN1830, SULFURIC ACID, 8, PG II');
    expect(shippingDescription(crude, { residue: true })).toBe('RESIDUE: LAST CONTAINED UN1267, PETROLEUM CRUDE OIL, 3, PG I');
  });

  it('puts HOT immediately before the shipping name, unless the name says Molten or Elevated temperature', () => {
    const tars = { unCode: 'UN1999', shipping_name: 'Tars, liquid', class: '3', packingGroup: 'III', elevated_temperature: true };
    expect(shippingDescription(tars)).toBe('UN1999, HOT TARS, LIQUID, 3, PG III');
    expect(shippingDescription({ unCode: 'NA2448', shipping_name: 'Sulfur, molten', class: '9', packingGroup: 'III', elevated_temperature: true })).toBe('NA2448, SULFUR, MOLTEN, 9, PG III');
    expect(shippingDescription({ unCode: 'UN3257', shipping_name: 'Elevated temperature liquid, n.o.s.', technical_name: 'asphalt', class: '9', packingGroup: 'III', elevated_temperature: true }))
      .toBe('UN3257, ELEVATED TEMPERATURE LIQUID, N.O.S. (asphalt), 9, PG III');
  });

  it('ends with Marine Pollutant, and keeps every entry in its place when all apply', () => {
    expect(shippingDescription({ unCode: 'UN1993', shipping_name: 'Flammable liquid, n.o.s.', technical_name: 'xylene', class: '3', packingGroup: 'III', marine_pollutant: true }))
      .toBe('UN1993, FLAMMABLE LIQUID, N.O.S. (xylene), 3, PG III, Marine Pollutant');
    const everything = {
      unCode: 'UN2929', shipping_name: 'Toxic liquid, flammable, organic, n.o.s.', technical_name: 'allyl alcohol', class: '6.1', subsidiary_classes: '3', packingGroup: 'I',
      rq: true, hazardous_substance: 'allyl alcohol', inhalation_hazard_zone: 'A', marine_pollutant: true, elevated_temperature: true,
    };
    expect(shippingDescription(everything, { residue: true })).toBe(
      'RQ, RESIDUE: LAST CONTAINED UN2929, HOT TOXIC LIQUID, FLAMMABLE, ORGANIC, N.O.S. (allyl alcohol), 6.1 (3), PG I (allyl alcohol), Poison-Inhalation Hazard, Zone A, Marine Pollutant',
    );
    // Versions 1 and 2 print the basic description alone, whatever the product holds.
    expect(basicDescription(everything)).toBe('UN2929, TOXIC LIQUID, FLAMMABLE, ORGANIC, N.O.S. (allyl alcohol), 6.1, PG I');
  });
});

describe("the product's dangerous goods rules", () => {
  it('takes a list of known, distinct subsidiary classes, at most three', () => {
    for (const ok of ['8', '6.1, 8', '6.1,8', '2.1', '1, 5.1, 8']) expect(subsidiaryClassesError(ok), ok).toBeUndefined();
    expect(subsidiaryClassesError('9.9')).toBe('9.9 is not a hazard class or division (1.1 to 9, e.g. 6.1).');
    expect(subsidiaryClassesError('8,')).toBe('Write the subsidiary classes separated by commas, e.g. 8 or 6.1, 8.');
    expect(subsidiaryClassesError('8, 8')).toBe('Name each subsidiary class once.');
    expect(subsidiaryClassesError('3, 6.1, 8, 9')).toBe('At most 3 subsidiary classes.');
  });

  it('refuses a subsidiary class that is the primary one, and zones C and D on a material that is not a gas', () => {
    expect(dangerousGoodsConflicts({ class: '8', subsidiary_classes: '6.1, 8' })).toEqual([['subsidiary_classes', '8 is the primary class; list only the subsidiary ones.']]);
    expect(dangerousGoodsConflicts({ class: '6.1', inhalation_hazard_zone: 'C' })).toEqual([['inhalation_hazard_zone', 'Zone C is for gases; a class 6.1 material is in zone A or B.']]);
    expect(dangerousGoodsConflicts({ class: '2.3', subsidiary_classes: '8', inhalation_hazard_zone: 'D' })).toEqual([]);
  });

  it('asks the ERAP telephone of a product that has an ERAP number', () => {
    expect(hazmatGaps({ ...sulfuricAcid, name: 'Sulphuric Acid', erap_phone: null })).toEqual([
      'Sulphuric Acid has ERAP 2-0340 but no ERAP telephone, which the shipping document gives with it; add it on the product.',
    ]);
    expect(hazmatGaps(sulfuricAcid)).toEqual([]);
  });
});

describe('layout version 3', () => {
  it('prints the whole description, the registrant after the 24-hour number and the ERAP telephone', async () => {
    const s = snapshot(facts({ product: sulfuricAcid }, { residue: true }));
    const r = await render(s, null, 'bol-sample-v3');
    expect(r.pageCount).toBe(1);
    for (const want of [
      'RQ, RESIDUE: LAST CONTAINED UN1830, SULFURIC ACID, 8, PG II',
      'EMERGENCY RESPONSE TELEPHONE, 24-Hour Number: 1-800-424-9300 Registrant: CCN 204871',
      'ERAP 2-0340 ERAP telephone: +1 780-555-0148',
      'BOL PBT26000042 rev 0 · rail-bol-custom v3 · issued 2026-11-23 14:05 MST · Page 1 of 1',
    ]) expect(r.stream, want).toContain(want);
    // The registrant follows the number it registered; the ERAP number comes after them.
    expect(r.flat.indexOf('Registrant:')).toBeGreaterThan(r.flat.indexOf('24-Hour Number:'));
    expect(r.flat.indexOf('ERAP 2-0340')).toBeGreaterThan(r.flat.indexOf('Registrant:'));
  });

  it('keeps a long description within its column, on one page for four cars', async () => {
    const long = {
      ...sulfuricAcid, unCode: 'UN2929', shipping_name: 'Toxic liquid, flammable, organic, n.o.s.', technical_name: 'allyl alcohol', class: '6.1', subsidiary_classes: '3',
      packingGroup: 'I', hazardous_substance: 'allyl alcohol', inhalation_hazard_zone: 'A', marine_pollutant: true, elevated_temperature: true,
    };
    const r = await render(snapshot(facts({ product: long })), null, 'bol-sample-v3-long');
    expect(r.pageCount).toBe(1);
    expect(r.stream).toContain('RQ, UN2929, HOT TOXIC LIQUID, FLAMMABLE, ORGANIC, N.O.S. (allyl alcohol), 6.1 (3), PG I (allyl alcohol), Poison-Inhalation Hazard, Zone A, Marine Pollutant');
  });
});

// ---------------------------------------------------------------------------------------------
// Versions 1, 2 and 3: archived copies print as they were issued.

/** The fields a snapshot has carried since version 3: an archived v1 or v2 snapshot has none of them. */
const V3_PRODUCT = ['subsidiary_classes', 'rq', 'hazardous_substance', 'marine_pollutant', 'inhalation_hazard_zone', 'elevated_temperature', 'emergency_registrant', 'erap_phone'];

/** A snapshot as version 3 archived it: the template it was issued with, its cars without the filling check of version 4. */
function archivedV3(s: BolSnapshot): BolSnapshot {
  const cars = s.cars.map(({ filling: _, ...c }) => c);
  return { ...s, template: { code: 'rail-bol-custom', version: 3 }, cars } as unknown as BolSnapshot;
}

/** A snapshot as version 2 archived it: the template it was issued with, without the later fields. */
function archivedV2(s: BolSnapshot): BolSnapshot {
  const v3 = archivedV3(s);
  const product = v3.product ? Object.fromEntries(Object.entries(v3.product).filter(([k]) => !V3_PRODUCT.includes(k))) : null;
  const shipment = Object.fromEntries(Object.entries(v3.shipment ?? {}).filter(([k]) => k !== 'residue'));
  return { ...v3, template: { code: 'rail-bol-custom', version: 2 }, product, shipment } as unknown as BolSnapshot;
}

const sha = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * What pdfmake adds to a definition while it lays it out (a table's widths become `{width,
 * _calcWidth...}` in the shared arrays the blocks declare): left out, so a definition reads the same
 * before and after a render.
 */
const declared = (key: string, v: unknown) =>
  (v && typeof v === 'object' && '_calcWidth' in v ? (v as unknown as { width: unknown }).width : key.startsWith('_') ? undefined : v);

/** The document definition with its page header and footer as printed on pages 1 and 2 of 2 (functions are not data). */
function definition(doc: TDocumentDefinitions): string {
  const d = doc as TDocumentDefinitions & { header: (n: number) => unknown; footer: (n: number, of: number) => unknown };
  const pages = [1, 2].map((n) => [d.header(n), d.footer(n, 2)]);
  return JSON.stringify({ ...doc, header: undefined, footer: undefined, pageBreakBefore: undefined, pages }, declared);
}

/**
 * [definition, pdftotext -layout] hashes per product, version and mark, taken from versions 1 and 2
 * before version 3 was added, and from version 3 before version 4 was added. A change here means an archived copy would print differently: make a
 * new version instead. (A pdfmake or font upgrade may change the text hashes too; look at the
 * documents before updating them.)
 */
const PINNED: Record<string, [string, string]> = {
  'crude v1 issued': ['f6083e430583c72db6edf1bca3f9bc4272f506e177750e0b2b074bc07dc203a5', '1d4f6e61fc48683361cca2217abb6a1bec134ba2b67188733a3c442fc631f13b'],
  'crude v1 draft': ['ad3006b402986a311d786993ac87a973f52cd00a316199bed663b61a0364900c', '5c04721c0a6868f1a5ddcb9de9d9c48d78faad4eccd9ef45f0bdc6de87814794'],
  'crude v2 issued': ['d563a62f1e359c31d5c28a6090ebd98e79cea9a053e9bf4fe27f5c10386f7503', '9caeea3ccadb83e3391d68320601210894fd3acc77dfd4882d56e51cecbf8131'],
  'crude v2 draft': ['615e671778f7c726fec9913813a9b302343b07c9b9d02a2504a6d8dca017c3f6', 'c545e5b381c64e5ebf361abfc694d5e2c08341784d6de605571cce310eaf7818'],
  'canola v1 issued': ['030fcf4687deab3cacd94e3f34598d2128ace3ee44abbeb033ba3e4a6d655822', '148436fff79e3044b198427f6be5f702328b16692f6a80c0fab3a63e538458a9'],
  'canola v1 draft': ['59bca8b5bf22b10c1cf92894c37dd608a7617f1e68e3765be8e74d40ed566f23', '03e91124e59e146818b21e190003f8a93f37ccd259b8ca1117ed66e1e1dc52c2'],
  'canola v2 issued': ['4013952f13078171ffd6e3d1d77f3cdc2d8cb9a6248740905833d9c4485a94b4', 'bf6d8f3c628e813980fac5f11b9e0863ac61b4b2f35ddc52ca74407138677cba'],
  'canola v2 draft': ['22884da554dbea2996fbf685a8bd4f83e2221ed6d58b9db1d8aa6a273896f928', 'ac5894ed4f386511331322ec8b577e13d02728268598515513d772da0bfea282'],
  'crude v3 issued': ['c9f1a11721ccb4cdf786daf91cce560f8adc5342c478b0aa601403662c199596', '113f9497c3e5788b9c026d7c81a4b5f9247e7c94540d20c97ccabdaa223fe540'],
  'crude v3 draft': ['5deb45489d778d72a4ed5b9ba1966da8413737a5a9054cda1a3f8a00a8e4d205', 'dce9e602db64178712f4796218372ebbbe9ed86b6e019290322a059845b12957'],
  'canola v3 issued': ['ec2b2a0a47aa18ac90afd33a6678cffada01103b1c7fc8bf63d1c06f6ff76dcd', 'b16276bb4de60f48a9da483fe15dad1a4352a68ff24a6e8bc2a16751ef89431d'],
  'canola v3 draft': ['f40e75bc0131c43172f9be929033f3428102db90d7bfd82c01c551a50d8c256a', 'd19b0e31ea9bcf40a4ff5144a4b1d6b98fe02582184efd6fc72f61be6a422577'],
};

describe('layout versions 1, 2 and 3', () => {
  const products = { crude, canola };
  const layouts = { v1: [railBolV1, archivedV2], v2: [railBolV2, archivedV2], v3: [railBolV3, archivedV3] } as const;
  for (const [product, p] of Object.entries(products)) {
    for (const [version, [layout, archive]] of Object.entries(layouts)) {
      for (const mark of [null, 'draft'] as const) {
        const key = `${product} ${version} ${mark ?? 'issued'}`;
        it(`print an archived ${key} copy as before`, async () => {
          const archived = archive(snapshot(facts({ product: p })));
          expect(sha(definition(layout(archived, { mark, printedAt: PRINTED }))), 'definition').toBe(PINNED[key][0]);
          expect(sha((await render(archived, mark, undefined, layout)).text), 'text').toBe(PINNED[key][1]);
        });
      }
    }
  }

  it('print none of the later entries, whatever the product now holds', () => {
    const now = snapshot(facts({ product: sulfuricAcid }, { residue: true }));
    for (const layout of [railBolV1, railBolV2]) {
      const doc = definition(layout(now, { mark: null, printedAt: PRINTED }));
      expect(doc).toContain('UN1830, SULFURIC ACID, 8, PG II');
      for (const absent of ['RQ,', 'RESIDUE', 'Registrant', 'ERAP telephone', '+1 780-555-0148']) expect(doc, absent).not.toContain(absent);
    }
  });
});
