/**
 * A shipment's documents (docs/rail.md §10.2, §10.3, §11.9), for a user with the print codename:
 * Print opens its current bill of lading in a new tab (a draft while open or in correction, the
 * issued, corrected or void copy once issued), EDI 404 downloads the issued (or void) copy as the
 * railroad's message, and the archive lists every document it has been, each reopened byte for byte.
 * Save as template (ShipmentTemplates.tsx) keeps its parties, route and terms for the next one.
 */
import { useQuery } from '@tanstack/react-query';
import { Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { useNotifyError } from '../../../hooks/useNotifyError';
import { formatInZone } from '../../../lib/time-zone';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { SaveAsTemplateButton } from './ShipmentTemplates';
import { ROUTES } from '../../../routes/table';
import { buildPath } from '../../../routes/params';

interface Archived { id: number; seq: number; kind: 'issued' | 'corrected' | 'void'; bol_number: string; revision: number; issued_at: string; issued_by: string | null; file_name: string }

const KIND = { issued: 'Issued', corrected: 'Corrected', void: 'Void copy' } as const;

/** The print tab's address (`print/bol/{id}/`, PrintBolPage.tsx): the current document, or one archived copy. */
const printPath = (id: number, archiveId?: number) => `${buildPath(ROUTES.printBol.path, { shipmentId: id })}${archiveId ? `?archive=${archiveId}` : ''}`;

const printLabel = (status: unknown) =>
  status === 'open' ? 'Print draft' : status === 'in_correction' ? 'Print correction draft' : status === 'void' ? 'Print void copy' : 'Print BOL';

export function ShipmentDocuments({ shipment, zone }: { shipment: Record<string, unknown>; zone: string }) {
  const dp = useDataProvider<AppDataProvider>();
  const notifyError = useNotifyError();
  const id = shipment.id as number;
  const { data: archive, isPending } = useQuery({
    queryKey: [railShipment.name, id, 'bol_archives', shipment.version],
    queryFn: async () => (await dp.callAction(railShipment.name, { id, action: 'bol_archives', method: 'GET' })) as Archived[],
  });
  const open = (p: Promise<unknown>) => void p.catch(notifyError);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 }, mt: 1 }} aria-label="Documents">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3">Documents</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <SaveAsTemplateButton shipment={shipment} />
          {(shipment.status === 'shipped' || shipment.status === 'void') && (
            <Button onClick={() => open(dp.callAction(railShipment.name, { id, action: 'edi_404', method: 'GET' }))}>EDI 404</Button>
          )}
          {shipment.status !== 'cancelled' && (
            <Button variant="outlined" href={printPath(id)} target="_blank">{printLabel(shipment.status)}</Button>
          )}
        </Stack>
      </Stack>
      {isPending ? <CircularProgress size={20} /> : !archive?.length ? (
        <Typography variant="body2" color="text.secondary">
          {shipment.status === 'cancelled' ? 'A cancelled shipment has no bill of lading.' : 'No bill of lading issued yet: shipping issues it.'}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Archived bills of lading">
          {[...archive].reverse().map((a) => (
            <ListItem key={a.id} disableGutters secondaryAction={
              <Button size="small" href={printPath(id, a.id)} target="_blank">Open</Button>
            }>
              <ListItemText
                primary={<Box component="span">{KIND[a.kind]} · BOL {a.bol_number}{a.revision ? ` rev ${a.revision}` : ''}</Box>}
                secondary={`${formatInZone(a.issued_at, zone)}${a.issued_by ? ` · ${a.issued_by}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
