/**
 * Certificates held by users/drivers, companies and vehicles (docs/terminal.md "Master data rules").
 * - `status` is computed on every read from `expiry_date` and today (the database's current date):
 *   `expired` (before today), `expiring` (within the reminder days of the certificate type, 30
 *   when the company has not configured the type), `valid`, or `no_expiry`. Lists filter and sort
 *   by it (`?status=expired`, `?status__not_in=expired`) and it never goes stale at midnight.
 * - A user certification belongs to exactly one of a terminal user or a driver.
 * - The certification's type must fit the holder: USR/DRV/INS for users and drivers, COM/CAR for
 *   companies, VEH/VTR/VTL for vehicles.
 * - A new certificate without an expiry date expires `validity_days` after its issue date.
 */
import { eq, sql } from 'drizzle-orm';
import type { ActionHandler } from '../../engine/action-handler';
import { type ResourceHooks } from '../../engine/hooks';
import { defineBehaviour } from '../../engine/behaviour';
import type { Resource } from '../../../src/resources/define';
import { ErrorBag } from '../../engine/errors';
import { update } from '../../engine/operations';
import { tableOf } from '../../db/tables';
import { storeIntoField } from '../../files/store-into-field';
import { certification } from '../../../src/resources/terminal/certification';
import { certificateType } from '../../../src/resources/terminal/certificate-type';
import { HELD_CERTIFICATES, companyCertification, userCertification, vehicleCertification } from '../../../src/resources/terminal/held-certificates';
import { isEmpty } from '../../../src/lib/validators';

export const DEFAULT_REMINDER_DAYS = 30;

export const FITTING_TYPES: Record<string, readonly string[]> = {
  [userCertification.name]: ['USR', 'DRV', 'INS'],
  [companyCertification.name]: ['COM', 'CAR'],
  [vehicleCertification.name]: ['VEH', 'VTR', 'VTL'],
};

function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);
}

/** `{id}/upload_certificate/` (multipart `file`): stores the file and sets `certificate_file`, in one transaction. */
export const uploadCertificate = storeIntoField('certificate_file');

/**
 * `bulk_update_date/` `{ids, expiry_date}` and `bulk_delete_date/` `{ids}` (clears the date): every
 * certificate through the generic update (its rules: expiry not before issue), all or nothing.
 */
export const bulkSetExpiry: ActionHandler = async ({ db, ctx, resource, input }) => {
  const ids = input.ids as string[];
  const date = (input.expiry_date as string | undefined) ?? null;
  await db.transaction(async (tx) => {
    for (const id of ids) await update(tx, ctx, resource, id, { expiry_date: date });
  });
  return { model: resource.perms.model, updated: ids.length, expiry_date: date };
};

/** A held certificate's status (computed), its rules and its actions: the same for the three holders. */
function heldCertificateBehaviour(r: Resource) {
  // Qualified names throughout: drizzle leaves columns unqualified in single-table queries, where
  // the subquery's own columns would shadow them.
  const own = (column: string) => sql.raw(`"${r.table}"."${column}"`);
  const expiry = own('expiry_date');
  const status = () => sql`(case
    when ${expiry} is null then 'no_expiry'
    when ${expiry} < current_date then 'expired'
    when ${expiry} <= current_date + coalesce((select ct.reminder_days from ${sql.raw(`"${certificateType.table}"`)} ct
      join ${sql.raw(`"${certification.table}"`)} c on c.certificate_type = ct.code and c.company_id = ct.company_id
      where c.id = ${own('certification_id')} limit 1), ${sql.raw(String(DEFAULT_REMINDER_DAYS))}) then 'expiring'
    else 'valid' end)`;

  const hooks: ResourceHooks = {
    async beforeWrite({ db, input, mode, current }) {
      const v = input.values;
      const after = { ...(current ?? {}), ...v };
      const errors = new ErrorBag();
      if (r === userCertification && ('user' in v || 'driver' in v || mode === 'create')) {
        const holders = ['user', 'driver'].filter((f) => !isEmpty(after[f]));
        if (holders.length !== 1) {
          const msg = holders.length ? 'Give a terminal user or a driver, not both.' : 'Give the terminal user or the driver who holds the certificate.';
          errors.add('user', msg);
          errors.add('driver', msg);
        }
      }
      if ('certification' in v || mode === 'create') {
        const c = tableOf(certification);
        const [kind] = await db.select({ type: c.certificate_type, validity: c.validity_days, name: c.name }).from(c).where(eq(c.id, after.certification as string));
        if (kind && !FITTING_TYPES[r.name].includes(kind.type as string)) {
          errors.add('certification', `${kind.name} is a ${kind.type} certification; a ${r.label.toLowerCase()} takes ${FITTING_TYPES[r.name].join(', ')}.`);
        }
        if (kind && mode === 'create' && isEmpty(v.expiry_date) && typeof v.issue_date === 'string' && kind.validity) {
          v.expiry_date = addDays(v.issue_date, kind.validity as number);
        }
      }
      if (!isEmpty(after.issue_date) && !isEmpty(after.expiry_date) && String(after.expiry_date) < String(after.issue_date)) {
        errors.add('expiry_date', 'The expiry date cannot be before the issue date.');
      }
      errors.throwIfAny();
    },
  };
  return defineBehaviour(r, {
    computed: { status },
    hooks,
    actions: { upload_certificate: uploadCertificate, bulk_update_date: bulkSetExpiry, bulk_delete_date: bulkSetExpiry },
  });
}

export const heldCertificateBehaviours = HELD_CERTIFICATES.map(heldCertificateBehaviour);
