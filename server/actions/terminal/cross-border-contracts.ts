/**
 * Cross-border contracts (docs/terminal.md, Cross-border contracts): on every save the parties'
 * addresses (buyer, exporter, supplier, the consignees) are copied into `data`, as the customs
 * documents made under the contract quote them: a later change of a company's address shows on
 * the contract at its next save, never silently on documents already made.
 */
import { inArray } from 'drizzle-orm';
import { crossBorderContract } from '../../../src/resources/terminal/cross-border-contract';
import { terminalCompany } from '../../../src/resources/terminal/terminal-company';
import type { Db } from '../../db/connection';
import { joinTableOf, tableOf } from '../../db/tables';
import { defineBehaviour } from '../../engine/behaviour';
import type { Row } from '../../engine/serialize';

/** A company's address as a customs document writes it. */
const addressOf = (c: Row | undefined) => (c ? {
  company: c.id, name: c.name, code: c.company_code, address: c.address ?? null, city: c.city ?? null,
  province: c.province ?? null, postal_code: c.postal_code ?? null, country: c.country ?? null,
} : null);

export async function addresses(db: Db, v: Row, consignees: string[]) {
  const t = tableOf(terminalCompany);
  const ids = [...new Set([v.buyer, v.exporter, v.supplier, ...consignees].filter(Boolean).map(String))];
  const rows = ids.length ? await db.select().from(t).where(inArray(t.id, ids)) : [];
  const byId = new Map(rows.map((r) => [String(r.id), r as Row]));
  const at = (id: unknown) => addressOf(id ? byId.get(String(id)) : undefined);
  return {
    buyer_address: at(v.buyer), exporter_address: at(v.exporter), supplier_address: at(v.supplier),
    selected_consignee_addresses: consignees.map((id) => at(id)).filter(Boolean),
  };
}

export const crossBorderContractBehaviour = defineBehaviour(crossBorderContract, {
  hooks: {
    async beforeWrite({ db, input, current, mode }) {
      const v = { ...current, ...input.values } as Row;
      // The links are written after the row: the consignees given, else those it has.
      const given = input.links.consignee_options?.map(String);
      const consignees = given ?? (mode === 'update' && current ? await currentConsignees(db, String(current.id)) : []);
      input.values.data = await addresses(db, v, consignees);
    },
  },
});

async function currentConsignees(db: Db, id: string): Promise<string[]> {
  const j = joinTableOf(crossBorderContract, 'consignee_options');
  const rows = await db.select({ t: j.target_id }).from(j).where(inArray(j.owner_id, [id]));
  return rows.map((r) => String(r.t));
}
