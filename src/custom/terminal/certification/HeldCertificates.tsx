/**
 * The certificates a holder (user, driver, company, vehicle) holds, or the holders of one
 * certification: expired ones stay listed with a red "Expired" chip, those expiring within 30 days
 * a warning chip. A certificate file is uploaded through `{id}/upload_certificate/` (multipart `file`).
 */
import { UploadActionButton } from '../../../generic/inputs/UploadActionButton';
import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type RaRecord, RecordContextProvider, ReferenceField, useCanAccess, useGetList, useRecordContext } from 'react-admin';
import { TB_COMPANY, TB_DRIVER, TB_USER, TB_VEHICLE } from '../../../resources/terminal/common';
import { StatusChip } from '../../../generic/StatusChip';
import { expiryState } from '../../../generic/chip-color';
import { FileLink } from '../../../generic/inputs/FileLink';

export type Holder = 'user' | 'driver' | 'company_table' | 'vehicle' | 'certification';

const CERTIFICATION = 'terminalboss/v3/certification';

interface Kind { resource: string; label: string; holderField: string; holderRef: string }
const KINDS: Kind[] = [
  { resource: 'terminalboss/v3/usercertification', label: 'User and driver certificates', holderField: 'driver', holderRef: TB_DRIVER },
  { resource: 'terminalboss/v3/companycertification', label: 'Company certificates', holderField: 'company_table', holderRef: TB_COMPANY },
  { resource: 'terminalboss/v3/vehiclecertification', label: 'Vehicle certificates', holderField: 'vehicle', holderRef: TB_VEHICLE },
];

/** Which lists a holder page shows, filtered on which field. */
export function kindsFor(holder: Holder): { kind: Kind; filterField: string; holderField?: string; holderRef?: string }[] {
  switch (holder) {
    case 'user': return [{ kind: KINDS[0], filterField: 'user' }];
    case 'driver': return [{ kind: KINDS[0], filterField: 'driver' }];
    case 'company_table': return [{ kind: KINDS[1], filterField: 'company_table' }];
    case 'vehicle': return [{ kind: KINDS[2], filterField: 'vehicle' }];
    case 'certification': return KINDS.map((k) => ({ kind: k, filterField: 'certification', holderField: k.holderField, holderRef: k.holderRef }));
  }
}

export function HeldCertificatesOfRecord({ holder }: { holder: Holder }) {
  const record = useRecordContext();
  if (!record?.id) return null;
  return (
    <Box sx={{ p: 2, pt: 0 }}>
      {kindsFor(holder).map((k) => <HeldCertificateList key={k.kind.resource} {...k} holderId={record.id} />)}
    </Box>
  );
}

function HeldCertificateList({ kind, filterField, holderField, holderRef, holderId }: ReturnType<typeof kindsFor>[number] & { holderId: RaRecord['id'] }) {
  const { data = [], isPending, refetch } = useGetList(kind.resource, { filter: { [filterField]: holderId }, pagination: { page: 1, perPage: 100 }, sort: { field: 'expiry_date', order: 'ASC' } });
  const { canAccess: canChange } = useCanAccess({ resource: kind.resource, action: 'edit' });
  return (
    <Paper variant="outlined" sx={{ mt: 2 }} data-testid={`held-${kind.resource.split('/').pop()}`}>
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>{kind.label}</Typography>
      {!isPending && data.length === 0 ? <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>None on record.</Typography> : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Certification</TableCell>
              {holderField && <TableCell>Holder</TableCell>}
              <TableCell>Number</TableCell>
              <TableCell>Issued</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>State</TableCell>
              <TableCell>Certificate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((row) => {
              const state = expiryState(row.expiry_date);
              return (
                <RecordContextProvider key={row.id} value={row}>
                  <TableRow>
                    <TableCell><ReferenceField source="certification" reference={CERTIFICATION} link={false} /></TableCell>
                    {holderField && <TableCell>{row[holderField] ? <ReferenceField source={holderField} reference={holderRef!} link={false} /> : row.user ? <ReferenceField source="user" reference={TB_USER} link={false} /> : '—'}</TableCell>}
                    <TableCell>{String(row.certificate_number ?? '—')}</TableCell>
                    <TableCell>{String(row.issue_date ?? '—')}</TableCell>
                    <TableCell>{String(row.expiry_date ?? '—')}</TableCell>
                    <TableCell>{state ? <StatusChip value={state.status} label={state.label} /> : '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.certificate_file ? <FileLink id={String(row.certificate_file)} /> : null}
                      {canChange && <UploadActionButton resource={kind.resource} id={row.id} action="upload_certificate" label="Upload" done="Certificate uploaded" accept="application/pdf,image/png,image/jpeg" onDone={() => void refetch()} />}
                    </TableCell>
                  </TableRow>
                </RecordContextProvider>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

