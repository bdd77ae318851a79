/**
 * Printing a rail shipment's bill of lading through the real server (docs/rail.md §10.2-10.4): an
 * open shipment prints a DRAFT from its live records; a shipped one its issued copy, rendered once
 * and kept, so every reprint (and `bol_archive/`) is the same bytes, also after a party's address
 * changed; a void one its void copy with the reason; a cancelled one none. Template and version
 * are checked; who may print is the print codename's, within the company.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok, readyShipment, shippingIds } from './rail-shipping-fixtures';
import { getBinary, pdfPages, pdfText, unzipEntries } from './terminal-tickets-fixtures';
import { mailOutbox } from '../../server/db/internal-tables';

const suite = railSuite();
const { t, ids, call, refused, rows } = suite;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pdf = async (path: string, token = t.siteadmin) => {
  const res = await getBinary(suite.s, token, `/api/${path}`);
  expect(res.status, res.status === 200 ? '' : res.body.toString()).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/pdf');
  return { body: res.body, name: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] };
};
const flat = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(() => shippingIds(suite));

describe('print/ (docs/rail.md §10.3)', () => {
  it('prints an open shipment as a DRAFT from its live records', async () => {
    const x = await readyShipment(suite, { day: '2026-11-03', cars: 2, mark: 'TILX' });
    const draft = await pdf(`rail_shipment/${x.id}/print/`, t.operator);
    expect(draft.name).toBe(`bol-draft-${String(x.shipment.shipment_number)}.pdf`);
    const text = flat(pdfText(draft.body));
    expect(text).toContain('DRAFT');
    expect(text).toContain('Gulf Coast Refining LLC');
    expect(text).toContain('rail-bol-custom v4');
    expect((await rows(sql`select 1 from rail_bol_archive where shipment_id = ${x.id}`)).length).toBe(0);
    // A draft in an earlier layout, asked for by version, still prints it.
    const v1 = flat(pdfText((await pdf(`rail_shipment/${x.id}/print/?version=1`, t.operator)).body));
    expect(v1).toContain('rail-bol-custom v1');
    expect(v1).toContain('24-HOUR EMERGENCY TELEPHONE');
    const v2 = flat(pdfText((await pdf(`rail_shipment/${x.id}/print/?version=2`, t.operator)).body));
    expect(v2).toContain('rail-bol-custom v2');
    expect(v2).not.toContain('ERAP telephone');
  });

  it('prints a shipped shipment\'s issued copy, the same bytes every time, also after the consignee moved', async () => {
    const x = await readyShipment(suite, { day: '2026-11-04', cars: 4, mark: 'TILX' });
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const first = await pdf(`rail_shipment/${x.id}/print/`);
    expect(first.name).toBe(`bol-${String(shipped.bol_number)}.pdf`);
    const text = flat(pdfText(first.body));
    for (const want of [
      String(shipped.bol_number), 'Gulf Coast Refining LLC', 'Fort Saskatchewan Terminal', 'UN1267', 'PETROLEUM CRUDE OIL', 'Sam Site', '28,959.00', '109,621.7',
      // The entries docs/rail.md §10.7 checked: number and type of packages, the 24-Hour Number, the certifications.
      '4 tank cars', 'EMERGENCY RESPONSE TELEPHONE, 24-Hour Number:', 'ERAP 2-1027 ERAP telephone: +1 780-555-0148',
      '49 CFR 172.204(a)(1): This is to certify that the above-named materials are properly classified, described, packaged, marked and labeled, and are in proper condition for transportation according to the applicable regulations of the Department of Transportation.',
      'TDG Regulations, s. 3.6.1(1)(a): I hereby declare that the contents of this consignment are fully and accurately described above by the proper shipping name, are properly classified and packaged, have dangerous goods safety marks properly affixed or displayed on them, and are in all respects in proper condition for transport according to the Transportation of Dangerous Goods Regulations.',
      'rail-bol-custom v4',
      // Version 4: each tank car against its maximum permitted filling; loaded at 0 °F (-17.8 °C) to 98 %, crude oil is over.
      'MAXIMUM PERMITTED FILLING', '4 of 4 over the limit.', '-17.8 29,400.00 28,185.',
    ]) {
      expect(text, want).toContain(want);
    }
    expect(pdfPages(first.body)).toBe(1);
    // What is printed is what the gauge tool answers for the same car.
    const [{ snapshot }] = await rows<{ snapshot: { cars: { filling: Record<string, unknown> }[] } }>(sql`select snapshot from rail_bol_archive where shipment_id = ${x.id}`);
    const tool = ok(await call('POST', 'rail_car_gauge_table/get_max_permitted_filling/', {
      unit: 'gal', shell_capacity: '30000', product: ids.crude, relative_density: '0.8700', target_temp: '-17.8', temperature_min: '-17.8', temperature_max: '-17.8',
    }));
    expect(snapshot.cars).toHaveLength(4);
    for (const c of snapshot.cars) expect(c.filling).toMatchObject({ checked: true, load_temp_c: '-17.8', permitted_volume: tool.permitted_volume, percent: tool.percent, over: expect.any(String) });
    const gcr = ok(await call('GET', `party/${ids.gcr}/`));
    const moved = ok(await call('PATCH', `party/${ids.gcr}/`, { address: '1 Moved Street', version: gcr.version }));
    try {
      const again = await pdf(`rail_shipment/${x.id}/print/`);
      expect(sha(again.body)).toBe(sha(first.body));
      expect(pdfText(again.body)).not.toContain('1 Moved Street');
      const [archived] = ok(await call('GET', `rail_shipment/${x.id}/bol_archives/`)) as unknown as { id: number; kind: string; sha256: string; size: number; template: string }[];
      expect(archived).toMatchObject({ kind: 'issued', sha256: sha(first.body), size: first.body.length, template: 'rail-bol-custom v4' });
      const copy = await pdf(`rail_shipment/bol_archive/?bolArchiveId=${archived.id}`, t.dispatcher);
      expect(sha(copy.body)).toBe(sha(first.body));
    } finally {
      await call('PATCH', `party/${ids.gcr}/`, { address: gcr.address, version: moved.version });
    }
  });

  it('prints the entries of layout version 3: RQ, the residue, the registrant and the ERAP telephone (docs/rail.md §10.7)', async () => {
    const acid = ok(await call('POST', 'product/', {
      name: 'Test sulphuric acid', code: `TSA${Date.now() % 100000}`, stcc: '4930040', unCode: 'UN1830', class: '8', packingGroup: 'II', shipping_name: 'SULFURIC ACID',
      rq: true, emergency_phone: '1-800-424-9300', emergency_registrant: 'CCN 204871', erap_number: '2-0340', erap_phone: '+1 780-555-0148',
    }), 201);
    const x = await readyShipment(suite, { day: '2026-11-06', cars: 2, contract: { product: acid.id } });
    ok(await call('PATCH', `rail_shipment/${x.id}/`, { residue: true, version: x.shipment.version }));
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const issued = (await pdf(`rail_shipment/${x.id}/print/`)).body;
    const drawn = flat(pdfText(issued, 'raw').replace(/-\n/g, '-'));
    for (const want of [
      'RQ, RESIDUE: LAST CONTAINED UN1830, SULFURIC ACID, 8, PG II',
      'EMERGENCY RESPONSE TELEPHONE, 24-Hour Number: 1-800-424-9300 Registrant: CCN 204871',
      'ERAP 2-0340 ERAP telephone: +1 780-555-0148',
      'rail-bol-custom v4',
    ]) expect(drawn, want).toContain(want);
    expect(pdfPages(issued)).toBe(1);
  });

  it('prints an archived copy of layout version 2 with version 2', async () => {
    const x = await readyShipment(suite, { day: '2026-11-06', cars: 1 });
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    // As a copy issued before version 3: its row names version 2, its snapshot has none of the later fields.
    await rows(sql`update rail_bol_archive set template_version = 2,
      snapshot = jsonb_set(snapshot #- '{product,erap_phone}' #- '{product,rq}' #- '{shipment,residue}', '{template,version}', '2')
      where shipment_id = ${x.id}`);
    const text = flat(pdfText((await pdf(`rail_shipment/${x.id}/print/`)).body));
    expect(text).toContain('rail-bol-custom v2');
    expect(text).toContain('EMERGENCY RESPONSE TELEPHONE, 24-Hour Number:');
    expect(text).toContain('ERAP 2-1027');
    expect(text).not.toContain('ERAP telephone');
    const [archived] = ok(await call('GET', `rail_shipment/${x.id}/bol_archives/`)) as unknown as { template: string }[];
    expect(archived.template).toBe('rail-bol-custom v2');
  });

  it('renders an archived copy once when two first requests race', async () => {
    const x = await readyShipment(suite, { day: '2026-11-05', cars: 1 });
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const [a, b] = await Promise.all([pdf(`rail_shipment/${x.id}/print/`), pdf(`rail_shipment/${x.id}/print/`)]);
    expect(sha(a.body)).toBe(sha(b.body));
    // The loser of the race deleted its own file: one stored PDF of this BOL.
    const [{ files }] = await rows<{ files: number }>(sql`select count(*)::int as files from stored_file where company_id = ${ids.pbt} and name = ${`bol-${String(shipped.bol_number)}.pdf`}`);
    expect(files).toBe(1);
  });

  it('prints a void shipment\'s void copy with its reason; a cancelled one has none', async () => {
    const x = await readyShipment(suite, { day: '2026-11-06', cars: 1 });
    const shipped = ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    ok(await call('POST', `rail_shipment/${x.id}/void_shipment/`, { reason: 'Released to the wrong railroad' }));
    const v = await pdf(`rail_shipment/${x.id}/print/`);
    expect(v.name).toBe(`bol-${String(shipped.bol_number)}-void.pdf`);
    const text = flat(pdfText(v.body));
    expect(text).toContain('VOID');
    expect(text).toContain('Released to the wrong railroad');
    const y = await readyShipment(suite, { day: '2026-11-06', cars: 1 });
    ok(await call('POST', `rail_shipment/${y.id}/cancel_shipment/`, { reason: 'Not needed' }));
    expect((await refused('GET', `rail_shipment/${y.id}/print/`)).body).toEqual({ status: ['A cancelled shipment has no bill of lading.'] });
  });

  it('names the templates that exist, and keeps printing to those who may print, within the company', async () => {
    const x = await readyShipment(suite, { day: '2026-11-07', cars: 1 });
    expect((await refused('GET', `rail_shipment/${x.id}/print/?code=ticketview`)).body).toEqual({ code: ['Unknown template "ticketview". Available: rail-bol-custom.'] });
    expect((await refused('GET', `rail_shipment/${x.id}/print/?version=9`)).body).toEqual({ version: ['Unknown version "9" of rail-bol-custom. Available: 1, 2, 3, 4.'] });
    expect((await refused('GET', `rail_shipment/${x.id}/print/`, undefined, t.driver)).status).toBe(403);
    expect((await refused('GET', `rail_shipment/${x.id}/print/`, undefined, t.partner)).status).toBe(404);
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const [archived] = ok(await call('GET', `rail_shipment/${x.id}/bol_archives/`)) as unknown as { id: number }[];
    expect((await refused('GET', `rail_shipment/bol_archive/?bolArchiveId=${archived.id}`, undefined, t.partner)).status).toBe(404);
    expect((await refused('GET', `rail_shipment/bol_archive/?bolArchiveId=${archived.id}`, undefined, t.driver)).status).toBe(403);
    expect((await refused('GET', 'rail_shipment/bol_archive/')).body).toEqual({ bolArchiveId: ['This field is required.'] });
  });
});

describe('print_multiple/, email_multiple/, send_bol/ (docs/rail.md §10.3)', () => {
  const post = async (path: string, body: unknown, token = t.siteadmin) => {
    const res = await fetch(`${suite.s.url}/api/${path}`, { method: 'POST', headers: { authorization: `Token ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  const outbox = async () => (await suite.s.database.db.select().from(mailOutbox)).filter((m) => String(m.subject).startsWith('Bill'));

  it('zips each shipment\'s current document, or combines them in one PDF; a cancelled one is named and nothing is printed', async () => {
    const a = await readyShipment(suite, { day: '2026-11-09', cars: 1 });
    const b = await readyShipment(suite, { day: '2026-11-09', cars: 1 });
    const c = await readyShipment(suite, { day: '2026-11-09', cars: 1 });
    const na = String(ok(await call('POST', `rail_shipment/${a.id}/ship/`, { hazardous_certificate_person: 'Sam Site' })).bol_number);
    const nb = String(ok(await call('POST', `rail_shipment/${b.id}/ship/`, { hazardous_certificate_person: 'Sam Site' })).bol_number);
    const zip = await post('rail_shipment/print_multiple/', { shipment_ids: [b.id, a.id, c.id] }, t.dispatcher);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toBe('attachment; filename="bols.zip"');
    const entries = unzipEntries(zip.body);
    expect([...entries.keys()]).toEqual([`bol-${nb}.pdf`, `bol-${na}.pdf`, `bol-draft-${String(c.shipment.shipment_number)}.pdf`]);
    // The zip holds the archived copy itself.
    expect(sha(entries.get(`bol-${na}.pdf`)!)).toBe(sha((await pdf(`rail_shipment/${a.id}/print/`)).body));
    const one = await post('rail_shipment/print_multiple/', { shipment_ids: [a.id, b.id], combine: true });
    expect(one.headers.get('content-type')).toContain('application/pdf');
    expect(pdfPages(one.body)).toBe(2);
    const text = flat(pdfText(one.body));
    expect(text).toContain(na);
    expect(text).toContain(nb);
    ok(await call('POST', `rail_shipment/${c.id}/cancel_shipment/`, { reason: 'Not needed' }));
    const res = await refused('POST', 'rail_shipment/print_multiple/', { shipment_ids: [a.id, c.id] });
    expect(res.body).toEqual({ shipment_ids: [`${String(c.shipment.shipment_number)}: a cancelled shipment has no bill of lading.`] });
    expect((await refused('POST', 'rail_shipment/print_multiple/', { shipment_ids: [a.id] }, t.driver)).status).toBe(403);
  });

  it('mails bills of lading to the company\'s contacts only, one mail per recipient', async () => {
    const x = await readyShipment(suite, { day: '2026-11-11', cars: 1 });
    const bol = String(ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' })).bol_number);
    const before = (await outbox()).length;
    const stranger = await refused('POST', 'rail_shipment/email_multiple/', { shipment_ids: [x.id], recipients: ['someone@elsewhere.example'] });
    expect(stranger.status).toBe(403);
    expect((await outbox()).length).toBe(before);
    expect(ok(await call('POST', 'rail_shipment/email_multiple/', { shipment_ids: [x.id], recipients: ['Receiving@GulfCoast.example'], message: 'Cars released today.' }, t.dispatcher))).toEqual({ sent: 1 });
    const [mail] = (await outbox()).slice(before);
    expect(mail).toMatchObject({ to: 'receiving@gulfcoast.example', subject: `Bill of lading ${bol}` });
    expect(mail.body).toContain('Cars released today.');
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `bol-${bol}.pdf`, contentType: 'application/pdf' })]);
    expect((await refused('POST', 'rail_shipment/email_multiple/', { shipment_ids: [x.id], recipients: ['receiving@gulfcoast.example'] }, t.operator)).status).toBe(403);
  });

  it('sends an archived copy to the contact preferences, or to the recipients named', async () => {
    const x = await readyShipment(suite, { day: '2026-11-12', cars: 1 });
    expect((await refused('POST', `rail_shipment/${x.id}/send_bol/`, {})).body).toEqual({ status: ['An open shipment has no issued bill of lading to send.'] });
    const bol = String(ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' })).bol_number);
    expect((await refused('POST', `rail_shipment/${x.id}/send_bol/`, {})).body).toEqual({ target: ["Name a recipient, or set the shipment's contact preferences."] });
    ok(await call('POST', `rail_shipment/${x.id}/update_contact_preferences/`, { preferences: { parties: ['consignee'], to: [] } }));
    const before = (await outbox()).length;
    expect(ok(await call('POST', `rail_shipment/${x.id}/send_bol/`, {}, t.dispatcher))).toEqual({ sent: 1 });
    expect((await outbox()).slice(before).map((m) => [m.to, m.subject])).toEqual([['receiving@gulfcoast.example', `Bill of lading ${bol}`]]);
    const y = await readyShipment(suite, { day: '2026-11-12', cars: 1 });
    ok(await call('POST', `rail_shipment/${y.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const [other] = ok(await call('GET', `rail_shipment/${y.id}/bol_archives/`)) as unknown as { id: number }[];
    expect((await refused('POST', `rail_shipment/${x.id}/send_bol/`, { target: ['receiving@gulfcoast.example'], archive_id: other.id })).body)
      .toEqual({ archive_id: ['No archived bill of lading of this shipment has this id.'] });
  });
});

describe('edi_404/ (docs/rail.md §10.5)', () => {
  const edi = async (id: number, token = t.siteadmin) => {
    const res = await getBinary(suite.s, token, `/api/rail_shipment/${id}/edi_404/`);
    expect(res.status, res.body.toString()).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return { text: res.body.toString('utf8'), name: /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] };
  };
  const segments = (text: string) => text.split('~').map((x) => x.trim()).filter(Boolean);

  it('renders the issued copy as one interchange whose counts match, the same text every time; a void one as a cancellation', async () => {
    const x = await readyShipment(suite, { day: '2026-11-13', cars: 3, mark: 'TILX' });
    const bol = String(ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' })).bol_number);
    const first = await edi(x.id, t.operator);
    expect(first.name).toBe(`edi404-${bol}.txt`);
    const segs = segments(first.text);
    expect(segs[0]).toMatch(/^ISA\*/);
    expect(segs[0].length).toBe(105);
    const control = segs[0].split('*')[13];
    expect(control).toMatch(/^\d{9}$/);
    const st = segs.findIndex((s) => s.startsWith('ST*404*'));
    const se = segs.findIndex((s) => s.startsWith('SE*'));
    expect(Number(segs[se].split('*')[1])).toBe(se - st + 1);
    expect(segs.filter((s) => s.startsWith('N7*'))).toHaveLength(3);
    expect(segs.find((s) => s.startsWith('BX*'))!.split('*')[1]).toBe('00');
    expect(segs.some((s) => s.startsWith('N9*BM*') && s.includes(bol))).toBe(true);
    expect(segs.some((s) => s.startsWith('LH1*'))).toBe(true);
    // The codes and order of the X12 004010 404 (docs/rail.md §10.7): a bill of lading for an individual
    // shipment (BX07 B), released with billing data at the ship time (M3 R), the hazardous material
    // loop after the line item and bounded by LS/LE, the certifier in LH6 after it.
    expect(segs.find((s) => s.startsWith('BX*'))!.split('*')[7]).toBe('B');
    expect(segs.find((s) => s.startsWith('M3*'))).toMatch(/^M3\*R\*2026\d{4}\*\d{4}\*LT$/);
    const order = segs.map((s) => s.split('*')[0]);
    expect(order.slice(order.indexOf('LX'), order.indexOf('SE'))).toEqual(['LX', 'L5', 'L0', 'LS', 'LH1', 'LH2', 'LH3', 'LH4', 'PER', 'LE', 'LH6']);
    expect(segs.find((s) => s.startsWith('LH1*'))).toMatch(/^LH1\*NC\*3\*UN1267\*\*4910165\*LB\*\d+\*\*\*I$/);
    expect(segs.find((s) => s.startsWith('LH6*'))).toBe('LH6*SAM SITE');
    expect(segs.find((s) => s.startsWith('LH4*'))).toBe('LH4*2-1027*+1 780-555-0148');
    expect(segs.filter((s) => s.startsWith('R2*'))).toEqual(['R2*CN*S']);
    expect(segs.at(-1)).toBe(`IEA*1*${control}`);
    expect((await edi(x.id)).text).toBe(first.text);
    ok(await call('POST', `rail_shipment/${x.id}/void_shipment/`, { reason: 'Released to the wrong railroad' }));
    const cancel = await edi(x.id);
    expect(cancel.name).toBe(`edi404-${bol}-void.txt`);
    expect(segments(cancel.text).find((s) => s.startsWith('BX*'))!.split('*')[1]).toBe('01');
    // The void copy is another document: its own control number.
    expect(segments(cancel.text)[0].split('*')[13]).not.toBe(control);
  });

  it('sends the entries of layout version 3 in their segments: LH109 residue, LH205 RQ, a subsidiary LH2, LH402 and PER02 (docs/rail.md §10.7)', async () => {
    const meoh = ok(await call('POST', 'product/', {
      name: 'Test methanol', code: `TME${Date.now() % 100000}`, stcc: '4909230', unCode: 'UN1230', class: '3', subsidiary_classes: '6.1', packingGroup: 'II',
      shipping_name: 'METHANOL', rq: true, emergency_phone: '1-800-424-9300', emergency_registrant: 'CCN 204871', erap_number: '2-0550', erap_phone: '+1 780-555-0148',
    }), 201);
    const x = await readyShipment(suite, { day: '2026-11-14', cars: 2, contract: { product: meoh.id } });
    ok(await call('PATCH', `rail_shipment/${x.id}/`, { residue: true, version: x.shipment.version }));
    ok(await call('POST', `rail_shipment/${x.id}/ship/`, { hazardous_certificate_person: 'Sam Site' }));
    const segs = segments((await edi(x.id)).text);
    expect(segs.slice(segs.indexOf('LS*LH1'), segs.indexOf('LE*LH1') + 1)).toEqual([
      'LS*LH1',
      expect.stringMatching(/^LH1\*NC\*2\*UN1230\*\*4909230\*LB\*\d+\*\*R\*II$/),
      'LH2*3*P***RQ',
      'LH2*6.1*S',
      'LH3*METHANOL*D',
      'LH4*2-0550*+1 780-555-0148',
      'PER*HM*CCN 204871*TE*1-800-424-9300',
      'LE*LH1',
    ]);
  });

  it('has nothing to send for an open shipment, and keeps to those who may print', async () => {
    const x = await readyShipment(suite, { day: '2026-11-13', cars: 1 });
    expect((await refused('GET', `rail_shipment/${x.id}/edi_404/`)).body).toEqual({ status: ['Only an issued bill of lading has an EDI 404.'] });
    expect((await refused('GET', `rail_shipment/${x.id}/edi_404/`, undefined, t.driver)).status).toBe(403);
    expect((await refused('GET', `rail_shipment/${x.id}/edi_404/`, undefined, t.partner)).status).toBe(404);
  });
});
