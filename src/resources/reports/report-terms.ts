/**
 * The words of a report definition (docs/reports.md), shared by the declaration, the server that
 * runs reports and the builder screen: limits, totals, date groupings, periods and schedules.
 */

export const MAX_COLUMNS = 60;
export const MAX_GROUPS = 3;
export const MAX_TOTALS = 20;

/** Totals a number column offers. */
export const AGGREGATES = [['sum', 'Sum'], ['avg', 'Average'], ['min', 'Lowest'], ['max', 'Highest']] as const;
export type Aggregate = (typeof AGGREGATES)[number][0];

/** How a date or time groups: by its day (the default), its month or its year. */
export const DATE_GROUPINGS = [['day', 'Day'], ['month', 'Month'], ['year', 'Year']] as const;
export type DateGrouping = (typeof DATE_GROUPINGS)[number][0];

/**
 * Periods a date or time filters by, reckoned when the report runs, in the company's time zone:
 * a report of "last month" mailed on the 1st covers the month just ended. Weeks start on Monday.
 */
export const PERIODS = [
  ['today', 'Today'], ['yesterday', 'Yesterday'],
  ['this_week', 'This week'], ['last_week', 'Last week'],
  ['this_month', 'This month'], ['last_month', 'Last month'],
  ['this_quarter', 'This quarter'], ['last_quarter', 'Last quarter'],
  ['this_year', 'This year'], ['last_year', 'Last year'],
  ['last_7_days', 'Last 7 days'], ['last_30_days', 'Last 30 days'],
] as const;
export type Period = (typeof PERIODS)[number][0];

export const FREQUENCIES = [['none', 'Not mailed'], ['daily', 'Daily'], ['weekly', 'Weekly'], ['monthly', 'Monthly']] as const;
export type Frequency = (typeof FREQUENCIES)[number][0];

/** ISO weekday numbers, Monday first. */
export const WEEKDAYS = [['1', 'Monday'], ['2', 'Tuesday'], ['3', 'Wednesday'], ['4', 'Thursday'], ['5', 'Friday'], ['6', 'Saturday'], ['7', 'Sunday']] as const;

export const FILE_FORMATS = [['xlsx', 'Excel (XLSX)'], ['csv', 'CSV']] as const;
export type FileFormat = (typeof FILE_FORMATS)[number][0];

/** A scheduled mailing: sent; retrying after a failure (its next attempt is set); failed for good. */
export const DELIVERY_STATUSES = [['sending', 'Sending'], ['sent', 'Sent'], ['retrying', 'Retrying'], ['failed', 'Failed']] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number][0];

/** The default time of day a report is mailed at. */
export const DEFAULT_SEND_TIME = '07:00';
