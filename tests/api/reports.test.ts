/**
 * Reports through the real server (docs/reports.md): sources and columns by the caller's rights,
 * samples with filters through references and periods, groups and exact totals (per unit where
 * each row names its own), files (CSV and XLSX read back with exceljs, typed cells), a large
 * download as a job, and bad input refused per field with nothing written. A report runs with the
 * rights of whoever runs it, and is another company's to nobody.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import type { Rec } from './scheduler-fixtures';

const suite = railSuite();
const { call, refused, t } = suite;

const TICKETS = 'terminalboss/v3/ticket';
type Sample = { columns: { key: string; role: string }[]; rows: unknown[][]; total_columns: { key: string }[]; totals: unknown[][]; count: number; rows_read: number };

const sample = async (params: Record<string, unknown>, token = t.siteadmin) => {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'object' && !Array.isArray(v) ? JSON.stringify(v) : String(v)]));
  return call('GET', `reports/sample/?${q}`, undefined, token);
};
const sampled = async (params: Record<string, unknown>, token?: string) => ok(await sample(params, token)) as unknown as Sample;

/** Exact sum of decimal texts (scaled integers), as the database adds them. */
function exactSum(values: string[], places: number): string {
  const scale = 10n ** BigInt(places);
  const total = values.reduce((acc, v) => {
    const [i, f = ''] = v.replace('-', '').split('.');
    const n = BigInt(i) * scale + BigInt((f + '0'.repeat(places)).slice(0, places) || '0');
    return acc + (v.startsWith('-') ? -n : n);
  }, 0n);
  const abs = total < 0n ? -total : total;
  return `${total < 0n ? '-' : ''}${abs / scale}.${String(abs % scale).padStart(places, '0')}`;
}

const fetchFile = (path: string, token = t.siteadmin) => fetch(`${suite.s.url}/api/${path}`, { headers: { authorization: `Token ${token}` } });

let saved: Rec;

beforeAll(async () => {
  saved = ok(await call('POST', 'reports/', {
    name: 'Completed tickets by product', source: TICKETS, columns: ['code', 'ticket_date', 'product', 'product.product_code', 'net_volume', 'start_time', 'status'],
    totals: ['net_volume:sum'], filters: { status: 'completed' }, ordering: 'code',
  }), 201) as Rec;
});

describe('reports: sources and columns', () => {
  it('lists the sources the caller may read, and a source\'s own and referenced columns', async () => {
    const mine = ok(await call('GET', 'reports/sources/')) as unknown as { source: string }[];
    expect(mine.map((s) => s.source)).toEqual(expect.arrayContaining([TICKETS, 'terminalboss/v3/product', 'reports', 'car']));
    const [tickets] = ok(await call('GET', `reports/sources/?source=${TICKETS}`)) as unknown as { columns: { key: string; unit: string | null; unitKey?: string; totals: string[] }[] }[];
    const col = (k: string) => tickets.columns.find((c) => c.key === k);
    expect(col('net_volume')).toMatchObject({ unit: 'per row', unitKey: 'volume_unit', totals: ['sum', 'avg', 'min', 'max'] });
    expect(col('temperature')).toMatchObject({ unit: '°C' });
    expect(col('product.density')).toMatchObject({ unit: 'kg/m³' });
    expect(col('code')!.totals).toEqual([]);
    // The dispatcher may not read terminal tickets: no such source, and naming it is refused.
    const theirs = ok(await call('GET', 'reports/sources/', undefined, t.dispatcher)) as unknown as { source: string }[];
    expect(theirs.map((s) => s.source)).not.toContain(TICKETS);
    expect((await call('GET', `reports/sources/?source=${TICKETS}`, undefined, t.dispatcher)).status).toBe(400);
  });

  it('offers a reference\'s columns only where the caller may read what it references', async () => {
    // Some source both read where the site administrator follows a reference the dispatcher may not.
    const of = async (token: string, source: string) =>
      ((ok(await call('GET', `reports/sources/?source=${encodeURIComponent(source)}`, undefined, token)) as unknown as { columns: { key: string }[] }[])[0].columns.map((c) => c.key));
    const theirs = ok(await call('GET', 'reports/sources/', undefined, t.dispatcher)) as unknown as { source: string }[];
    let found: { source: string; key: string } | undefined;
    for (const { source } of theirs) {
      const hidden = (await of(t.siteadmin, source)).filter((k) => k.includes('.'));
      const visible = new Set(await of(t.dispatcher, source));
      const key = hidden.find((k) => !visible.has(k));
      if (key) { found = { source, key }; break; }
    }
    expect(found, 'a reference the dispatcher may not follow').toBeDefined();
    const refusedSample = await sample({ source: found!.source, columns: found!.key }, t.dispatcher);
    expect(refusedSample.status).toBe(400);
    expect(refusedSample.body.columns[0]).toMatch(/no reference .* you may read/);
    expect((await sample({ source: found!.source, columns: found!.key }, t.siteadmin)).status).toBe(200);
  });

  it('offers periods on dates and times, and the values a filter picks', async () => {
    const extra = ok(await call('GET', `reports/additional_filters/?source=${TICKETS}`)) as unknown as { key: string; kind: string; choices: { value: string }[] }[];
    expect(extra.find((f) => f.key === 'ticket_date__period')!.choices.map((c) => c.value)).toContain('last_month');
    expect(extra.find((f) => f.key === 'product.created_at__period')).toBeDefined();
    expect(extra.some((f) => f.key === 'search')).toBe(true);
    const statuses = ok(await call('GET', `reports/column_choices/?source=${TICKETS}&column=status&input=comp`)) as unknown as { value: string; label: string }[];
    expect(statuses).toEqual([{ value: 'completed', label: 'Completed' }]);
    const products = ok(await call('GET', `reports/column_choices/?source=${TICKETS}&column=product`)) as unknown as { value: string; label: string }[];
    expect(products.length).toBeGreaterThan(0);
    const codes = ok(await call('GET', `reports/column_choices/?source=${TICKETS}&column=product.product_code`)) as unknown as { value: string }[];
    expect(codes.length).toBeGreaterThan(0);
    expect((await call('GET', `reports/column_choices/?source=${TICKETS}&column=nothing`)).status).toBe(400);
  });
});

describe('reports: samples', () => {
  it('reads the rows the list reads, labels references and choices, times in the site\'s zone, totals exactly', async () => {
    const s = await sampled({ source: TICKETS, columns: 'code,product,product.product_code,net_volume,start_time,status', totals: 'net_volume:sum', filters: { status: 'completed' }, ordering: 'code', rows: 200 });
    const list = ok(await call('GET', `${TICKETS}/?status=completed&page_size=0&ordering=code`)) as unknown as Rec[];
    expect(s.rows_read).toBe(list.length);
    expect(s.rows.map((r) => r[0])).toEqual(list.slice(0, 200).map((x) => x.code));
    // The unit column comes with a quantity whose unit is each row's own.
    expect(s.columns.map((c) => c.key)).toEqual(['code', 'product', 'product.product_code', 'volume_unit', 'net_volume', 'start_time', 'status']);
    const first = list[0];
    expect(s.rows[0][4]).toBe(first.net_volume);
    expect(s.rows[0][6]).toBe('Completed');
    expect(String(s.rows[0][5])).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[67]:00$/);
    expect(typeof s.rows[0][1]).toBe('string');
    // One line per unit; the sum is exact (decimal text, not a float).
    const units = new Set(list.map((x) => x.volume_unit));
    expect(s.totals).toHaveLength(units.size);
    if (units.size === 1) expect(s.totals[0][2]).toBe(exactSum(list.map((x) => String(x.net_volume ?? '0')), 3));
    expect(s.totals[0][1]).toBe(list.length);
  });

  it('filters through a reference and by period, and groups by a reference and a month', async () => {
    const products = ok(await call('GET', 'terminalboss/v3/product/?page_size=0')) as unknown as Rec[];
    const target = products[0];
    const through = await sampled({ source: TICKETS, columns: 'code,product', filters: { 'product.product_code': target.product_code }, rows: 200 });
    const direct = ok(await call('GET', `${TICKETS}/?product=${target.id}&page_size=0`)) as unknown as Rec[];
    expect(through.rows_read).toBe(direct.length);

    const grouped = await sampled({ source: TICKETS, group_by: 'product,ticket_date:month', totals: 'net_volume:sum', filters: { status: 'completed' }, rows: 200 });
    expect(grouped.columns.map((c) => c.role)).toEqual(['group', 'group', 'unit', 'count', 'total']);
    expect(grouped.rows.every((r) => /^\d{4}-\d{2}$/.test(String(r[1])))).toBe(true);
    const completed = ok(await call('GET', `${TICKETS}/?status=completed&page_size=0`)) as unknown as Rec[];
    expect(grouped.rows.reduce((n, r) => n + Number(r[3]), 0)).toBe(completed.length);
    expect(grouped.totals[0][0]).toBe('Total');
    expect(grouped.totals.reduce((n, r) => n + Number(r[3]), 0)).toBe(completed.length);

    // A period is reckoned now in the company's zone: this year's tickets are those dated this year.
    const year = new Date().getUTCFullYear();
    const thisYear = await sampled({ source: TICKETS, columns: 'code', filters: { ticket_date__period: 'this_year' } });
    const listed = ok(await call('GET', `${TICKETS}/count/?ticket_date__gte=${year}-01-01&ticket_date__lte=${year}-12-31`)) as unknown as { count: number };
    expect(Math.abs(thisYear.rows_read - listed.count)).toBeLessThanOrEqual(new Date().getUTCMonth() === 0 || new Date().getUTCMonth() === 11 ? listed.count : 0);
  });

  it('refuses a bad definition part by part and runs nothing', async () => {
    const bad = await sample({ source: TICKETS, columns: 'code,nothing,product.nothing', group_by: 'code:month', totals: 'code:sum,net_volume:median', filters: { 'nothing__gte': 1, status: 'gone' }, ordering: 'nothing' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['columns', 'filters', 'group_by', 'ordering', 'totals']);
    expect(bad.body.columns).toHaveLength(2);
    expect((await sample({ source: 'nothing' })).body.source[0]).toMatch(/no source/);
    expect((await sample({ source: TICKETS, filters: '{not json' })).body.filters[0]).toMatch(/JSON/);
    expect((await sample({ source: TICKETS, filters: { ticket_date__period: 'someday' } })).body.filters[0]).toMatch(/no period/);
    expect((await sample({ source: TICKETS, filters: { code__period: 'today' } })).body.filters[0]).toMatch(/date or a time/);
  });
});

describe('reports: saved, downloaded, tenancy', () => {
  it('saves only a definition that runs, field by field, and writes nothing when refused', async () => {
    const r = await refused('POST', 'reports/', { name: 'Bad', source: TICKETS, columns: ['nothing'], totals: ['code:sum'] });
    expect(r.status).toBe(400);
    expect(r.changed).toEqual([]);
    expect(Object.keys(r.body).sort()).toEqual(['columns', 'totals']);
    const p = await refused('PATCH', `reports/${saved.id}/`, { group_by: ['net_volume:year'], version: saved.version });
    expect(p.status).toBe(400);
    expect(p.changed).toEqual([]);
    // The schedule is set by its action only.
    const s = await refused('PATCH', `reports/${saved.id}/`, { frequency: 'daily', version: saved.version });
    expect(s.status).toBe(400);
  });

  it('downloads XLSX with typed cells and CSV with exact text', async () => {
    const x = await fetchFile(`reports/${saved.id}/download/?format=xlsx`);
    expect(x.status).toBe(200);
    expect(x.headers.get('content-disposition')).toMatch(/completed-tickets-by-product-\d{4}-\d{2}-\d{2}\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await x.arrayBuffer());
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Code', 'Ticket date', 'Product', 'Product · Product code', 'Volume unit', 'Net volume (in Volume unit)', 'Start time (local time)', 'Status']);
    const list = ok(await call('GET', `${TICKETS}/?status=completed&page_size=0&ordering=code`)) as unknown as Rec[];
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(list[0].code);
    expect(row.getCell(2).value).toBeInstanceOf(Date);
    expect((row.getCell(2).value as Date).toISOString().slice(0, 10)).toBe(list[0].ticket_date);
    expect(row.getCell(6).value).toBe(Number(list[0].net_volume));
    expect(row.getCell(6).numFmt).toBe('#,##0.000');
    expect(row.getCell(7).value).toBeInstanceOf(Date);
    expect(row.getCell(8).value).toBe('Completed');
    // Rows, a blank line, the totals' header and line.
    expect(sheet.getRow(list.length + 3).getCell(2).value).toBe('Count');
    expect(sheet.getRow(list.length + 4).getCell(2).value).toBe(list.length);

    const c = await fetchFile(`reports/${saved.id}/download/?format=csv`);
    const bytes = Buffer.from(await c.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"Code","Ticket date","Product","Product · Product code","Volume unit","Net volume (in Volume unit)","Start time","Status"');
    expect(lines[1]).toContain(`"${list[0].net_volume}"`);
    expect(lines).toHaveLength(list.length + 5);
  });

  it('runs with the rights of whoever runs it: an operator reads it, a dispatcher who may not read tickets is refused', async () => {
    expect((await fetchFile(`reports/${saved.id}/download/?format=csv`, t.operator)).status).toBe(200);
    const d = await fetchFile(`reports/${saved.id}/download/?format=csv`, t.dispatcher);
    expect(d.status).toBe(400);
    expect((await d.json()).source[0]).toMatch(/no source you may read/);
  });

  it('is another company\'s to nobody, and the driver has no reports', async () => {
    for (const path of [`reports/${saved.id}/`, `reports/${saved.id}/download/`, `reports/${saved.id}/get_emails/`]) {
      expect((await call('GET', path, undefined, t.partner)).status, path).toBe(404);
    }
    const put = await refused('PUT', `reports/${saved.id}/email/`, { target: ['x@example.com'], frequency: 'daily' }, t.partner);
    expect(put.status).toBe(404);
    expect(put.changed).toEqual([]);
    expect((ok(await call('GET', 'reports/?page_size=0', undefined, t.partner)) as unknown as Rec[]).map((x) => x.id)).not.toContain(saved.id);
    expect((await call('GET', 'reports/', undefined, t.driver)).status).toBe(403);
    expect((await sample({ source: TICKETS }, t.driver)).status).toBe(403);
  });

  it('builds a large download as a job with progress', async () => {
    await suite.rows(sql`insert into party (name, code, party_type, company_id)
      select 'Report party ' || n, 'RP' || n, 'consignee', ${suite.ids.pbt} from generate_series(1, 5100) n`);
    const big = ok(await call('POST', 'reports/', { name: 'All parties', source: 'party', columns: ['code', 'name'] }), 201) as Rec;
    const started = await call('GET', `reports/${big.id}/download/?format=csv`);
    expect(started.status).toBe(202);
    let job = started.body as { url: string; status: string; result_url?: string; total: number };
    expect(job.total).toBeGreaterThan(5100);
    for (let i = 0; i < 100 && job.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await suite.s.call('GET', job.url, { token: t.siteadmin })).body;
    }
    expect(job.status).toBe('done');
    const file = await fetch(`${suite.s.url}${job.result_url}`, { headers: { authorization: `Token ${t.siteadmin}` } });
    const lines = (await file.text()).split('\r\n').filter(Boolean);
    expect(lines.length).toBe(job.total + 1);
    await suite.rows(sql`delete from party where code like 'RP%' and name like 'Report party %'`);
  });
});

describe('reports: the dashboard', () => {
  it('gives each user the figures of what he may read, counted as his lists count them', async () => {
    const keys = async (token: string) => (ok(await call('GET', 'reports/dashboard/', undefined, token)) as unknown as { key: string }[]).map((f) => f.key);
    expect(await keys(t.siteadmin)).toEqual(['tickets_today', 'tickets_month', 'shipments_month', 'cars_on_trip', 'bookings_today', 'invoices_awaiting_approval']);
    // Invoices are the site administrators' (docs/terminal.md, Invoice workflow): no one else has the figure.
    expect(await keys(t.dispatcher)).not.toContain('invoices_awaiting_approval');
    expect(await keys(t.driver)).not.toContain('invoices_awaiting_approval');
    // The dispatcher reads no terminal tickets; the partner company has no terminal, rail trips or bookings of its own to read.
    expect(await keys(t.dispatcher)).not.toContain('tickets_month');
    expect(await keys(t.dispatcher)).toContain('cars_on_trip');
    const figures = ok(await call('GET', 'reports/dashboard/', undefined, t.siteadmin)) as unknown as { key: string; rows: unknown[][]; totals: unknown[][]; link_filters: Record<string, string> }[];
    const month = figures.find((f) => f.key === 'tickets_month')!;
    const listed = ok(await call('GET', `${TICKETS}/count/?${new URLSearchParams(month.link_filters)}`)) as unknown as { count: number };
    expect(month.totals.reduce((n, line) => n + Number(line[2]), 0)).toBe(listed.count);
    expect(month.link_filters.ticket_date__gte).toMatch(/^\d{4}-\d{2}-01$/);
    const trips = figures.find((f) => f.key === 'cars_on_trip')!;
    const onTrip = ok(await call('GET', `trip/count/?${new URLSearchParams(trips.link_filters)}`)) as unknown as { count: number };
    expect(trips.rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(onTrip.count);
    // The driver's tickets are his own loads: the figure counts those only.
    const driverFigures = ok(await call('GET', 'reports/dashboard/', undefined, t.driver)) as unknown as { key: string; totals: unknown[][]; link_filters: Record<string, string> }[];
    const his = driverFigures.find((f) => f.key === 'tickets_month')!;
    expect(driverFigures.map((f) => f.key)).not.toContain('shipments_month');
    const own = ok(await call('GET', `${TICKETS}/count/?${new URLSearchParams(his.link_filters)}`, undefined, t.driver)) as unknown as { count: number };
    expect(his.totals.reduce((n, line) => n + Number(line[2]), 0)).toBe(own.count);
    expect(own.count).toBeLessThanOrEqual(listed.count);
    expect((await suite.s.call('GET', '/api/reports/dashboard/')).status).toBe(401);
  });
});
