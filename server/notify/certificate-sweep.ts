/**
 * Certificates about to expire, and just expired, announced (docs/notifications.md, Kinds): every
 * server process looks once at start and then every CERTIFICATE_SWEEP_MINUTES; each certificate's coming expiry is
 * announced once (`expiring`, within its type's reminder days) and its expiry once more (`expired`,
 * for EXPIRED_DAYS after it), to the company's people who may change certificates. A notice's key
 * names the certificate, its expiry date and the step, so processes sweeping together, or a sweep
 * after a restart, add nothing; a certificate given a new date is announced again.
 */
import { sql } from 'drizzle-orm';
import { HELD_CERTIFICATES } from '../../src/resources/terminal/held-certificates';
import { certification } from '../../src/resources/terminal/certification';
import { certificateType } from '../../src/resources/terminal/certificate-type';
import { codename } from '../../src/resources/define';
import { type Db, rawRows } from '../db/connection';
import { DEFAULT_REMINDER_DAYS } from '../actions/terminal/certificates';
import { notify } from './raise';

/** An expiry older than this is not announced any more (a first sweep does not flood a company with old news). */
export const EXPIRED_DAYS = 30;

interface Due { id: number; company: number; certification: number; name: string; number: string | null; expiry: string; expired: boolean }

/** Announces what is due now; answers how many notifications were raised. */
export async function sweepCertificates(db: Db): Promise<number> {
  let raised = 0;
  for (const r of HELD_CERTIFICATES) {
    const due = await rawRows<Due>(db, sql`
      select h.id, h.company_id as company, h.certification_id as certification, c.name, h.certificate_number as number,
        h.expiry_date::text as expiry, h.expiry_date < current_date as expired
      from ${sql.raw(`"${r.table}"`)} h
      join ${sql.raw(`"${certification.table}"`)} c on c.id = h.certification_id
      left join ${sql.raw(`"${certificateType.table}"`)} ct on ct.code = c.certificate_type and ct.company_id = c.company_id
      where h.expiry_date is not null and h.company_id is not null
        and h.expiry_date >= current_date - ${EXPIRED_DAYS}::int
        and h.expiry_date <= current_date + coalesce(ct.reminder_days, ${DEFAULT_REMINDER_DAYS}::int)
      order by h.id`);
    for (const d of due) {
      const what = `${d.name}${d.number ? ` ${d.number}` : ''}`;
      raised += await notify(db, Number(d.company), { holding: codename(r, 'change') }, {
        kind: 'certificate', level: d.expired ? 'alert' : 'warning',
        title: d.expired ? `${r.label} expired: ${what}, on ${d.expiry}` : `${r.label} expires soon: ${what}, on ${d.expiry}`,
        body: `${what} ${d.expired ? 'expired' : 'expires'} on ${d.expiry}. Record the renewed certificate and its new expiry date.`,
        link: `/${certification.screen!.at}/${certification.screen!.slug}/${d.certification}/`,
        key: `${r.perms.model}:${d.id}:${d.expiry}:${d.expired ? 'expired' : 'expiring'}`,
      });
    }
  }
  return raised;
}

/** Sweeps now and every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startCertificateSweep(db: Db, everyMs: number, log: { error(o: object, msg: string): void }): () => void {
  const run = () => { sweepCertificates(db).catch((err: unknown) => log.error({ err }, 'certificate expiry sweep failed')); };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
