/**
 * Loading a car by its gauge (docs/loading.md, Loading by the gauge): when the car typed has a gauge
 * table (its own or its class's, `for_car/`), the loader types the reading off the gauge and the
 * form takes the car's outage from it: the volume of liquid at the reading (src/lib/gauge-table.ts)
 * in US gallons, and the outage is the shell capacity less that volume. The table used is written
 * into the car's gauge table field. For users who may read gauge tables; the form works without it.
 */
import { useState } from 'react';
import { Alert, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { gaugeTable } from '../../../resources/rail/gauge-table';
import { useCarGaugeTable } from '../gauge/useCarGaugeTable';
import { GaugeRangeError, volumeAt } from '../../../lib/gauge-table';
import { GALLONS_TO_LITRES, roundDecimal } from '../../../lib/rail-car-values';
import { formatDecimal } from '../../../lib/format';

export function GaugeLoadPanel() {
  const { canAccess } = useCanAccess({ resource: gaugeTable.name, action: 'list' });
  const { setValue } = useFormContext();
  const [mark, number, shell, factor] = useWatch({ name: ['car_mark', 'car_number', 'shell_capacity', 'gal_to_liter_conversion_factor'] }) as string[];
  const m = String(mark ?? '').trim().toUpperCase();
  const n = String(number ?? '').trim();
  const [reading, setReading] = useState('');
  const [used, setUsed] = useState<string | null>(null);
  const found = useCarGaugeTable(m, n, !!canAccess && /^[A-Z]{2,4}$/.test(m) && /^\d{1,6}$/.test(n));
  const t = found.data?.table;
  if (!t) return null;

  let volume: string | null = null;
  let problem: string | null = null;
  if (reading.trim()) {
    try {
      const v = volumeAt(t, reading.trim());
      volume = t.volume_unit === 'gal' ? v : roundDecimal(String(Number(v) / Number(factor || GALLONS_TO_LITRES)), 2);
      if (shell && Number(volume) > Number(shell)) problem = `${formatDecimal(volume, 2)} gal at this reading is more than the shell capacity of ${formatDecimal(shell, 2)} gal.`;
    } catch (e) {
      problem = e instanceof GaugeRangeError ? e.message : String(e);
    }
  }
  const use = () => {
    if (!volume || !shell) return;
    setValue('volume_outage', roundDecimal(String(Number(shell) - Number(volume)), 2), { shouldDirty: true });
    setValue('gaugetable', t.name.slice(0, 40), { shouldDirty: true });
    setUsed(`${t.depth_kind === 'outage' ? 'Outage' : 'Innage'} ${reading} ${t.depth_unit}: ${formatDecimal(volume, 2)} gal in the car.`);
  };
  const kind = t.depth_kind === 'outage' ? 'Outage' : 'Innage';
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 1 }} aria-label="Gauge reading" data-testid="gauge-load">
      <Typography variant="subtitle2">Read the gauge</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {found.data!.via === 'car' ? "The car's own table" : 'Its class table'}: {t.name}, {kind.toLowerCase()} in {t.depth_unit}.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField size="small" label={`${kind} read (${t.depth_unit})`} value={reading} onChange={(e) => { setReading(e.target.value); setUsed(null); }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
        {volume && !problem && <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="gauge-load-volume">{formatDecimal(volume, 2)} US gal</Typography>}
        <Button size="small" variant="outlined" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} disabled={!volume || !!problem || !shell} onClick={use}>Use as the outage</Button>
      </Stack>
      {problem && <Alert severity="warning" sx={{ mt: 1 }}>{problem}</Alert>}
      {!shell && volume && <Typography variant="caption" color="text.secondary">Type the shell capacity first.</Typography>}
      {used && <Typography variant="caption" color="success.main" data-testid="gauge-load-used">{used}</Typography>}
    </Paper>
  );
}
