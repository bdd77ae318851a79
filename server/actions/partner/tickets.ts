/**
 * Partner tickets (docs/partners.md, Partner tickets): a partner prints and mails the tickets shared
 * with it as the terminal issued them: the whole document (the product's dangerous goods, the
 * parties' addresses), since a bill of lading is not cut by who holds it; only which tickets it
 * reads is limited, by the view's scope. Mail goes to the partner's own contacts, counted against
 * the same hourly limit as every document mail.
 */
import { partnerTicket } from '../../../src/resources/partner/ticket';
import { defineBehaviour } from '../../engine/behaviour';
import { checkDocumentMail } from '../terminal/ticket-mail-policy';
import { ticketPrintActions } from '../terminal/ticket-print';

export const partnerTicketBehaviour = defineBehaviour(partnerTicket, {
  actions: ticketPrintActions({
    through: partnerTicket,
    reader: () => null,
    checkMail: (db, ctx, recipients, perHour) => checkDocumentMail(db, ctx, recipients, perHour, { mayMailAnyone: false, documents: 'Tickets' }),
  }),
});
