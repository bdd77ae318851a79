/**
 * The generic contract, checked for EVERY declared resource: whatever a declaration says, its API
 * pages, counts, describes itself, exports CSV, offers choices and refuses what it must.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/index';
import { labelWithUnit } from '../../src/lib/format';
import { fieldLabel } from '../../src/resources/define';
import { startServer, type TestServer } from './harness';
import { withUnitColumns } from '../../server/engine/csv-export';

let s: TestServer;
let admin: string;
let driver: string;
beforeAll(async () => {
  s = await startServer();
  admin = await s.login('admin@demo.test');
  driver = await s.login('driver@demo.test');
});
afterAll(() => s?.close());

describe.each(resources.map((r) => [r.name, r] as const))('%s', (name, r) => {
  const base = `/api/${name}/`;

  it('lists paged, or as a plain array with page_size=0, and counts the same rows', async () => {
    const paged = await s.call('GET', `${base}?page_size=2`, { token: admin });
    expect(paged.status).toBe(200);
    expect(Object.keys(paged.body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(paged.body.results.length).toBeLessThanOrEqual(2);
    const all = await s.call('GET', `${base}?page_size=0`, { token: admin });
    expect(Array.isArray(all.body)).toBe(true);
    expect(all.body).toHaveLength(paged.body.count);
    const count = await s.call('GET', `${base}count/`, { token: admin });
    expect(count.body).toEqual({ count: paged.body.count });
    for (const row of all.body) {
      expect(row).toHaveProperty('id');
      expect(row).toHaveProperty('version');
      for (const [f, def] of Object.entries(r.fields)) {
        if (def.kind === 'password') expect(row).not.toHaveProperty(f);
        else expect(row).toHaveProperty(f);
      }
    }
  });

  it('describes itself: metadata, OPTIONS, JSON Schema, form configuration', async () => {
    const meta = await s.call('GET', `${base}metadata/`, { token: admin });
    expect(meta.status).toBe(200);
    for (const c of meta.body.columns) expect(Object.keys(c)).toEqual(expect.arrayContaining(['field', 'label', 'type', 'sortable', 'filterable']));
    expect(meta.body.columns.map((c: any) => c.field)).toEqual(['id', ...Object.keys(r.fields).filter((f) => r.fields[f].kind !== 'password')]);

    const opts = await s.call('OPTIONS', base, { token: admin });
    expect(opts.status).toBe(200);
    const post = opts.body.actions.POST;
    for (const [f, def] of Object.entries(r.fields)) {
      expect(post[f]).toMatchObject({ required: Boolean(def.required), read_only: Boolean(def.readOnly), label: fieldLabel(r, f) });
      expect(typeof post[f].type).toBe('string');
      if (def.kind === 'text') expect(post[f].max_length).toBe(def.max);
      if (def.kind === 'choice') expect(post[f].choices).toEqual(def.choices.map(([value, display_name]) => ({ value, display_name })));
    }

    const schema = await s.call('GET', `${base}schema/`, { token: admin });
    expect(schema.body).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(schema.body.properties).length).toBeGreaterThan(0);

    const form = await s.call('GET', `${base}form_configuration/`, { token: admin });
    expect(form.body.sections.length).toBeGreaterThan(0);
    expect(form.body.read_only).toBe(false);
  });

  it('offers choices, with POST selected_ids first', async () => {
    const all = await s.call('GET', `${base}?page_size=0&ordering=-id`, { token: admin });
    const choices = await s.call('GET', `${base}choices/?limit=3`, { token: admin });
    expect(choices.status).toBe(200);
    expect(choices.body.length).toBeLessThanOrEqual(3);
    for (const c of choices.body) expect(Object.keys(c).sort()).toEqual(['id', 'label']);
    if (all.body.length) {
      const last = all.body[0].id;
      const picked = await s.call('POST', `${base}choices/?limit=1`, { token: admin, body: { selected_ids: [last] } });
      expect(picked.body[0].id).toBe(last);
    }
  });

  it('exports CSV: named after the table and the day, header first with units, every value quoted, CRLF', async () => {
    const res = await s.call('POST', `${base}download_table/`, { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The text of a fetch answer drops the byte-order mark the file starts with.
    const lines = res.text.split('\r\n');
    // A quantity in the row's own unit names the unit's column, exported beside it (tests/api/csv-export-units.test.ts).
    const header = (c: string) => {
      const f = r.fields[c];
      if (f?.kind !== 'decimal') return fieldLabel(r, c);
      return f.unitField ? `${fieldLabel(r, c)} (in ${fieldLabel(r, f.unitField)})` : labelWithUnit(fieldLabel(r, c), f.unit);
    };
    expect(lines[0]).toBe(withUnitColumns(r, ['id', ...r.list.columns]).map((c) => `"${header(c)}"`).join(','));
    expect(lines.at(-1)).toBe('');
    const count = (await s.call('GET', `${base}count/`, { token: admin })).body.count;
    expect(lines.length).toBe(count + 2);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
  });

  it('refuses unknown filters and orderings with 400', async () => {
    const f = await s.call('GET', `${base}?no_such_field=1`, { token: admin });
    expect(f.status).toBe(400);
    expect(f.body.no_such_field[0]).toContain('Unknown filter field');
    const o = await s.call('GET', `${base}?ordering=-no_such_field`, { token: admin });
    expect(o.status).toBe(400);
    expect(o.body.ordering[0]).toContain('Unknown ordering field');
  });

  it('answers 401 without a token and with an unknown one', async () => {
    const none = await s.call('GET', base);
    expect(none.status).toBe(401);
    expect(typeof none.body.detail).toBe('string');
    const bad = await s.call('GET', base, { token: '0'.repeat(40) });
    expect(bad).toMatchObject({ status: 401, body: { detail: 'Invalid token.' } });
  });

  it('answers 403 to a user without the view permission, and OPTIONS shows no POST without add', async () => {
    // The demo Driver role views products, facilities, the company configuration, the terminal's
    // products, his own tickets (with their parts) and driver record, and the scheduler's slots and
    // locations (server/seed/demo-data.ts).
    const canView = r.perms.app === 'logistics' && ['product', 'facility'].includes(r.perms.model) || r.perms.model === 'applicationconfiguration'
      || r.perms.app === 'terminalboss' && ['product', 'ticket', 'ticketentry', 'ticketproperty', 'ticketattachment', 'driver'].includes(r.perms.model)
      || r.perms.app === 'schedule' && ['slot', 'schedulelocation'].includes(r.perms.model)
      // Personal rows (notifications): every signed-in user reads his own.
      || Boolean(r.own?.personal);
    const res = await s.call('GET', base, { token: driver });
    expect(res.status).toBe(canView ? 200 : 403);
    if (!canView) expect(res.body.detail).toBe('You do not have permission to perform this action.');
    const opts = await s.call('OPTIONS', base, { token: driver });
    expect(opts.body.actions?.POST).toBeUndefined();
  });
});
