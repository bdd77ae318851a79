/**
 * Rules of tickets beyond the generic engine, run inside its write transaction:
 * - a ticket (or waste disposal ticket) saved without a code gets the next number;
 * - a ticket's date is its start's date at its site (docs/terminal.md, Site time): derived when
 *   left out, refused when it says another day;
 * - a load is checked against the active limits that cover it (limit-check.ts);
 * - every create and update lands in the ticket history.
 * The lifecycle (moves, `can_change_ticket_status`, the void reason, void being final) is declared
 * on the status field and enforced by the engine (server/engine/transitions.ts).
 */
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketWasteDisposal } from '../../../src/resources/terminal/ticket-waste-disposal';
import type { Db } from '../../db/connection';
import type { ResourceHooks } from '../../engine/hooks';
import type { Row } from '../../engine/serialize';
import { applyLocalDates } from '../../engine/time-zones';
import { diffRows, loadTicketRow, recordHistory } from './ticket-history';
import { assignCodeIfBlank } from './ticket-numbering';
import { ticketBilledGuard } from './ticket-invoices';
import { checkTicketLimits } from './limit-check';

export const TICKET_SERIES = 'T';
export const WASTE_SERIES = 'W';

/** The row before an update, per write transaction, for the history diff after it. */
const before = new WeakMap<Db, Row>();

export const ticketHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    if (mode === 'update' && current) {
      await ticketBilledGuard(db, current, input.values);
      before.set(db, current);
    }
    await applyLocalDates(db, ticket, input.values, current);
    await checkTicketLimits(db, input.values, current);
    await assignCodeIfBlank(db, ticket, input.values, mode, mode === 'create' ? input.values.company : current?.company, TICKET_SERIES);
  },
  async afterWrite({ db, ctx, id, mode }) {
    const after = await loadTicketRow(db, id);
    const prior = mode === 'update' ? before.get(db) ?? null : null;
    before.delete(db);
    const changes = diffRows(prior, after);
    if (mode === 'update' && !Object.keys(changes).length) return;
    const only = (...fields: string[]) => mode === 'update' && Object.keys(changes).every((k) => fields.includes(k));
    await recordHistory(db, ctx, {
      ticketId: String(id),
      companyId: after.company,
      action: mode === 'create' ? 'create' : only('status', 'void_reason') ? 'status' : only('customs_invoice') ? 'customs_invoice' : 'update',
      via: ctx.via ?? (mode === 'create' ? `POST ${ticket.name}/` : `PATCH ${ticket.name}/{id}/`),
      changes,
    });
  },
};

export const wasteTicketHooks: ResourceHooks = {
  async beforeWrite({ db, input, mode, current }) {
    await assignCodeIfBlank(db, ticketWasteDisposal, input.values, mode, mode === 'create' ? input.values.company : current?.company, WASTE_SERIES);
  },
};
