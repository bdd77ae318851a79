/**
 * The partner isolation matrix (docs/partners.md, Isolation): with the shipper, its partner
 * (Northern Refining Partners), a second partner company signed up by invitation, and a third
 * company whose partnership was revoked, every partner route and every action of every partner
 * resource is called by each company on each record: contracts, orders, nominations, shipments and
 * terminal tickets. A record is read, listed, counted, picked, printed, put on the board and acted
 * on only by the companies it is shared with; any other call answers 404 (or, for a collection,
 * leaves the record out, or refuses its id) and writes nothing.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Resource, actionPath } from '../../src/resources/define';
import { partnerRailContract } from '../../src/resources/partner/rail-contract';
import { partnerRailOrder } from '../../src/resources/partner/rail-order';
import { partnerRailNomination } from '../../src/resources/partner/rail-nomination';
import { partnerRailShipment } from '../../src/resources/partner/rail-shipment';
import { partnerTicket } from '../../src/resources/partner/ticket';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';
import { type Terminal, makeTerminal } from './terminal-tickets-fixtures';

const suite = railSuite();
const { t, ids, call, refused, rows, idOf } = suite;
type Who = 'shipper' | 'nrp' | 'second' | 'revoked';
const WHO: Who[] = ['shipper', 'nrp', 'second', 'revoked'];
const token = (who: Who) => (who === 'shipper' ? t.siteadmin : who === 'nrp' ? t.partner : t[who]);
/** Each record with the companies that may read it. */
const records: { resource: Resource; id: number | string; what: string; seenBy: Who[] }[] = [];
const RESOURCES: Resource[] = [partnerRailContract, partnerRailOrder, partnerRailNomination, partnerRailShipment, partnerTicket];
const PICKERS = new Map<Resource, string>([[partnerRailContract, 'contracts'], [partnerRailOrder, 'orders']]);
let n = 0;

/** A new company signed up by an invitation of the shipper for a new party of its own: its site administrator's token and the party. */
async function signUpPartner(name: string) {
  const party = ok(await call('POST', 'party/', { name, code: `ISO${++n}${Date.now() % 10000}`, party_type: 'consignee', enabled: true }), 201).id as number;
  const inv = ok(await call('POST', 'partner/invitations/create-invitation/', { email: `rail${n}.${Date.now() % 100000}@iso.example`, party, relation: 'customer' }), 201);
  ok(await call('POST', `partner/invitations/${inv.id as number}/send-invitation/`, {}));
  const [mail] = await rows<{ body: string }>(sql`select body from mail_outbox order by id desc limit 1`);
  const [, linkId, secret] = /\/auth\/invitation\/(\d+)\/([\w-]+)\//.exec(mail.body)!;
  const made = await suite.s.call('POST', '/api/auth/invitation/sign-up/', {
    body: { id: linkId, token: secret, name: `${name} admin`, company_name: name, country: 'CA', time_zone: 'America/Winnipeg', new_password1: 'correct horse 42', new_password2: 'correct horse 42' },
  });
  expect(made.status, made.text).toBe(200);
  return { key: made.body.key as string, party, invitation: inv.id as number };
}

async function contractFor(party: number) {
  return ok(await call('POST', 'contract/', {
    contract_type: 'sale', status: 'active', party, product: ids.crude, facility: ids.fsk, carrier: ids.cn, number_of_cars: 30, start_date: '2026-11-01', end_date: '2026-11-30',
  }), 201).id as number;
}

/** As `key`'s company: a sent order on the contract with a sent nomination, and a draft order; recorded with who reads each. */
async function ordersOf(key: string, who: Who, contract: number) {
  const order = (body: Record<string, unknown>) => call('POST', 'partner/railorder/', { contract, number_of_cars: 3, start_date: '2026-11-10', end_date: '2026-11-12', ...body }, key);
  const sent = ok(await order({ order_number: `${who}-sent` }), 201).id as number;
  ok(await call('POST', `partner/railorder/${sent}/send/`, {}, key));
  const draft = ok(await order({ order_number: `${who}-draft` }), 201).id as number;
  const nom = ok(await call('POST', 'partner/railnomination/', { order: sent, shipping_schedule: [{ date: '2026-11-11', quantity: 2 }] }, key), 201).id as number;
  ok(await call('POST', `partner/railnomination/${nom}/send/`, {}, key));
  const revised = ok(await call('POST', `partner/railnomination/${nom}/reject/`, { reason: 'Matrix' }), 200).id as number;
  const nextVersion = ok(await call('POST', `partner/railnomination/${revised}/revise/`, {}, key), 201).id as number;
  records.push(
    { resource: partnerRailOrder, id: sent, what: `${who}'s sent order`, seenBy: ['shipper', who] },
    { resource: partnerRailOrder, id: draft, what: `${who}'s draft order`, seenBy: [who] },
    { resource: partnerRailNomination, id: nom, what: `${who}'s rejected nomination`, seenBy: ['shipper', who] },
    { resource: partnerRailNomination, id: nextVersion, what: `${who}'s draft nomination`, seenBy: [who] },
  );
}

/**
 * What the shipper ships and loads for `who` on its contract: a shipped shipment and an open one,
 * and at the terminal, whose record of the company is the company's party, a completed ticket and
 * one still loading; recorded with who reads each.
 */
async function shippedFor(who: Who, contract: number, party: number, term: Terminal) {
  const [schedule] = ok(await call('GET', `rail_schedule/list/?contract_id=${contract}`)) as unknown as { id: number }[];
  const shipment = async (date: string) => ok(await call('POST', `rail_schedule/${schedule.id}/create_shipment/`, { date }), 201).id as number;
  const shipped = await shipment('2026-11-11');
  const open = await shipment('2026-11-12');
  // Shipped as the railroad has it (a shipment ships through the API only with loaded cars; tests/api/partner-portal.test.ts ships one).
  await rows(sql`update rail_shipment set status = 'shipped', bol_number = ${`ISO-${who}`} where id = ${shipped}`);
  const tc = ok(await call('POST', 'terminalboss/v3/company/', { name: `${who} at the terminal`, company_code: `ISO-${who}`, party }), 201).id as string;
  const ticket = async (status: string) => ok(await call('POST', 'terminalboss/v3/ticket/', {
    created_by_server: term.site.id, ticket_date: '2026-11-11', product: term.product.id, status, consignee: tc,
  }), 201).id as string;
  records.push(
    { resource: partnerRailShipment, id: shipped, what: `${who}'s shipped shipment`, seenBy: ['shipper', who] },
    { resource: partnerRailShipment, id: open, what: `${who}'s open shipment`, seenBy: ['shipper'] },
    { resource: partnerTicket, id: await ticket('completed'), what: `${who}'s completed ticket`, seenBy: ['shipper', who] },
    { resource: partnerTicket, id: await ticket('in_progress'), what: `${who}'s loading ticket`, seenBy: ['shipper'] },
  );
}

beforeAll(async () => {
  ids.crude = await idOf('product', 'CRUDE');
  ids.fsk = await idOf('facility', 'FSK');
  ids.cn = await idOf('party', 'CN');
  const second = await signUpPartner('Lakehead Asphalt Matrix Co.');
  const revoked = await signUpPartner('Former Partner Matrix Ltd.');
  t.second = second.key;
  t.revoked = revoked.key;
  const k1 = await contractFor(await idOf('party', 'NRP'));
  const k2 = await contractFor(second.party);
  const k3 = await contractFor(revoked.party);
  records.push(
    { resource: partnerRailContract as never, id: k1, what: "NRP's shared contract", seenBy: ['shipper', 'nrp'] },
    { resource: partnerRailContract as never, id: k2, what: "the second partner's shared contract", seenBy: ['shipper', 'second'] },
    { resource: partnerRailContract as never, id: k3, what: 'the revoked partnership\'s contract', seenBy: [] },
  );
  await ordersOf(t.partner, 'nrp', k1);
  await ordersOf(second.key, 'second', k2);
  await ordersOf(revoked.key, 'revoked', k3);
  const term = await makeTerminal(suite.s, t.siteadmin, 'ISO');
  await shippedFor('nrp', k1, await idOf('party', 'NRP'), term);
  await shippedFor('second', k2, second.party, term);
  await shippedFor('revoked', k3, revoked.party, term);
  // The partnership ends: the contract is shared no more (its own page is the shipper's); what the
  // partner made stays the shipper's (the sent ones), and the former partner reads none of it. Its
  // shipments and tickets are shared no more: the views of what is shared hold none of them.
  ok(await call('POST', `partner/invitations/${revoked.invitation}/revoke-invitation/`, { reason: 'Matrix' }));
  for (const r of records.filter((x) => x.what.startsWith('revoked'))) {
    r.seenBy = r.resource === partnerRailShipment || r.resource === partnerTicket ? [] : r.seenBy.filter((w) => w !== 'revoked');
  }
}, 120_000);

describe('the partner isolation matrix', () => {
  it('reads, lists, counts and picks each record only as the companies it is shared with', async () => {
    const failures: string[] = [];
    for (const who of WHO) {
      const board = new Set((ok(await call('GET', 'partner/railnomination/board/?from=2026-11-01&to=2026-11-30', undefined, token(who))).contracts as { id: number }[]).map((x) => x.id));
      for (const r of RESOURCES) {
        const listed = new Set(((ok(await call('GET', `${r.name}/?page_size=0`, undefined, token(who)))) as unknown as { id: number | string }[]).map((x) => x.id));
        const picker = PICKERS.get(r);
        const picked = picker ? new Set((ok(await call('GET', `partner/picker/${picker}/?limit=200`, undefined, token(who))) as unknown as { id: number | string }[]).map((x) => x.id)) : null;
        for (const rec of records.filter((x) => x.resource === r)) {
          const may = rec.seenBy.includes(who);
          const read = await call('GET', `${r.name}/${rec.id}/`, undefined, token(who));
          if ((read.status === 200) !== may) failures.push(`${who} GET ${rec.what}: ${read.status}`);
          if (listed.has(rec.id) !== may) failures.push(`${who} list ${rec.what}: ${listed.has(rec.id)}`);
          if (picked && picked.has(rec.id) !== may) failures.push(`${who} picker ${rec.what}: ${picked.has(rec.id)}`);
          if (r === partnerRailContract && board.has(rec.id as number) !== may) failures.push(`${who} board ${rec.what}: ${board.has(rec.id as number)}`);
          const counted = ok(await call('GET', `${r.name}/count/?id=${rec.id}`, undefined, token(who))).count;
          if ((counted === 1) !== may) failures.push(`${who} count ${rec.what}: ${String(counted)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("every action on a record a company may not read answers 404 and writes nothing; so do its writes", async () => {
    const failures: string[] = [];
    for (const rec of records) {
      const bodies: Record<string, unknown> = { forecast: { forecast: 3 }, reject: { reason: 'x' }, cancel: { reason: 'x' } };
      for (const who of WHO.filter((w) => !rec.seenBy.includes(w))) {
        const calls: [string, string, unknown][] = Object.entries(rec.resource.actions).filter(([, a]) => a.on === 'detail')
          .map(([name, a]) => [a.method, `${rec.resource.name}/${actionPath(name, a, String(rec.id))}`, a.method === 'GET' ? undefined : bodies[name] ?? {}]);
        calls.push(['PATCH', `${rec.resource.name}/${rec.id}/`, { notes: 'matrix' }], ['DELETE', `${rec.resource.name}/${rec.id}/`, undefined], ['POST', `${rec.resource.name}/${rec.id}/clone/`, {}]);
        for (const [method, path, body] of calls) {
          const res = await refused(method, path, body, token(who));
          if (res.status !== 404 || res.changed.length) failures.push(`${who} ${method} ${path} (${rec.what}): ${res.status} ${res.changed.join(',')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a company that is not the partner cannot order on, or nominate on, what is not shared with it', async () => {
    const k1 = records.find((x) => x.what === "NRP's shared contract")!.id;
    const nrpSent = records.find((x) => x.what === "nrp's sent order")!.id;
    for (const who of ['second', 'revoked'] as const) {
      const order = await refused('POST', 'partner/railorder/', { contract: k1, number_of_cars: 1, start_date: '2026-11-10', end_date: '2026-11-10' }, token(who));
      expect([order.status, order.body, order.changed]).toEqual([400, { contract: [`Invalid pk "${k1}" - object does not exist.`] }, []]);
      const nom = await refused('POST', 'partner/railnomination/', { order: nrpSent }, token(who));
      expect([nom.status, nom.body, nom.changed]).toEqual([400, { order: [`Invalid pk "${nrpSent}" - object does not exist.`] }, []]);
      expect((await call('GET', `partner/railnomination/new-nominations/?order=${nrpSent}`, undefined, token(who))).status).toBe(400);
    }
  });

  it('a ticket a company may not read is refused in a batch to print or mail, and nothing is written', async () => {
    const failures: string[] = [];
    for (const rec of records.filter((x) => x.resource === partnerTicket)) {
      for (const who of WHO.filter((w) => !rec.seenBy.includes(w))) {
        for (const [action, extra] of [['print_multiple', {}], ['email_multiple', { recipients: ['partner@partner.test'] }]] as const) {
          const res = await refused('POST', `${partnerTicket.name}/${action}/`, { ticket_ids: [rec.id], ...extra }, token(who));
          if (res.status !== 400 || !JSON.stringify(res.body).includes(String(rec.id)) || res.changed.length) failures.push(`${who} ${action} ${rec.what}: ${res.status} ${res.changed.join(',')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("the shipper's users without the partner codenames see no partner records", async () => {
    for (const r of RESOURCES) {
      expect((await call('GET', `${r.name}/`, undefined, t.driver)).status).toBe(403);
    }
    expect((await call('GET', 'partner/picker/contracts/', undefined, t.driver)).status).toBe(403);
  });
});
