/**
 * Read the gauge (docs/loading.md, The gauge table page): type a reading and see the volume in
 * the car at it, interpolated by the server's own rule (src/lib/gauge-table.ts); a reading off
 * the table says so, with the table's range.
 */
import { Alert, Stack, TextField, Typography } from '@mui/material';
import { type GaugeTableShape, GaugeRangeError, volumeAt } from '../../../lib/gauge-table';
import { formatDecimal } from '../../../lib/format';

export function GaugeReading({ table, reading, onReading }: { table: GaugeTableShape; reading: string; onReading(v: string): void }) {
  let answer: React.ReactNode = null;
  if (reading.trim() !== '') {
    try {
      const v = volumeAt(table, reading.trim());
      answer = (
        <Typography variant="h6" component="p" data-testid="gauge-volume">
          {formatDecimal(v)} {table.volume_unit === 'gal' ? 'US gal' : 'L'}
        </Typography>
      );
    } catch (e) {
      answer = <Alert severity="warning" data-testid="gauge-volume-error">{e instanceof GaugeRangeError ? e.message : String(e)}</Alert>;
    }
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        label={`${table.depth_kind === 'outage' ? 'Outage' : 'Innage'} read (${table.depth_unit})`}
        value={reading}
        onChange={(e) => onReading(e.target.value)}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ width: { xs: '100%', sm: 200 } }}
      />
      {answer}
    </Stack>
  );
}
