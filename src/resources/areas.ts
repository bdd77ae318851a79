/** The part of the product a resource belongs to, as screens that list resources group them (report sources, the roles matrix). */
import type { Resource } from './define';

const AREAS: Record<string, string> = {
  accounts: 'Accounts', auth: 'Accounts', logistics: 'Logistics', terminalboss: 'Terminal', fleet: 'Fleet', rail: 'Rail', wheelhouse: 'Partner',
  trace: 'Track and trace', documents: 'Documents', schedule: 'Truck scheduler', easyaudit: 'Audit', notifications: 'Notifications', reports: 'Reports',
};

/** Its menu section where it has one, else its app's area. */
export const areaOf = (r: Pick<Resource, 'screen' | 'perms'>): string => r.screen?.menu?.section ?? AREAS[r.perms.app] ?? r.perms.app;
