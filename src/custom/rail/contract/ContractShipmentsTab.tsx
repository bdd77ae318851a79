/**
 * The contract page's Shipments and Cars tabs (docs/rail.md §11.3): the contract's shipments,
 * newest first (`get_shipments/`), each opening its page, and the loaded cars of its shipments
 * (`get_cars/`) with their net volumes and weights, each opening the car.
 */
import { Box, Chip, CircularProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { recordPathOf } from '../../../generic/home-paths';
import { formatDecimal } from '../../../lib/format';
import { stateLabel } from '../../../lib/lifecycle';
import { contract } from '../../../resources/rail/contract';
import { railShipment } from '../../../resources/rail/rail-shipment';
import { loadedRailCar } from '../../../resources/rail/loaded-rail-car';
import type { ChoiceField } from '../../../resources/fields';

type Row = Record<string, unknown> & { id: number };
const STATUS = railShipment.fields.status as ChoiceField;
const wide = { display: { xs: 'none', sm: 'table-cell' } };

function useRows(contractId: number, action: 'get_shipments' | 'get_cars') {
  const dp = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['contract', contractId, action],
    queryFn: async () => (await dp.callAction(contract.name, { id: contractId, action, method: 'GET' })) as Row[],
  });
}

const statusChip = (v: unknown) => (
  <Chip size="small" label={stateLabel(STATUS, v)} color={v === 'shipped' ? 'success' : v === 'cancelled' || v === 'void' ? 'error' : 'warning'} />
);

export function ContractShipmentsTab({ contractId }: { contractId: number }) {
  const { data: rows = [], isPending } = useRows(contractId, 'get_shipments');
  if (isPending) return <Box sx={{ p: 2 }}><CircularProgress size={20} /></Box>;
  if (!rows.length) return <Typography sx={{ p: 2 }} color="text.secondary">No shipment yet: a day of the schedule creates one.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto', p: { xs: 0.5, sm: 1 } }}>
      <Table size="small" aria-label="Shipments">
        <TableHead><TableRow><TableCell>Shipment</TableCell><TableCell>Status</TableCell><TableCell>Ship date</TableCell><TableCell align="right" sx={wide}>Cars</TableCell><TableCell align="right" sx={wide}>Net US gal</TableCell></TableRow></TableHead>
        <TableBody>
          {rows.map((x) => (
            <TableRow key={x.id}>
              <TableCell><Link component={RouterLink} to={recordPathOf(railShipment.name, String(x.id))!}>{railShipment.choiceLabel(x)}</Link></TableCell>
              <TableCell>{statusChip(x.status)}</TableCell>
              <TableCell>{String(x.ship_date ?? '')}</TableCell>
              <TableCell align="right" sx={wide}>{String(x.car_count)}</TableCell>
              <TableCell align="right" sx={wide}>{formatDecimal(x.net_volume_total, 2)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function ContractCarsTab({ contractId }: { contractId: number }) {
  const { data: rows = [], isPending } = useRows(contractId, 'get_cars');
  if (isPending) return <Box sx={{ p: 2 }}><CircularProgress size={20} /></Box>;
  if (!rows.length) return <Typography sx={{ p: 2 }} color="text.secondary">No car is loaded on this contract&apos;s shipments yet.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto', p: { xs: 0.5, sm: 1 } }}>
      <Table size="small" aria-label="Loaded cars">
        <TableHead><TableRow><TableCell>Car</TableCell><TableCell>Shipment</TableCell><TableCell sx={wide}>Ship date</TableCell><TableCell align="right">Net US gal</TableCell><TableCell align="right" sx={wide}>Weight kg</TableCell></TableRow></TableHead>
        <TableBody>
          {rows.map((x) => (
            <TableRow key={x.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}><Link component={RouterLink} to={recordPathOf(loadedRailCar.name, String(x.id))!}>{String(x.mark_number)}</Link></TableCell>
              <TableCell><Link component={RouterLink} to={recordPathOf(railShipment.name, String(x.rail_shipment))!}>{String(x.shipment_number)}</Link> {statusChip(x.status)}</TableCell>
              <TableCell sx={wide}>{String(x.ship_date ?? '')}</TableCell>
              <TableCell align="right">{formatDecimal(x.net_volume, 2)}</TableCell>
              <TableCell align="right" sx={wide}>{formatDecimal(x.weight, 1)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
