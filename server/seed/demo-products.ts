/**
 * The demo products' shipping facts, for a demo database made before the product had the fields
 * (docs/rail.md §13): the proper shipping name and the 24-hour number of each dangerous good, and
 * the ERAP telephone of one with an ERAP number, and the commodity group of each petroleum liquid
 * (docs/loading.md, Temperature correction). Without them a demo shipment of crude cannot ship
 * (src/lib/hazmat.ts `hazmatGaps`). Set only where the product still has the demo's code and UN
 * number (and, for the ERAP telephone, the demo's ERAP number) and the field is empty, so a value an
 * administrator wrote stays and a second run changes nothing.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { tableOf } from '../db/tables';
import { product } from '../../src/resources/logistics/product';
import { PRODUCTS } from './demo-data';

const FILLED = ['shipping_name', 'emergency_phone', 'erap_phone', 'commodity_group'] as const;

export async function fillDemoShippingFacts(db: Db, companyIds: number[]) {
  const t = tableOf(product);
  for (const p of PRODUCTS) {
    if (!p.unCode) continue;
    for (const field of FILLED) {
      const value = (p as Record<string, unknown>)[field];
      if (value === null || value === undefined) continue;
      // An ERAP telephone belongs with the demo's ERAP number only.
      const erap = field === 'erap_phone' ? [eq(t.erap_number, p.erap_number as string)] : [];
      await db.update(t).set({ [field]: value })
        .where(and(inArray(t.company, companyIds), eq(t.code, p.code), eq(t.unCode, p.unCode), isNull(t[field]), ...erap));
    }
  }
}
