/**
 * The maximum permitted filling on the load-car form (docs/loading.md, Loading by the gauge): for a
 * tank car, the server's answer for the car, its product, density and load temperature
 * (`get_max_permitted_filling/`, the liquid taken at its load temperature throughout) set against
 * the car's gross volume, the liquid actually in the shell as loaded. Over it, a warning that says
 * by how much and which rule; under it, the limit in a line. A product the rules cannot be worked
 * for (a gas, no density at 50 °C) says why.
 */
import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../../dataProvider/createDataProvider';
import { gaugeTable } from '../../../resources/rail/gauge-table';
import { formatDecimal } from '../../../lib/format';
import { grossVolume, isTankCar } from '../../../lib/rail-car-values';
import { plainMessage } from '../../../notify/error-toasts';
import { useCarProduct } from './useCarProduct';

type Answer = { percent: string; permitted_volume: string | null; governing: string; rules: { code: string; label: string }[] };

export function FillingCheck() {
  const dp = useDataProvider<AppDataProvider>();
  const { canAccess } = useCanAccess({ resource: gaugeTable.name, action: 'list' });
  const [carType, shell, outage, density, temperature] = useWatch({ name: ['car_type', 'shell_capacity', 'volume_outage', 'density', 'load_temperature'] }) as string[];
  const p = useCarProduct();
  const tempC = (Number(temperature || 0) - 32) / 1.8;
  const ready = !!canAccess && isTankCar(carType) && !!p && Number(shell) > 0 && Number(density) > 0 && Number.isFinite(tempC);
  const body = ready ? {
    unit: 'gal', shell_capacity: String(shell), product: p!.id, relative_density: String(density),
    target_temp: tempC.toFixed(1), temperature_min: tempC.toFixed(1), temperature_max: tempC.toFixed(1),
  } : null;
  const answer = useQuery({
    queryKey: [gaugeTable.name, 'filling', body],
    enabled: !!body,
    retry: false,
    queryFn: async () => (await dp.callAction(gaugeTable.name, { action: 'get_max_permitted_filling', method: 'POST', body })) as Answer,
  });
  if (!body) return null;
  if (answer.error) return <Typography variant="caption" color="text.secondary" component="p" data-testid="filling-unchecked">The filling is not checked: {plainMessage(answer.error, 'the rules could not be worked out.')}</Typography>;
  const a = answer.data;
  if (!a?.permitted_volume) return null;
  let gross: string;
  try {
    gross = grossVolume(String(shell), String(outage || '0'));
  } catch {
    return null;
  }
  const rule = a.rules.find((r) => r.code === a.governing)?.label ?? a.governing;
  const limit = `${formatDecimal(a.permitted_volume, 2)} gal (${formatDecimal(a.percent, 2)} % of the shell; ${rule})`;
  if (Number(gross) > Number(a.permitted_volume)) {
    return (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="filling-warning">
        {formatDecimal(gross, 2)} gal in the car is {formatDecimal((Number(gross) - Number(a.permitted_volume)).toFixed(2), 2)} gal over the maximum permitted filling of {limit}.
      </Alert>
    );
  }
  return <Typography variant="caption" color="text.secondary" component="p" data-testid="filling-ok">Within the maximum permitted filling of {limit}.</Typography>;
}
