/**
 * Contract defaults (docs/rail.md, Contract defaults) through the real server: one record per
 * company; a new contract made without its currency, price unit, volume per car, railroad or terms
 * takes them, one that names them keeps its own; the default railroad is a railroad; another
 * company neither reads nor uses them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';

const { t, ids, call, refused, idOf } = railSuite();

beforeAll(async () => {
  for (const code of ['GCR', 'CN']) ids[code.toLowerCase()] = await idOf('party', code);
  ids.crude = await idOf('product', 'CRUDE');
  ids.fsk = await idOf('facility', 'FSK');
});

const bare = (extra: Record<string, unknown> = {}) => ({
  contract_type: 'sale', party: ids.gcr, product: ids.crude, facility: ids.fsk, number_of_cars: 10, start_date: '2026-12-01', end_date: '2026-12-31', ...extra,
});

describe('contract defaults', () => {
  it('a contract made before there are any takes the declared defaults', async () => {
    const res = await call('POST', 'contract/', bare());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ currency: 'CAD', price_unit: 'per_usgal', volume_per_car: null, carrier: null, terms: null });
  });

  it('refuses a default railroad that is not one, and a second record, writing nothing', async () => {
    const notRail = await refused('POST', 'contract_defaults/', { currency: 'USD', price_unit: 'per_bbl', carrier: ids.gcr });
    expect(notRail.status).toBe(400);
    expect(notRail.changed).toEqual([]);
    expect(Object.keys(notRail.body)).toEqual(['carrier']);
  });

  it('a new contract takes what it was made without, and keeps what it names', async () => {
    const made = await call('POST', 'contract_defaults/', { currency: 'USD', price_unit: 'per_bbl', volume_per_car: '29500.00', carrier: ids.cn, payment_terms: 'Net 30 days from the bill of lading date', terms: 'FOB origin. Quality per the latest assay.' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await call('POST', 'contract_defaults/', { currency: 'CAD', price_unit: 'per_car' })).status).toBe(400);
    const defaulted = await call('POST', 'contract/', bare());
    expect(defaulted.body).toMatchObject({
      currency: 'USD', price_unit: 'per_bbl', volume_per_car: '29500.00', carrier: ids.cn,
      terms: 'Payment: Net 30 days from the bill of lading date\n\nFOB origin. Quality per the latest assay.',
    });
    const own = await call('POST', 'contract/', bare({ currency: 'CAD', price_unit: 'per_m3', volume_per_car: '110.00', carrier: null, terms: '' }));
    expect(own.body).toMatchObject({ currency: 'CAD', price_unit: 'per_m3', volume_per_car: '110.00', carrier: null });
    expect(own.body.terms ?? '').toBe('');
    // Changing the defaults leaves contracts made as they are.
    await call('PATCH', `contract_defaults/${made.body.id}/`, { currency: 'CAD' });
    expect((await call('GET', `contract/${defaulted.body.id}/`)).body.currency).toBe('USD');
  });

  it('are the company\'s own', async () => {
    const [mine] = (await call('GET', 'contract_defaults/?page_size=0')).body;
    expect((await call('GET', `contract_defaults/${mine.id}/`, undefined, t.partner)).status).toBe(404);
    expect((await call('GET', 'contract_defaults/?page_size=0', undefined, t.partner)).body).toEqual([]);
    expect((await call('PATCH', `contract_defaults/${mine.id}/`, { currency: 'USD' }, t.operator)).status).toBe(403);
  });
});
