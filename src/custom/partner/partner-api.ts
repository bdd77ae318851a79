/**
 * What the partner order screens share (docs/partners.md, Order screens): the side the signed-in company
 * is on, the records' types as the API answers them, and their actions called by name.
 */
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import type { NominationDay } from '../../lib/nomination-days';
import { partnerRailNomination } from '../../resources/partner/rail-nomination';
import { partnerRailOrder } from '../../resources/partner/rail-order';

export interface Order {
  id: number; version: number; contract: number; company: number; partner_company: number; order_number: string | null;
  number_of_cars: number; start_date: string; end_date: string; notes: string | null; status: string; sent_at: string | null; cancel_reason: string | null;
  _labels?: Record<string, string | null>;
}
export interface Nomination {
  id: number; version: number; order: number; revision: number; status: string; forecast: number | null; shipping_schedule: NominationDay[];
  nominated_total: number; sent_at: string | null; reviewed_at: string | null; reviewed_by: string | null; reject_reason: string | null; notes: string | null;
  company: number; partner_company: number;
}
export interface ReviewDay { date: string; nominated: number; approved: number; shipped: number; planned?: number; actual?: number | null }
export interface Review { days: ReviewDay[]; totals: { nominated: number; approved: number; shipped: number }; warnings: string[]; approved_revision: number | null }

/** The signed-in company's side of a two-sided record. */
export const sideOf = (row: { company: number }, companyId: number | undefined): 'owner' | 'partner' => (row.company === companyId ? 'owner' : 'partner');

export const orderAction = (dp: AppDataProvider, id: number, action: string, body: Record<string, unknown> = {}) =>
  dp.callAction(partnerRailOrder.name, { id, action, method: 'POST', body });
export const nominationAction = (dp: AppDataProvider, id: number, action: string, body: Record<string, unknown> = {}) =>
  dp.callAction(partnerRailNomination.name, { id, action, method: 'POST', body });
