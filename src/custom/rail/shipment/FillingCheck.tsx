/**
 * The maximum permitted filling on the load-car form (docs/loading.md, Loading by the gauge): for a
 * tank car, the check the bill of lading prints (src/lib/car-filling.ts, the liquid at its load
 * temperature), worked out here as the loader types, from the car's product, density, load
 * temperature, shell and outage. Over the limit, a warning that says by how much and which rule;
 * under it, the limit in a line; a product the rules cannot be worked for (a gas, no commodity
 * group) says why. The server's gauge tool gives the same figures (an API test holds them equal).
 */
import { Alert, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { loadedCarFilling } from '../../../lib/car-filling';
import { formatDecimal } from '../../../lib/format';
import { useCarProduct } from './useCarProduct';

const FIELDS = ['car_type', 'shell_capacity', 'volume_outage', 'density', 'load_temperature'] as const;

export function FillingCheck() {
  const values = useWatch({ name: [...FIELDS] }) as unknown[];
  const p = useCarProduct();
  const car = Object.fromEntries(FIELDS.map((f, i) => [f, values[i]]));
  if (!p || !(Number(car.shell_capacity) > 0) || !Number.isFinite(Number(car.volume_outage || 0)) || !Number.isFinite(Number(car.load_temperature || 0))) return null;
  let check: ReturnType<typeof loadedCarFilling>;
  try {
    check = loadedCarFilling(p, { ...car, volume_outage: car.volume_outage || '0', load_temperature: car.load_temperature || '0' });
  } catch {
    return null; // a measurement the form itself refuses (its own message says why)
  }
  if (!check) return null;
  if (!check.checked) {
    return <Typography variant="caption" color="text.secondary" component="p" data-testid="filling-unchecked">The filling is not checked: {check.reason.replace(/\.$/, '')}.</Typography>;
  }
  const limit = `${formatDecimal(check.permitted_volume, 2)} gal (${formatDecimal(check.percent, 2)} % of the shell at ${formatDecimal(check.load_temp_c, 1)} °C; ${check.rule})`;
  if (check.over) {
    return (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="filling-warning">
        {formatDecimal(check.gross_volume, 2)} gal in the car is {formatDecimal(check.over, 2)} gal over the maximum permitted filling of {limit}.
      </Alert>
    );
  }
  return <Typography variant="caption" color="text.secondary" component="p" data-testid="filling-ok">Within the maximum permitted filling of {limit}.</Typography>;
}
