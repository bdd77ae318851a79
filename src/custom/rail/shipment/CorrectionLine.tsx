/**
 * The car's temperature correction on the load-car form (docs/loading.md, The loaded car's
 * correction): computed, both factors follow the load temperature and the density as they are
 * typed, by the server's own rule (src/lib/car-correction.ts), and are written into the form so
 * the derived volumes use them; a factor typed over them makes the car typed (an override, as
 * the server records it); typed, the factor fields are the user's. Says which product group
 * the factors are for, or why they cannot be computed.
 */
import { useEffect, useRef } from 'react';
import { Alert, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { useRecordContext } from 'react-admin';
import { carFactors } from '../../../lib/car-correction';
import { COMMODITY_GROUPS, type CommodityGroup } from '../../../lib/mpms-11-1';
import { useCarProduct, useProductDensityFill } from './useCarProduct';

export function CorrectionLine() {
  const { setValue, getValues } = useFormContext();
  const [correction, temperature, density, to60, to15] = useWatch({ name: ['correction', 'load_temperature', 'density', 'temperature_correction_factor', 'temperature_correction_factor_at_15c'] }) as string[];
  // The factors this line last wrote: a factor that differs from them was typed by the user, an override.
  const written = useRef<Record<string, string> | null>(null);
  const p = useCarProduct();
  useProductDensityFill(p);
  const group = p?.commodity_group as CommodityGroup | null | undefined;
  // A new car of a petroleum product starts computed: the loader types the temperature, not the factor.
  const isNew = !useRecordContext()?.id;
  const started = useRef(false);
  useEffect(() => {
    if (!isNew || started.current || !group) return;
    started.current = true;
    if (getValues('correction') === 'typed') setValue('correction', 'computed', { shouldDirty: true });
  }, [group]); // eslint-disable-line react-hooks/exhaustive-deps
  let factors: ReturnType<typeof carFactors> | null = null;
  let problem: string | null = null;
  if (correction === 'computed') {
    if (!p) problem = null;
    else if (!group) problem = `${p.name} has no commodity group for API MPMS 11.1: type the factors, or give the product its group.`;
    else {
      try {
        factors = carFactors(temperature || '0', density || '1', group);
      } catch (e) {
        problem = (e as Error).message;
      }
    }
  }
  useEffect(() => {
    if (!factors) return;
    for (const [k, v] of Object.entries(factors)) if (Number(getValues(k)) !== Number(v)) setValue(k, v, { shouldDirty: true });
    written.current = { ...factors };
  }, [factors?.temperature_correction_factor, factors?.temperature_correction_factor_at_15c]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    const w = written.current;
    if (correction !== 'computed' || !w) return;
    if (Number(to60) !== Number(w.temperature_correction_factor) || Number(to15) !== Number(w.temperature_correction_factor_at_15c)) {
      written.current = null;
      setValue('correction', 'typed', { shouldDirty: true });
    }
  }, [to60, to15]); // eslint-disable-line react-hooks/exhaustive-deps
  if (correction !== 'computed') return null;
  if (problem) return <Alert severity="warning" sx={{ my: 1 }} data-testid="correction-problem">{problem}</Alert>;
  if (!factors) return null;
  const word = COMMODITY_GROUPS.find(([k]) => k === group)?.[1].toLowerCase();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ my: 1 }} data-testid="correction-line">
      API MPMS 11.1 for {word}: {factors.temperature_correction_factor} to 60 °F, {factors.temperature_correction_factor_at_15c} to 15 °C. Typing a factor overrides it.
    </Typography>
  );
}
