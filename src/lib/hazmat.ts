/**
 * Dangerous goods on a bill of lading (docs/rail.md §4.8, §8.1): which products are hazardous and
 * what their shipping description needs. One rule for the server's ship checks, the screens and the
 * print. A product is hazardous when it has a UN/NA number or its STCC is in group 48 (hazardous
 * waste) or 49 (hazardous materials): the STCC tariff's own split (src/lib/checks.ts).
 */

export interface HazmatProduct {
  name?: unknown;
  stcc?: unknown;
  unCode?: unknown;
  class?: unknown;
  packingGroup?: unknown;
  shipping_name?: unknown;
  emergency_phone?: unknown;
}

const filled = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

export const isHazardous = (p: HazmatProduct): boolean =>
  filled(p.unCode) || /^4[89]/.test(String(p.stcc ?? ''));

/**
 * Classes whose entries are assigned a packing group (49 CFR 172.101; TDG Schedule 1): flammable
 * liquids and solids, oxidizers, toxics and corrosives. Gases, explosives, organic peroxides,
 * radioactive and infectious substances have none.
 */
export const CLASSES_WITH_PACKING_GROUP = ['3', '4.1', '4.2', '4.3', '5.1', '6.1', '8'];

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
  return gaps;
}
