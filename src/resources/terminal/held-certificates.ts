/**
 * Certificates held by users and drivers, companies and vehicles: one declaration shape for the
 * three holders. An expired certificate stays listed and is shown as expired.
 */
import { defineResource } from '../define';
import { type Field, choice, date, file, longText, ref, text } from '../fields';
import { TB_COMPANY, TB_DRIVER, TB_USER, TB_VEHICLE, terminalRecords } from './common';

/** A certificate as of today: expired, expiring within the type's reminder days, valid, or without expiry. */
export const CERTIFICATE_STATUSES = [['valid', 'Valid'], ['expiring', 'Expiring soon'], ['expired', 'Expired'], ['no_expiry', 'No expiry date']] as const;

function heldCertificate(model: string, label: string, holder: Record<string, Field>) {
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
      certificate_file: file({ label: 'Certificate', accept: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 10 * 1024 * 1024 }),
      notes: longText(),
      // Derived on every read from the expiry date and today (server/actions/terminal/certificates.ts).
      status: choice(CERTIFICATE_STATUSES, { computed: true, readOnly: true, chip: true }),
    },
    list: { columns: ['certification', ...Object.keys(holder), 'certificate_number', 'issue_date', 'expiry_date', 'status'], search: ['certificate_number'], ordering: ['expiry_date'] },
    actions: { upload_certificate: { on: 'detail', method: 'POST', permission: 'change', label: 'Upload certificate' } },
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
