/**
 * `POST /api/attachments/rename_file/?attachment_id=&new_name=` (docs/security.md, Stored files): a stored
 * file's name, the one its download carries, changed by whoever may change a record that holds
 * it, or by its uploader while no record holds it yet. A file he may read but not change is
 * refused (403); one he may not read is not found (404), as everywhere. The file's type stays:
 * a new name without the old extension gets it back, so a PDF never downloads as something else.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import { storedFile } from '../db/internal-tables';
import { ErrorBag, fieldError, forbidden, notFound } from '../engine/errors';
import { fileColumns, fileScope } from './scope';
import { scopeOf } from '../engine/operations';
import type { Ctx } from '../engine/context';
import { recordChanges } from '../audit/direct-entry';
import { storedFileMeta } from './store';

const NAME_MAX = 255;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const extensionOf = (name: string) => /(\.[A-Za-z0-9]{1,8})$/.exec(name)?.[1] ?? '';

/** The new name, trimmed and checked; the old extension kept. */
export function cleanName(raw: unknown, old: string): string {
  const errors = new ErrorBag();
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name) errors.add('new_name', 'Give the file a name.');
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f/\\]/.test(name)) errors.add('new_name', 'A file name has no slashes and no control characters.');
  errors.throwIfAny();
  const ext = extensionOf(old);
  const whole = ext && !name.toLowerCase().endsWith(ext.toLowerCase()) ? `${name}${ext}` : name;
  if (whole.length > NAME_MAX) throw fieldError('new_name', `At most ${NAME_MAX} characters, the extension included.`);
  return whole;
}

/**
 * A rename is a change of every record holding the file (docs/audit.md): one entry per record,
 * on its file field, from the old name to the new, with the request's stamp, in the rename's
 * transaction. A pending upload no record holds yet has no record to change: the request log has it.
 */
async function recordRename(tx: Db, ctx: Ctx, id: string, before: string, after: string) {
  if (before === after) return;
  for (const c of fileColumns()) {
    const t = c.table;
    const rows = await tx.select({ id: t.id, ...(c.resource.tenant === 'company' ? { company: t.company } : {}) }).from(t).where(and(eq(c.column, id), scopeOf(ctx, c.resource)));
    await recordChanges(tx, rows.map((r) => ({ company: (r as { company?: number }).company ?? null, model: c.resource.name, objectId: String(r.id), changes: { [c.field]: [before, after] } })), 'attachments/rename_file');
  }
}

export function mountFileRename(app: FastifyInstance, db: Db) {
  app.post<{ Querystring: Record<string, unknown> }>('/api/attachments/rename_file/', async (req) => {
    const ctx = req.ctx!;
    const id = req.query.attachment_id;
    if (typeof id !== 'string' || !UUID.test(id)) throw fieldError('attachment_id', 'Give the id of a stored file.');
    const [file] = await db.select({ name: storedFile.name }).from(storedFile).where(and(eq(storedFile.id, id), fileScope(ctx)));
    if (!file) throw notFound();
    const name = cleanName(req.query.new_name, file.name);
    return db.transaction(async (tx) => {
      const [renamed] = await tx.update(storedFile).set({ name }).where(and(eq(storedFile.id, id), fileScope(ctx, 'change'))).returning(storedFileMeta);
      if (!renamed) throw forbidden('You may read this file but not change the records that hold it.');
      await recordRename(tx, ctx, id, file.name, name);
      return renamed;
    });
  });
}
