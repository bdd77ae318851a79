/**
 * Beside the UWI input of the location form: as the user types, the UWI is parsed and its DLS/NTS
 * parts shown (or the parser's messages); a valid UWI fills the land-location inputs, and with
 * "Use UWI for name and code" the name and code too (the server derives the same on save).
 */
import { useEffect } from 'react';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useFormContext, useWatch } from 'react-hook-form';
import { uwiFormValues } from './uwi-form';

export function UwiHelper() {
  const { setValue, getValues } = useFormContext();
  const [uwi, useUwi] = useWatch({ name: ['uwi', 'use_uwi_for_name_and_code'] }) as [unknown, unknown];
  const result = uwiFormValues(uwi, Boolean(useUwi));

  // Fill the inputs from a valid UWI (only what differs, so typing elsewhere is not disturbed).
  const key = result.state === 'ok' ? `${result.compact}|${result.derived ? 1 : 0}` : '';
  useEffect(() => {
    if (result.state !== 'ok') return;
    const next: Record<string, unknown> = { ...result.values, ...(result.derived ?? {}) };
    for (const [name, value] of Object.entries(next)) {
      if (getValues(name) !== value) setValue(name, value, { shouldDirty: true, shouldValidate: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the parsed result
  }, [key]);

  if (result.state === 'empty') {
    return <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>Type a UWI to fill the land location from it.</Typography>;
  }
  if (result.state === 'invalid') {
    return (
      <Alert severity="warning" sx={{ my: 1 }} data-testid="uwi-errors">
        {result.errors.map((e) => <div key={e}>{e}</div>)}
      </Alert>
    );
  }
  return (
    <Box sx={{ my: 1 }} data-testid="uwi-parts">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>{result.written}</Typography>
        {result.parts.map((p) => <Chip key={p.label} size="small" variant="outlined" label={`${p.label}: ${p.value}`} />)}
      </Stack>
      {result.derived && (
        <Alert severity="info" sx={{ mt: 1 }} data-testid="uwi-derived">
          Name <b>{result.derived.name}</b> and code <b>{result.derived.code}</b> come from the UWI.
        </Alert>
      )}
    </Box>
  );
}
