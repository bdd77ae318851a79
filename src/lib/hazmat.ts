/**
 * Dangerous goods on a bill of lading (docs/rail.md §4.8, §8.1, §10.7): which products are
 * hazardous, which values their dangerous goods fields take, and what a shipping description still
 * lacks. One rule for the server's ship checks and product rules, the screens and the print. A
 * product is hazardous when it has a UN/NA number or its STCC is in group 48 (hazardous waste) or
 * 49 (hazardous materials): the STCC tariff's own split (src/lib/checks.ts). The description itself
 * is written by ./hazmat-description.ts.
 */

export interface HazmatProduct {
  name?: unknown;
  stcc?: unknown;
  unCode?: unknown;
  class?: unknown;
  packingGroup?: unknown;
  shipping_name?: unknown;
  technical_name?: unknown;
  subsidiary_classes?: unknown;
  rq?: unknown;
  hazardous_substance?: unknown;
  marine_pollutant?: unknown;
  inhalation_hazard_zone?: unknown;
  elevated_temperature?: unknown;
  emergency_phone?: unknown;
  emergency_registrant?: unknown;
  erap_number?: unknown;
  erap_phone?: unknown;
}

export const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/** An STCC of group 48 (hazardous waste) or 49 (hazardous materials): the STCC tariff's own split. */
export const isHazardousStcc = (stcc: unknown): boolean => /^4[89]/.test(String(stcc ?? ''));

export const isHazardous = (p: HazmatProduct): boolean => filled(p.unCode) || isHazardousStcc(p.stcc);

/** The classes and divisions of 49 CFR 172.101 and TDG Schedule 1, as a product's class takes them. */
export const HAZARD_CLASS_CODES = ['1', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '3', '4.1', '4.2', '4.3', '5.1', '5.2', '6.1', '6.2', '7', '8', '9'] as const;

/**
 * Classes whose entries are assigned a packing group (49 CFR 172.101; TDG Schedule 1): flammable
 * liquids and solids, oxidizers, toxics and corrosives. Gases, explosives, organic peroxides,
 * radioactive and infectious substances have none.
 */
export const CLASSES_WITH_PACKING_GROUP = ['3', '4.1', '4.2', '4.3', '5.1', '6.1', '8'];

/**
 * The hazard zones of a material poisonous by inhalation (49 CFR 173.116 for gases, 173.133 for
 * liquids). 172.203(m) prints "Zone A", "Zone B", "Zone C" or "Zone D" for a gas, "Zone A" or "Zone
 * B" for a liquid: C and D belong to gases (class 2) only.
 */
export const INHALATION_ZONES = ['A', 'B', 'C', 'D'] as const;
const GAS_ONLY_ZONES = ['C', 'D'];
const isGas = (cls: unknown) => String(cls ?? '').startsWith('2');

/** The most subsidiary classes an entry has: the EDI 404 carries three beside the primary (its LH2 repeats four times). */
export const MAX_SUBSIDIARY_CLASSES = 3;

/** A product's subsidiary classes as written (`6.1, 8`), one entry each. */
export const subsidiaryClasses = (v: unknown): string[] =>
  String(v ?? '').split(',').map((c) => c.trim()).filter(Boolean);

/** Why a written list of subsidiary classes is not one (the field's check), or nothing. */
export function subsidiaryClassesError(value: string): string | undefined {
  const list = value.split(',').map((c) => c.trim());
  if (list.some((c) => !c)) return 'Write the subsidiary classes separated by commas, e.g. 8 or 6.1, 8.';
  const unknown = list.find((c) => !(HAZARD_CLASS_CODES as readonly string[]).includes(c));
  if (unknown) return `${unknown} is not a hazard class or division (1.1 to 9, e.g. 6.1).`;
  if (new Set(list).size < list.length) return 'Name each subsidiary class once.';
  if (list.length > MAX_SUBSIDIARY_CLASSES) return `At most ${MAX_SUBSIDIARY_CLASSES} subsidiary classes.`;
  return undefined;
}

/**
 * What a product's dangerous goods fields contradict among themselves, as [field, message]: a
 * subsidiary class that is the primary class, a zone C or D on a material that is not a gas.
 */
export function dangerousGoodsConflicts(p: HazmatProduct): [string, string][] {
  const out: [string, string][] = [];
  if (filled(p.class) && subsidiaryClasses(p.subsidiary_classes).includes(String(p.class))) {
    out.push(['subsidiary_classes', `${String(p.class)} is the primary class; list only the subsidiary ones.`]);
  }
  const zone = String(p.inhalation_hazard_zone ?? '');
  if (GAS_ONLY_ZONES.includes(zone) && filled(p.class) && !isGas(p.class)) {
    out.push(['inhalation_hazard_zone', `Zone ${zone} is for gases; a class ${String(p.class)} material is in zone A or B.`]);
  }
  return out;
}

/** What a hazardous product lacks before it can be shipped, as sentences about the product. */
export function hazmatGaps(p: HazmatProduct): string[] {
  if (!isHazardous(p)) return [];
  const name = String(p.name ?? 'The product');
  const gaps: string[] = [];
  if (!filled(p.unCode)) gaps.push(`${name} has no UN/NA number; add it on the product.`);
  if (!filled(p.class)) gaps.push(`${name} has no hazard class; add it on the product.`);
  if (!filled(p.shipping_name)) gaps.push(`${name} has no proper shipping name; add it on the product.`);
  if (filled(p.class) && CLASSES_WITH_PACKING_GROUP.includes(String(p.class)) && !filled(p.packingGroup)) {
    gaps.push(`${name} has no packing group, which class ${String(p.class)} needs; add it on the product.`);
  }
  if (!filled(p.emergency_phone)) gaps.push(`${name} has no 24-hour emergency telephone; add it on the product.`);
  // TDG Regulations s. 3.6(1): the ERAP reference number and the telephone number to call to activate the plan, together.
  if (filled(p.erap_number) && !filled(p.erap_phone)) {
    gaps.push(`${name} has ERAP ${String(p.erap_number)} but no ERAP telephone, which the shipping document gives with it; add it on the product.`);
  }
  return gaps;
}
