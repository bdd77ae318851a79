/** The ticket's measurements with their units, quantities in English number format with the company's decimals. */
import { Box, Paper, Typography } from '@mui/material';
import { type RaRecord, useGetOne } from 'react-admin';
import { getResource } from '../../../resources/index';
import { MEASUREMENT_UNIT, TB_TICKET } from '../../../resources/terminal/common';
import { fieldLabel } from '../../../resources/define';
import { formatQuantity } from '../../../lib/format';
import { sentLabel } from '../../../lib/ref-labels';
import { unitSymbol } from '../../../lib/units';

const VOLUMES = ['gross_volume', 'net_volume', 'water_volume'];
const OTHERS = ['bsw_percent', 'temperature', 'pressure', 'observed_density', 'density_15c', 'correction_factor', 'gross_weight', 'tare_weight', 'net_weight'];

export function MeasurementBlock({ ticket, decimals }: { ticket: RaRecord; decimals: number }) {
  const r = getResource(TB_TICKET);
  // The unit's label (its code) comes with the ticket; loaded only for a ticket read without labels.
  const sent = sentLabel(ticket, 'volume_unit');
  const { data: unit } = useGetOne(MEASUREMENT_UNIT, { id: String(ticket.volume_unit ?? '') }, { enabled: !!ticket.volume_unit && sent === undefined });
  // Written as people write it, as on the PDF: the code `m3` shows `m³` (src/lib/units.ts).
  const volumeUnit = unitSymbol(sent ?? (unit ? String(unit.code ?? unit.name) : ''));
  const cell = (name: string, unitText: string | undefined, places: number) => {
    const v = ticket[name];
    return (
      <Box key={name} data-testid={`measure-${name}`}>
        <Typography variant="caption" color="text.secondary" component="div">{fieldLabel(r, name)}</Typography>
        <Typography variant="body1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {v === null || v === undefined || v === '' ? '—' : `${formatQuantity(v as string, places)}${unitText ? ` ${unitText}` : ''}`}
        </Typography>
      </Box>
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>Measurement</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        {VOLUMES.map((n) => cell(n, volumeUnit, decimals))}
        {OTHERS.map((n) => {
          const f = r.fields[n];
          // Factors keep their declared precision; other quantities follow the chosen decimals.
          const places = f.kind === 'decimal' ? (n === 'correction_factor' ? f.places : Math.min(decimals, f.places)) : decimals;
          return cell(n, f.kind === 'decimal' ? f.unit : undefined, places);
        })}
      </Box>
    </Paper>
  );
}
