/**
 * `rail/gaugeTool/` (docs/loading.md, The gauge tool): the maximum permitted filling calculator.
 * Its form is the action's declared input (`get_max_permitted_filling/`), in sections; a car
 * named by mark and number brings its shell capacity and gauge table, so the answer includes the
 * reading to fill to; a product brings its density and the rules of its hazard. The answer shows
 * beside the form (below it on a phone), with the rules and the steps.
 */
import { useEffect, useState } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { Form, SaveButton, Title, useGetOne } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { gaugeTable } from '../../../resources/rail/gauge-table';
import { product } from '../../../resources/logistics/product';
import { FieldInput } from '../../../generic/FieldInput';
import { useActionForm } from '../../../generic/useActionForm';
import { FillingResult, type FillingAnswer } from './FillingResult';

const SECTIONS = [
  { label: 'Car', fields: ['car_mark', 'car_number', 'shell_capacity', 'unit'] },
  { label: 'Liquid', fields: ['product', 'relative_density', 'relative_density_50', 'commodity_group', 'hazard', 'poison_inhalation'] },
  { label: 'Temperatures', fields: ['target_temp', 'temperature_min', 'temperature_max'] },
  { label: 'Tank', fields: ['insulation', 'closure', 'safety_margin'] },
] as const;
const DEFAULTS = { unit: 'gal', temperature_min: '-30', temperature_max: '40', target_temp: '15', safety_margin: '0', insulation: 'none', closure: 'vented' };

/** A product chosen fills its relative density at 15 °C, when that is still empty. */
function ProductDensity() {
  const id = useWatch({ name: 'product' }) as number | null | undefined;
  const { setValue, getValues } = useFormContext();
  const { data } = useGetOne(product.name, { id: id ?? 0 }, { enabled: !!id });
  useEffect(() => {
    if (data?.density && !getValues('relative_density')) setValue('relative_density', String(data.density), { shouldDirty: true });
  }, [data, getValues, setValue]);
  return null;
}

export default function GaugeToolPage() {
  const [answer, setAnswer] = useState<FillingAnswer | null>(null);
  const { shape, submit } = useActionForm(gaugeTable, 'get_max_permitted_filling', {
    fields: SECTIONS.flatMap((s) => [...s.fields]), onDone: (a) => setAnswer(a as FillingAnswer), onRefused: () => setAnswer(null),
  });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Gauge tool" />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-start' } }}>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, flex: '0 0 auto', width: { lg: 560 } }}>
          <Form onSubmit={submit} defaultValues={DEFAULTS}>
            <ProductDensity />
            {SECTIONS.map((s) => (
              <Box key={s.label} component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>{s.label}</Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
                  {s.fields.map((name) => <FieldInput key={name} resource={shape} name={name} mode="create" />)}
                </Box>
              </Box>
            ))}
            <SaveButton label="Work it out" icon={<></>} alwaysEnable />
          </Form>
        </Paper>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {answer ? <FillingResult answer={answer} /> : (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="body2" color="text.secondary">
                Name the car (or type its shell capacity), the liquid and the temperatures, and work out how full it may be loaded: RID/ADR 4.3.2.2 and 49 CFR 173.24b, the rule that governs, and the reading on the car's gauge to fill to.
              </Typography>
            </Paper>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
