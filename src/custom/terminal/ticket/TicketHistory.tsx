/**
 * The ticket's API history (`{id}/history/`), shown only with can_view_ticket_api_history. Its
 * times, when a change was made and the times changed, are written in the ticket's site's zone, as
 * everywhere else (docs/terminal.md, Site time).
 */
import { useQuery } from '@tanstack/react-query';
import { type Identifier, useDataProvider } from 'react-admin';
import { HistoryTable } from '../../../generic/HistoryTable';
import { getResource } from '../../../resources/index';
import { TB_TICKET } from '../../../resources/terminal/common';
import type { AppDataProvider } from '../../../dataProvider';
import { ticketApi } from './ticket-api';

export function TicketHistory({ ticketId, zone }: { ticketId: Identifier; zone: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const { data, error, isPending } = useQuery({ queryKey: ['terminalboss/v3/ticket', 'history', ticketId], queryFn: () => ticketApi(dp).history(ticketId) });
  return <HistoryTable rows={data} isPending={isPending} error={error} zone={zone} resourceOf={() => getResource(TB_TICKET)} testId="ticket-history" />;
}
