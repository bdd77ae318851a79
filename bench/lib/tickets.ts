/**
 * Synthetic terminal tickets, written by PostgreSQL itself (INSERT ... SELECT over generate_series)
 * from the demo terminal's own master data: sites, products, locations, companies and drivers of
 * the company. Shaped like the demo seed: 60 % at the first site, codes `FSK-0000001` numbered in
 * date order per site, 55 % receipts, about 3 % void, drafts and loads in progress only in the last
 * days, three years of dates (oldest first), net volumes with three decimals (a value matches a
 * few dozen rows at 1,000,000). Deterministic (setseed).
 */
import pg from 'pg';

export async function insertTickets(url: string, companyId: number, rows: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('select setseed(0.42)');
    const sites = (await c.query<{ id: string }>('select id from terminalboss_v3_site where company_id = $1 order by name', [companyId])).rows.map((r) => r.id);
    if (sites.length < 2) throw new Error('the demo terminal seed has fewer than two sites');
    // `pool(t)` is the array of a master table's ids; `pick(p)` one of them at random, per row.
    await c.query(`
      with pools as (
        select (select array_agg(id order by id) from terminalboss_v3_product where company_id = $1) as products,
               (select array_agg(id order by id) from terminalboss_v3_location where company_id = $1) as locations,
               (select array_agg(id order by id) from terminalboss_v3_company where company_id = $1) as companies,
               (select array_agg(distinct carrier_id) from terminalboss_v3_vehicle where company_id = $1 and carrier_id is not null) as carriers,
               (select array_agg(id order by id) from terminalboss_v3_driver where company_id = $1) as drivers
      ), g as (
        select n, random() as site_roll, random() as type_roll, random() as status_roll, random() as vol
        from generate_series(1, $2::int) n
      ), t as (
        select g.*, case when site_roll < 0.6 then 0 else 1 end as site,
               case when type_roll < 0.55 then 'receipt' when type_roll < 0.85 then 'delivery' when type_roll < 0.9 then 'transfer' else 'waste_disposal' end as ticket_type
        from g
      )
      insert into terminalboss_v3_ticket (company_id, code, status, ticket_type, created_by_server_id, ticket_date, start_time, end_time,
        product_id, source_location_id, destination_location_id, shipper_id, carrier_id, driver_id, gross_volume, net_volume, bol_number)
      select $1, (array['FSK', 'TAY'])[site + 1] || '-' || lpad(n::text, 7, '0'),
             case when n > $2::int - $2::int / 500 then (array['draft', 'in_progress', 'in_progress', 'completed'])[1 + floor(status_roll * 4)::int]
                  when status_roll < 0.03 then 'void' else 'completed' end,
             ticket_type, ($3::uuid[])[site + 1], d.day, d.day + interval '8 hours', d.day + interval '9 hours',
             p.products[1 + floor(random() * cardinality(p.products))::int],
             p.locations[1 + floor(random() * cardinality(p.locations))::int],
             p.locations[1 + floor(random() * cardinality(p.locations))::int],
             p.companies[1 + floor(random() * cardinality(p.companies))::int],
             case when ticket_type = 'transfer' then null else p.carriers[1 + floor(random() * cardinality(p.carriers))::int] end,
             case when ticket_type = 'transfer' then null else p.drivers[1 + floor(random() * cardinality(p.drivers))::int] end,
             round((21 + vol * 40)::numeric, 3), round((20 + vol * 40)::numeric, 3),
             case when ticket_type = 'transfer' then null else 'BOL' || lpad(n::text, 8, '0') end
      from t, pools p, lateral (select current_date - ((($2::int - n) * 1095) / $2::int) as day) d`, [companyId, rows, sites]);
    await c.query('vacuum analyze terminalboss_v3_ticket');
  } finally {
    await c.end();
  }
}
