/** What the signed-in user may do with tickets (codenames of `terminalboss.ticket`, docs/shell.md, Permissions). */
import { hasPermissions } from '../../../authProvider/permissions';
import { useProfile } from '../../../hooks/useProfile';

const MODEL = 'terminalboss.ticket';

export interface TicketPerms {
  change: boolean; add: boolean; delete: boolean; changeStatus: boolean; viewHistory: boolean; showSave: boolean; email: boolean;
}

export function useTicketPerms(): TicketPerms & { isPending: boolean } {
  const { permissions: p, isPending } = useProfile();
  const has = (c: string) => hasPermissions(p, { [MODEL]: [c] });
  return {
    isPending,
    change: has('change_ticket'), add: has('add_ticket'), delete: has('delete_ticket'),
    changeStatus: has('can_change_ticket_status'), viewHistory: has('can_view_ticket_api_history'), showSave: has('show_save_button'), email: has('can_email_tickets'),
  };
}
