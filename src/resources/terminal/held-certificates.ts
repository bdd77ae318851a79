/**
 * Certificates held by users and drivers, companies and vehicles: one declaration shape for the
 * three holders. An expired certificate stays listed and is shown as expired.
 */
import { defineResource } from '../define';
import { type Field, choice, date, file, longText, ref, refs, text } from '../fields';
import { type Shape, day, int, obj, oneOf } from '../answers';
import { TB_COMPANY, TB_DRIVER, TB_USER, TB_VEHICLE, terminalRecords } from './common';

/** A certificate as of today: expired, expiring within the type's reminder days, valid, or without expiry. */
export const CERTIFICATE_STATUSES = [['valid', 'Valid'], ['expiring', 'Expiring soon'], ['expired', 'Expired'], ['no_expiry', 'No expiry date']] as const;

const CERTIFICATE_FILE = file({ label: 'Certificate', accept: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 10 * 1024 * 1024 });
const SHARED = { paths: ['certificate', 'terminalboss/v3/certificate'], key: 'model' };
/** The models of the three holders: the shared `certificate/` path names one in its body. */
const HELD_MODELS = ['usercertification', 'companycertification', 'vehiclecertification'] as const;
type HeldModel = (typeof HELD_MODELS)[number];
/** What both bulk actions answer (at the resource's path and at the shared one): whose certificates, how many, the date now set. */
const bulkAnswer = (expiry: Shape) => obj({
  model: oneOf(HELD_MODELS, 'Whose certificates were changed.'),
  updated: int('How many certificates were changed (all that were given).'),
  expiry_date: expiry,
});
const bulkIds = (model: string) => refs(`terminalboss/v3/${model}`, { required: true, max: 1000, label: 'Certificates' });

function heldCertificate(model: HeldModel, label: string, holder: Record<string, Field>) {
  return defineResource({
    name: `terminalboss/v3/${model}`,
    label,
    ...terminalRecords(model),
    fields: {
      certification: ref('terminalboss/v3/certification', { required: true, onDelete: 'restrict' }),
      ...holder,
      certificate_number: text({ max: 60 }),
      issue_date: date(),
      expiry_date: date({ index: true }),
      certificate_file: CERTIFICATE_FILE,
      notes: longText(),
      // Derived on every read from the expiry date and today (server/actions/terminal/certificates.ts).
      status: choice(CERTIFICATE_STATUSES, { computed: true, readOnly: true, chip: true }),
    },
    list: { columns: ['certification', ...Object.keys(holder), 'certificate_number', 'issue_date', 'expiry_date', 'status'], search: ['certificate_number'], ordering: ['expiry_date'] },
    actions: {
      upload_certificate: {
        on: 'detail', method: 'POST', permission: 'change', label: 'Upload certificate', result: 'record',
        input: { file: { ...CERTIFICATE_FILE, required: true } },
      },
      // Many certificates at once, all or nothing; also at the shared `certificate/` path, by model.
      bulk_update_date: {
        on: 'collection', method: 'POST', permission: 'change', label: 'Set expiry date', result: 'object', alsoAt: SHARED,
        answer: bulkAnswer(day('The expiry date every certificate now has.')),
        input: { ids: bulkIds(model), expiry_date: date({ required: true }) },
      },
      bulk_delete_date: {
        on: 'collection', method: 'POST', permission: 'change', label: 'Clear expiry date', result: 'object', alsoAt: SHARED,
        answer: bulkAnswer({ type: 'null', description: 'The expiry date is cleared.' }),
        input: { ids: bulkIds(model) },
      },
    },
  });
}

export const userCertification = heldCertificate('usercertification', 'User certification', {
  user: ref(TB_USER, { onDelete: 'cascade', label: 'Terminal user' }),
  driver: ref(TB_DRIVER, { onDelete: 'cascade' }),
});
export const companyCertification = heldCertificate('companycertification', 'Company certification', {
  company_table: ref(TB_COMPANY, { required: true, onDelete: 'cascade', label: 'Company' }),
});
export const vehicleCertification = heldCertificate('vehiclecertification', 'Vehicle certification', {
  vehicle: ref(TB_VEHICLE, { required: true, onDelete: 'cascade' }),
});

export const HELD_CERTIFICATES = [userCertification, companyCertification, vehicleCertification];
