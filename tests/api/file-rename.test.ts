/**
 * Renaming a stored file (docs/security.md, Stored files: `attachments/rename_file/`): by whoever may change a record
 * holding it, or by its uploader while no record holds it; the extension kept; a reader who may
 * not change it refused (403), anyone else not finding it (404); bad input answered per field,
 * with nothing written.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { railSuite } from './rail-fixtures';
import { ok } from './rail-shipping-fixtures';

const suite = railSuite();
const { t, refused } = suite;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TB = 'terminalboss/v3';

async function upload(token: string, name = 'scan 0042.pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), name);
  const res = await suite.s.call('POST', '/api/files/', { token, body: form });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string };
}
const rename = (token: string, id: unknown, name: unknown) =>
  suite.call('POST', `attachments/rename_file/?${new URLSearchParams({ ...(id === undefined ? {} : { attachment_id: String(id) }), ...(name === undefined ? {} : { new_name: String(name) }) })}`, undefined, token);
const downloadName = async (token: string, id: string) =>
  (await fetch(`${suite.s.url}/api/files/${id}/download/`, { headers: { authorization: `Token ${token}` } })).headers.get('content-disposition');

let driverTicket: number;
beforeAll(async () => {
  const mine = ok(await suite.call('GET', `${TB}/ticket/?page_size=0&ordering=id`, undefined, t.driver)) as unknown as { id: number }[];
  driverTicket = mine[0].id;
});

describe('rename_file', () => {
  it('the uploader renames his pending upload; the extension stays and the download carries the name', async () => {
    const file = await upload(t.operator);
    const renamed = ok(await rename(t.operator, file.id, '  Run ticket 42  '));
    expect(renamed).toMatchObject({ id: file.id, name: 'Run ticket 42.pdf', content_type: 'application/pdf' });
    expect(await downloadName(t.operator, file.id)).toContain("filename*=UTF-8''Run%20ticket%2042.pdf");
    const entries = async () => (await suite.rows<{ n: number }>(sql`select count(*)::int as n from audit_crud`))[0].n;
    const before = await entries();
    expect(ok(await rename(t.operator, file.id, 'Run ticket 42 final.PDF')).name).toBe('Run ticket 42 final.PDF');
    // No record holds it yet: no record changed (the request log has the call).
    expect(await entries()).toBe(before);
    // Another user of the company neither reads nor renames someone else's pending upload.
    expect((await refused('POST', `attachments/rename_file/?attachment_id=${file.id}&new_name=x`, undefined, t.dispatcher)).status).toBe(404);
  });

  it('a file a record holds: renamed by who may change the record, refused to its reader, unknown to another company', async () => {
    const file = await upload(t.siteadmin, 'bol.pdf');
    const held = ok(await suite.call('POST', `${TB}/ticketattachment/`, { ticket: driverTicket, attachment: file.id, name: 'BOL', kind: 'bol' }), 201) as unknown as { id: string };
    expect(ok(await rename(t.operator, file.id, 'BOL 7731')).name).toBe('BOL 7731.pdf');
    // The rename is a change of the record holding the file, in its history.
    const entries = ok(await suite.call('GET', `audit/crud/?page_size=0&model=${encodeURIComponent(`${TB}/ticketattachment`)}&object_id=${held.id}&event_type=update`)) as unknown as Record<string, unknown>[];
    expect(entries).toEqual([expect.objectContaining({ changes: { attachment: ['bol.pdf', 'BOL 7731.pdf'] }, user_label: 'Olivia Operator' })]);
    // The driver reads his own ticket's attachment but changes no ticket.
    expect(ok(await suite.call('GET', `files/${file.id}/`, undefined, t.driver)).name).toBe('BOL 7731.pdf');
    const reader = await refused('POST', `attachments/rename_file/?attachment_id=${file.id}&new_name=mine`, undefined, t.driver);
    expect(reader).toMatchObject({ status: 403, changed: [] });
    expect((await refused('POST', `attachments/rename_file/?attachment_id=${file.id}&new_name=mine`, undefined, t.partner)).status).toBe(404);
    expect(ok(await suite.call('GET', `files/${file.id}/`, undefined, t.driver)).name).toBe('BOL 7731.pdf');
  });

  it('refuses bad input per field, with nothing written', async () => {
    const file = await upload(t.operator);
    for (const [id, name, field, message] of [
      [undefined, 'x', 'attachment_id', 'Give the id of a stored file.'],
      ['42', 'x', 'attachment_id', 'Give the id of a stored file.'],
      [file.id, undefined, 'new_name', 'Give the file a name.'],
      [file.id, '   ', 'new_name', 'Give the file a name.'],
      [file.id, '../etc/passwd', 'new_name', 'A file name has no slashes and no control characters.'],
      [file.id, 'tab\there', 'new_name', 'A file name has no slashes and no control characters.'],
      [file.id, 'x'.repeat(252), 'new_name', 'At most 255 characters, the extension included.'],
    ] as const) {
      const res = await refused('POST', `attachments/rename_file/?${new URLSearchParams({ ...(id === undefined ? {} : { attachment_id: id }), ...(name === undefined ? {} : { new_name: name }) })}`, undefined, t.operator);
      expect(res, `${String(id)} ${String(name)}`).toMatchObject({ status: 400, body: { [field]: [message] }, changed: [] });
    }
    // A well-formed id of no file is not found.
    expect((await rename(t.operator, '00000000-0000-4000-8000-000000000000', 'x')).status).toBe(404);
  });
});
