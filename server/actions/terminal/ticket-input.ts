/** The tickets a bulk ticket action names, read in the caller's scope (server/engine/bulk-rows.ts). */
import type { Resource } from '../../../src/resources/define';
import { ticket } from '../../../src/resources/terminal/ticket';
import type { Db } from '../../db/connection';
import { visibleRows } from '../../engine/bulk-rows';
import type { Ctx } from '../../engine/context';
import type { Row } from '../../engine/serialize';

/** The tickets, in the order asked; `through` is the resource whose scope the caller reads them in (a partner's shared tickets). */
export const visibleTickets = (db: Db, ctx: Ctx, ids: string[], lock = false, through: Resource = ticket): Promise<Row[]> =>
  visibleRows(db, ctx, ticket, ids, 'ticket_ids', { lock, through });
