/** The report builder's calls (docs/reports.md) as the screens use them. */
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { report } from '../../resources/reports/report';
import type { ColumnInfo } from '../../resources/reports/report-columns';
import type { FileFormat, Frequency } from '../../resources/reports/report-terms';
import { type Definition, filledFilters } from './definition';

export interface SourceInfo { source: string; label: string; area: string; columns?: ColumnInfo[] }
export interface ExtraFilter { key: string; label: string; kind: 'period' | 'search'; choices: { value: string; label: string }[] }
export interface SampleColumn { key: string; label: string; kind: string; unit: string | null; role: 'column' | 'group' | 'unit' | 'count' | 'total' }
export type Cell = string | number | null;
export interface Sample { columns: SampleColumn[]; rows: Cell[][]; total_columns: SampleColumn[]; totals: Cell[][]; count: number; rows_read: number }

export interface Delivery { id: number; due_at: string; status: string; attempts: number; rows: number | null; error: string | null; sent_at: string | null; next_attempt_at: string | null }
export interface Mailing {
  target: string[]; frequency: Frequency; time: string | null; weekday: string | null; day_of_month: number | null; format: FileFormat;
  time_zone: string; next_run_at: string | null; scheduled_by: string | null; deliveries: Delivery[];
}
export interface MailingInput { target: string[]; frequency: Frequency; time?: string; weekday?: string; day_of_month?: number; format: FileFormat }

/** The definition as the sample's query string carries it (lists comma-joined, filters as JSON text). */
const sampleQuery = (d: Definition) => ({
  source: d.source,
  ...(d.columns.length ? { columns: d.columns.join(',') } : {}),
  ...(d.group_by.length ? { group_by: d.group_by.join(',') } : {}),
  ...(d.totals.length ? { totals: d.totals.join(',') } : {}),
  ...(Object.keys(filledFilters(d.filters)).length ? { filters: JSON.stringify(filledFilters(d.filters)) } : {}),
  ...(d.ordering ? { ordering: d.ordering } : {}),
});

export const reportApi = (dp: AppDataProvider) => ({
  sources: () => dp.callAction(report.name, { action: 'sources', method: 'GET' }) as Promise<SourceInfo[]>,
  source: async (source: string) => ((await dp.callAction(report.name, { action: 'sources', method: 'GET', query: { source } })) as SourceInfo[])[0],
  extraFilters: (source: string) => dp.callAction(report.name, { action: 'additional_filters', method: 'GET', query: { source } }) as Promise<ExtraFilter[]>,
  values: (source: string, column: string, input: string) =>
    dp.callAction(report.name, { action: 'column_choices', method: 'GET', query: { source, column, input } }) as Promise<{ value: unknown; label: string }[]>,
  sample: (d: Definition) => dp.callAction(report.name, { action: 'sample', method: 'GET', query: sampleQuery(d) }) as Promise<Sample>,
  download: (id: number, format: FileFormat) => dp.callAction(report.name, { id, action: 'download', method: 'GET', query: { format } }),
  mailing: (id: number) => dp.callAction(report.name, { id, action: 'get_emails', method: 'GET' }) as Promise<Mailing>,
  schedule: (id: number, body: MailingInput) => dp.callAction(report.name, { id, action: 'email', method: 'PUT', body }),
});
