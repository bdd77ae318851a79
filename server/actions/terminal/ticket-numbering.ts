/**
 * Ticket numbers: a ticket saved without a code gets the next number of its company's series,
 * `T-000123` (waste disposal tickets `W-000045`). One sequence per company, whatever the site.
 *
 * The counter row (`ticket_number_counter`) is bumped by a single UPDATE inside the ticket's write
 * transaction: the row lock queues concurrent saves (in every server process) until the first one
 * commits, and a save that fails rolls its number back, so numbers have no gaps and no duplicates.
 * The first number of a company starts after the highest code already in the series (imported or
 * seeded tickets), and a number somebody typed by hand is skipped rather than reused.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Resource } from '../../../src/resources/define';
import type { Db } from '../../db/connection';
import { rawRows } from '../../db/connection';
import { ticketNumberCounter } from '../../db/terminal-tables';
import { tableOf } from '../../db/tables';

export const NUMBER_DIGITS = 6;

export const formatTicketNumber = (series: string, n: number) => `${series}-${String(n).padStart(NUMBER_DIGITS, '0')}`;

/** Highest number already used in the series by the company's records (0 when none). */
async function highestUsed(db: Db, r: Resource, companyId: number, series: string): Promise<number> {
  const t = tableOf(r);
  const pattern = `^${series}-([0-9]{1,9})$`;
  const [row] = await rawRows<{ n: number | string | null }>(db, sql`
    SELECT max((substring(${t.code} from ${pattern}))::int) AS n FROM ${t}
    WHERE ${t.company} = ${companyId} AND ${t.code} ~ ${pattern}`);
  return Number(row?.n ?? 0);
}

async function bump(db: Db, companyId: number, series: string): Promise<number | null> {
  const c = ticketNumberCounter;
  const [row] = await db.update(c).set({ last_number: sql`${c.last_number} + 1` })
    .where(and(eq(c.company_id, companyId), eq(c.series, series)))
    .returning({ n: c.last_number });
  return row?.n ?? null;
}

async function codeTaken(db: Db, r: Resource, companyId: number, code: string): Promise<boolean> {
  const t = tableOf(r);
  const rows = await db.select({ id: t.id }).from(t).where(and(eq(t.company, companyId), eq(t.code, code))).limit(1);
  return rows.length > 0;
}

/** The next free code of the series; call inside the write transaction that stores it. */
export async function nextTicketCode(db: Db, r: Resource, companyId: number, series: string): Promise<string> {
  const c = ticketNumberCounter;
  let n = await bump(db, companyId, series);
  if (n === null) {
    // First number of this company: start after what is already there. ON CONFLICT covers two
    // first saves racing: the loser waits for the winner's row and bumps it.
    const start = (await highestUsed(db, r, companyId, series)) + 1;
    [{ n }] = await db.insert(c).values({ company_id: companyId, series, last_number: start })
      .onConflictDoUpdate({ target: [c.company_id, c.series], set: { last_number: sql`${c.last_number} + 1` } })
      .returning({ n: c.last_number });
  }
  let code = formatTicketNumber(series, n!);
  if (await codeTaken(db, r, companyId, code)) {
    // Someone typed a number of the series by hand: jump past the highest one in use.
    const next = (await highestUsed(db, r, companyId, series)) + 1;
    await db.update(c).set({ last_number: next }).where(and(eq(c.company_id, companyId), eq(c.series, series)));
    code = formatTicketNumber(series, next);
  }
  return code;
}

/** Fills `code` when a ticket is created (or saved) without one. */
export async function assignCodeIfBlank(db: Db, r: Resource, values: Record<string, unknown>, mode: 'create' | 'update', companyId: unknown, series: string) {
  const blank = values.code === undefined || values.code === null || String(values.code).trim() === '';
  if (mode === 'update' && !('code' in values)) return;
  if (!blank) { values.code = String(values.code).trim(); return; }
  if (typeof companyId !== 'number') return;
  values.code = await nextTicketCode(db, r, companyId, series);
}
