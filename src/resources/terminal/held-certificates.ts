/**
 * Certificates held by users and drivers, companies and vehicles: one declaration shape for the
 * three holders. An expired certificate stays listed and is shown as expired.
 */
import { defineResource } from '../define';
import { type Field, date, file, longText, ref, text } from '../fields';
import { TB_COMPANY, TB_DRIVER, TB_USER, TB_VEHICLE } from './common';

function heldCertificate(model: string, label: string, holder: Record<string, Field>) {
  return defineResource({
    name: `terminalboss/v3/${model}`,
    label,
    perms: { app: 'terminalboss', model },
    tenant: 'company',
    idKind: 'uuid',
    fields: {
      certification: ref('terminalboss/v3/certification', { required: true, onDelete: 'restrict' }),
      ...holder,
      certificate_number: text({ max: 60 }),
      issue_date: date(),
      expiry_date: date({ index: true }),
      certificate_file: file({ label: 'Certificate', accept: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 10 * 1024 * 1024 }),
      notes: longText(),
    },
    list: { columns: ['certification', ...Object.keys(holder), 'certificate_number', 'issue_date', 'expiry_date'], search: ['certificate_number'], ordering: ['expiry_date'] },
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
