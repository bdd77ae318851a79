/**
 * The ticket's measurements with their units: each quantity with its field's declared places, as
 * the list, the record page and the printed ticket write it (docs/architecture.md, Time zones and
 * quantities: `formatMeasure`), volumes in the ticket's own volume unit.
 */
import { Box, Paper, Typography } from '@mui/material';
import { type RaRecord, useGetOne } from 'react-admin';
import { getResource } from '../../../resources/index';
import { MEASUREMENT_UNIT, TB_TICKET } from '../../../resources/terminal/common';
import { fieldLabel } from '../../../resources/define';
import { formatMeasure } from '../../../lib/format';
import { sentLabel } from '../../../lib/ref-labels';
import { unitSymbol } from '../../../lib/units';

const VOLUMES = ['gross_volume', 'net_volume', 'water_volume'];
const OTHERS = ['bsw_percent', 'temperature', 'pressure', 'observed_density', 'density_15c', 'correction_factor', 'gross_weight', 'tare_weight', 'net_weight'];

export function MeasurementBlock({ ticket }: { ticket: RaRecord }) {
  const r = getResource(TB_TICKET);
  // The unit's label (its code) comes with the ticket; loaded only for a ticket read without labels.
  const sent = sentLabel(ticket, 'volume_unit');
  const { data: unit } = useGetOne(MEASUREMENT_UNIT, { id: String(ticket.volume_unit ?? '') }, { enabled: !!ticket.volume_unit && sent === undefined });
  // Written as people write it, as on the PDF: the code `m3` shows `m³` (src/lib/units.ts).
  const volumeUnit = unitSymbol(sent ?? (unit ? String(unit.code ?? unit.name) : ''));
  const cell = (name: string) => {
    const f = r.fields[name];
    const v = ticket[name];
    if (f.kind !== 'decimal') return null;
    return (
      <Box key={name} data-testid={`measure-${name}`}>
        <Typography variant="caption" color="text.secondary" component="div">{fieldLabel(r, name)}</Typography>
        <Typography variant="body1" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {v === null || v === undefined || v === '' ? '—' : formatMeasure(v, f, f.unitField ? volumeUnit : f.unit)}
        </Typography>
      </Box>
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>Measurement</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
        {[...VOLUMES, ...OTHERS].map(cell)}
      </Box>
    </Paper>
  );
}
