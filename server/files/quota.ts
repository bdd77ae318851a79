/**
 * The upload quota of `POST /api/files/`: what a user uploaded there in the last 24 hours and that
 * no record refers to yet (an upload that is never attached costs storage and nothing else) may
 * not pass UPLOAD_QUOTA_BYTES. Computed from the stored files themselves, so it holds across
 * server processes and restarts; attaching a file (any file field of any record) frees its bytes.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { storedFile } from '../db/internal-tables';
import { unreferenced } from './scope';

export const QUOTA_WINDOW_HOURS = 24;

let conditions: SQL[] | null = null;

export async function unattachedBytes(db: Db, userId: number): Promise<number> {
  conditions ??= unreferenced();
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${storedFile.size}), 0)` }).from(storedFile).where(and(
    eq(storedFile.uploaded_by, userId),
    gt(storedFile.created_at, sql`now() - make_interval(hours => ${QUOTA_WINDOW_HOURS})`),
    ...conditions,
  ));
  return Number(row.n);
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

export const quotaMessage = (used: number, quota: number) =>
  `Upload quota reached: you uploaded ${mb(used)} in the last ${QUOTA_WINDOW_HOURS} hours that is not attached to any record yet, and the quota is ${mb(quota)}. Attach those files first, or try again later.`;
