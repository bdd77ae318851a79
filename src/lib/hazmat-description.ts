/**
 * The one writer of a dangerous good's shipping description (docs/rail.md §10.7): the bill of
 * lading prints it (server/print/rail-bol-blocks.ts) and a screen that shows the description "as it
 * will print" calls the same function. In the order the rules give:
 *
 *   [RQ, ][RESIDUE: LAST CONTAINED ]UN1230, [HOT ]METHANOL[ (technical name)], 3[ (6.1)], PG II
 *     [ (hazardous substance)][, Poison-Inhalation Hazard, Zone B][, Marine Pollutant]
 *
 * - basic description: identification number, proper shipping name, class with the subsidiary
 *   classes in parentheses, packing group, in sequence with nothing between (49 CFR 172.202(a),
 *   (b): "UN2744, Cyclobutyl chloroformate, 6.1, (8, 3), PG II"; TDG Regulations s. 3.5(1)(c));
 *   the technical name of an n.o.s. entry in parentheses after the name (172.203(k));
 * - "RQ" before the basic description of a hazardous substance, and its name in parentheses when
 *   the shipping name does not name it (172.203(c)(1), (2));
 * - a tank car's residue: "RESIDUE: LAST CONTAINED" immediately before the basic description
 *   (172.203(e)(2)); "RQ" stays before it, where (c)(2) allows it ("before or after");
 * - "HOT" immediately before the proper shipping name of an elevated temperature material, unless
 *   the name says so itself ("Molten", "Elevated temperature": 172.203(n));
 * - "Poison-Inhalation Hazard" and the zone immediately after the description (172.203(m));
 * - "Marine Pollutant" in association with it (172.203(l)).
 * Pure and shared by the server and the browser.
 */
import { type HazmatProduct, filled, subsidiaryClasses } from './hazmat';

/** The regulated words, each where its rule puts it (above); the EDI 404 sends the same words (server/print/edi-404.ts). */
export const DG_WORDS = {
  rq: 'RQ',
  residue: 'RESIDUE: LAST CONTAINED',
  hot: 'HOT',
  inhalation: 'Poison-Inhalation Hazard',
  marinePollutant: 'Marine Pollutant',
} as const;

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A shipping name that already says the material is hot (172.203(n)'s examples). */
const NAMES_HOT = /\bMOLTEN\b|\bELEVATED TEMPERATURE\b/;

/** Whether the description needs the word HOT before the shipping name. */
export const needsHot = (p: HazmatProduct) =>
  Boolean(p.elevated_temperature) && !NAMES_HOT.test(str(p.shipping_name || p.name).toUpperCase());

/** Which additional entries a description carries: a shipment's residue, besides the product's own. */
export interface DescriptionOptions { residue?: boolean }

/** The full shipping description, in the order of the header comment; '' without a product. */
export function shippingDescription(p: HazmatProduct | null | undefined, o: DescriptionOptions = {}): string {
  if (!p) return '';
  const name = str(p.shipping_name || p.name).toUpperCase();
  const subsidiary = subsidiaryClasses(p.subsidiary_classes);
  const basic = [
    str(p.unCode),
    `${needsHot(p) ? `${DG_WORDS.hot} ` : ''}${p.technical_name ? `${name} (${str(p.technical_name)})` : name}`,
    filled(p.class) && subsidiary.length ? `${str(p.class)} (${subsidiary.join(', ')})` : str(p.class),
    p.packingGroup ? `PG ${str(p.packingGroup)}` : '',
  ].filter(Boolean).join(', ');
  const rq = Boolean(p.rq);
  let out = [rq ? DG_WORDS.rq : '', o.residue ? `${DG_WORDS.residue} ${basic}` : basic].filter(Boolean).join(', ');
  if (rq && filled(p.hazardous_substance)) out += ` (${str(p.hazardous_substance).trim()})`;
  if (filled(p.inhalation_hazard_zone)) out += `, ${DG_WORDS.inhalation}, Zone ${str(p.inhalation_hazard_zone)}`;
  if (p.marine_pollutant) out += `, ${DG_WORDS.marinePollutant}`;
  return out;
}

/**
 * The basic description alone (identification number, shipping name with its technical name,
 * class, packing group), as layout versions 1 and 2 of the bill of lading print it: the entries
 * above that need the product's later fields are left to version 3.
 */
export const basicDescription = (p: HazmatProduct | null | undefined): string =>
  p ? shippingDescription({ unCode: p.unCode, name: p.name, shipping_name: p.shipping_name, technical_name: p.technical_name, class: p.class, packingGroup: p.packingGroup }) : '';
