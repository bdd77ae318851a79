/**
 * The page of each terminal route, chosen from the screen mapping (screens.ts) and loaded lazily:
 * the route table calls `terminalPage(path)`; routes not built yet (limits, cross-border
 * contracts, dashboards, allocations) get none and keep the "not built yet" page.
 */
import type { PageLoader } from '../../routes/define-route';
import { screenOfPath } from '../../routes/terminal-screens';

export function terminalPage(path: string): PageLoader | undefined {
  const hit = screenOfPath(path);
  if (!hit) return undefined;
  const { screen, kind } = hit;
  if (kind === 'v2') return () => import('./v2/V2Page');
  if (screen.slug === 'ticket') return kind === 'list' ? () => import('./ticket/TicketListPage') : () => import('./ticket/TicketDetailPage');
  if (screen.slug === 'product' && kind === 'list') return () => import('./product/ProductsPage');
  if (screen.slug === 'ticket-invoice' && kind === 'list') return () => import('./invoice/InvoiceListPage');
  if (kind === 'list') return () => import('./TerminalListPage');
  return () => import('./TerminalDetailPage');
}
