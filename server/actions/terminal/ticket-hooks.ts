/**
 * Rules of tickets beyond the generic engine, run inside its write transaction:
 * - a ticket (or waste disposal ticket) saved without a code gets the next number;
 * - a status change through the generic API needs `can_change_ticket_status`, like the bulk action;
 * - voiding needs a reason, and a void ticket is final (not edited any more);
 * - every create and update lands in the ticket history.
 */
import { hasPermissions } from '../../../src/authProvider/permissions';
import { contentType } from '../../../src/resources/define';
import { ticket } from '../../../src/resources/terminal/ticket';
import { ticketWasteDisposal } from '../../../src/resources/terminal/ticket-waste-disposal';
import type { Db } from '../../db/connection';
import type { Ctx } from '../../engine/context';
import { badRequest, forbidden } from '../../engine/errors';
import { registerHooks } from '../../engine/hooks';
import type { Row } from '../../engine/serialize';
import { diffRows, loadTicketRow, recordHistory } from './ticket-history';
import { assignCodeIfBlank } from './ticket-numbering';

export const TICKET_SERIES = 'T';
export const WASTE_SERIES = 'W';

export const canChangeTicketStatus = (ctx: Ctx) => hasPermissions(ctx.user.profile, { [contentType(ticket)]: ['can_change_ticket_status'] });

export const VOID_REASON_REQUIRED = 'Give the reason for voiding the ticket.';
export const VOID_IS_FINAL = 'A void ticket cannot be changed.';

/** The row before an update, per write transaction, for the history diff after it. */
const before = new WeakMap<Db, Row>();

registerHooks(ticket.name, {
  async beforeWrite({ db, ctx, input, mode, current }) {
    const v = input.values;
    if (mode === 'update' && current) {
      if (current.status === 'void') throw badRequest({ status: [VOID_IS_FINAL] });
      if ('status' in v && v.status !== current.status && !canChangeTicketStatus(ctx)) {
        throw forbidden('You do not have permission to change the status of tickets.');
      }
      before.set(db, current);
    }
    const status = 'status' in v ? v.status : current?.status;
    const reason = 'void_reason' in v ? v.void_reason : current?.void_reason;
    if (status === 'void' && !(typeof reason === 'string' && reason.trim())) throw badRequest({ void_reason: [VOID_REASON_REQUIRED] });
    await assignCodeIfBlank(db, ticket, v, mode, mode === 'create' ? v.company : current?.company, TICKET_SERIES);
  },
  async afterWrite({ db, ctx, id, mode }) {
    const after = await loadTicketRow(db, id);
    const prior = mode === 'update' ? before.get(db) ?? null : null;
    before.delete(db);
    const changes = diffRows(prior, after);
    if (mode === 'update' && !Object.keys(changes).length) return;
    const statusOnly = mode === 'update' && Object.keys(changes).every((k) => k === 'status' || k === 'void_reason');
    await recordHistory(db, ctx, {
      ticketId: String(id),
      companyId: after.company,
      action: mode === 'create' ? 'create' : statusOnly ? 'status' : 'update',
      via: mode === 'create' ? `POST ${ticket.name}/` : `PATCH ${ticket.name}/{id}/`,
      changes,
    });
  },
});

registerHooks(ticketWasteDisposal.name, {
  async beforeWrite({ db, input, mode, current }) {
    await assignCodeIfBlank(db, ticketWasteDisposal, input.values, mode, mode === 'create' ? input.values.company : current?.company, WASTE_SERIES);
  },
});
