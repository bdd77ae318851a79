/**
 * The dashboard's figures (docs/reports.md, Dashboard): each a grouped report over one area's
 * records, run for the user through the same planner as any report, so it counts only what he may
 * read (a driver's tickets are his own loads) and a figure of an area he may not read is left out.
 * Each says which table it opens and with what filters: its periods as the dates they are now.
 */
import { RAIL_SHIPMENT } from '../../src/resources/rail/rail-shipment';
import { TB_TICKET, TB_TICKET_INVOICE } from '../../src/resources/terminal/common';
import { TRIP } from '../../src/resources/trace/trip';
import { BOOKING } from '../../src/resources/schedule/common';
import type { Period } from '../../src/resources/reports/report-terms';
import type { Database } from '../db/connection';
import type { Ctx } from '../engine/context';
import { HttpError } from '../engine/errors';
import { type Definition, planReport } from './plan';
import { groupRows, totalLines } from './run';
import { periodBounds } from './periods';

interface Figure {
  key: string;
  title: string;
  /** How the screen draws it: bars by the first group, or counts by the first group as tiles. */
  chart: 'bars' | 'tiles';
  definition: Definition;
  /** Filters of the table it opens beyond those of the definition, e.g. a period as its two bounds. */
  period?: { column: string; period: Period; times?: boolean };
}

const NOT_VOID = { status__not_in: 'void' };

export const FIGURES: readonly Figure[] = [
  {
    key: 'tickets_today', title: 'Tickets today by product', chart: 'bars',
    definition: { source: TB_TICKET, group_by: ['product'], totals: ['net_volume:sum'], filters: { ...NOT_VOID, ticket_date__period: 'today' } },
    period: { column: 'ticket_date', period: 'today' },
  },
  {
    key: 'tickets_month', title: 'Tickets this month by product', chart: 'bars',
    definition: { source: TB_TICKET, group_by: ['product'], totals: ['net_volume:sum'], filters: { ...NOT_VOID, ticket_date__period: 'this_month' } },
    period: { column: 'ticket_date', period: 'this_month' },
  },
  {
    key: 'shipments_month', title: 'Rail shipments this month by status', chart: 'tiles',
    definition: { source: RAIL_SHIPMENT, group_by: ['status'], filters: { ship_date__period: 'this_month' } },
    period: { column: 'ship_date', period: 'this_month' },
  },
  {
    key: 'cars_on_trip', title: 'Active cars on a trip now', chart: 'tiles',
    definition: { source: TRIP, group_by: ['last_loaded'], filters: { status: 'in_transit', car_fleet_status: 'P,T' } },
  },
  {
    key: 'bookings_today', title: 'Truck bookings today by status', chart: 'tiles',
    definition: { source: BOOKING, group_by: ['status'], filters: { starts_at__period: 'today' } },
    period: { column: 'starts_at', period: 'today', times: true },
  },
  {
    key: 'invoices_awaiting_approval', title: 'Ticket invoices awaiting approval', chart: 'tiles',
    definition: { source: TB_TICKET_INVOICE, group_by: ['currency'], totals: ['total:sum'], filters: { status: 'pending_approval' } },
  },
];

/** The figures the user may read, each with its groups, its total and the table it opens. */
export async function dashboardFigures(database: Database, ctx: Ctx, o: { zone: string; now: Date }) {
  const out = [];
  for (const f of FIGURES) {
    let plan;
    try {
      plan = planReport(ctx, f.definition, o);
    } catch (e) {
      // A figure of records the user may not read is not his: it is left out, not refused.
      if (e instanceof HttpError && e.status === 400) continue;
      throw e;
    }
    // The table takes the definition's filters, a period as its bounds now.
    const filters: Record<string, string> = Object.fromEntries(Object.entries(f.definition.filters ?? {}).filter(([k]) => !k.endsWith('__period')).map(([k, v]) => [k, String(v)]));
    if (f.period) {
      const b = periodBounds(f.period.period, o.now, o.zone, !!f.period.times);
      filters[`${f.period.column}__gte`] = b.from;
      // The table's range is inclusive: a time period ends a second before the next one starts.
      filters[`${f.period.column}__lte`] = f.period.times ? new Date(new Date(b.to).getTime() - 1000).toISOString() : b.to;
    }
    out.push({
      key: f.key, title: f.title, chart: f.chart, source: f.definition.source, noun: plan.source.label.toLowerCase(), nouns: plan.source.pluralLabel.toLowerCase(), group: f.definition.group_by![0],
      columns: plan.columns.map((c) => ({ key: c.key, label: c.label, kind: c.kind, unit: c.unit, role: c.role })),
      rows: await groupRows(database.db, ctx, plan, 50),
      totals: await totalLines(database.db, ctx, plan),
      link_filters: filters,
    });
  }
  return out;
}
