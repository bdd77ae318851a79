/**
 * The maximum permitted filling as a loader reads it (docs/loading.md, The gauge tool): how full
 * the car may be, as a percentage, a volume and the reading to fill to on its gauge; which rule
 * governs; each rule that applies with its figure; and the steps with their numbers.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Chip, List, ListItem, ListItemText, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatDecimal } from '../../../lib/format';
import type { FillingResult as Result } from '../../../lib/max-filling';

export interface FillingAnswer extends Result {
  unit: 'gal' | 'L';
  shell_capacity: string | null;
  permitted_volume: string | null;
  outage_volume: string | null;
  d15: string;
  d50: string;
  gauge: { name: string; via: 'car' | 'class'; depth_kind: string; depth_unit: string; reading: string | null; note: string | null } | null;
}

const UNIT = { gal: 'US gal', L: 'L' };

export function FillingResult({ answer }: { answer: FillingAnswer }) {
  // On a phone the answer is below the form: it comes into view when it arrives.
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => { shown.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' }); }, [answer]);
  const governing = answer.rules.find((r) => r.code === answer.governing)!;
  const g = answer.gauge;
  return (
    <Paper ref={shown} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, scrollMarginTop: 72 }} data-testid="filling-result">
      <Typography variant="overline" color="text.secondary">Maximum permitted filling</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 4 }} sx={{ mb: 1 }}>
        <Box>
          <Typography variant="h5" component="p" sx={{ whiteSpace: 'nowrap' }} data-testid="filling-percent">{formatDecimal(answer.percent, 2)} %</Typography>
          <Typography variant="body2" color="text.secondary">of the shell's capacity</Typography>
        </Box>
        {answer.permitted_volume && (
          <Box>
            <Typography variant="h5" component="p" sx={{ whiteSpace: 'nowrap' }} data-testid="filling-volume">{formatDecimal(answer.permitted_volume)} {UNIT[answer.unit]}</Typography>
            <Typography variant="body2" color="text.secondary">of {formatDecimal(answer.shell_capacity)} {UNIT[answer.unit]}; {formatDecimal(answer.outage_volume)} {UNIT[answer.unit]} left empty</Typography>
          </Box>
        )}
        {g?.reading && (
          <Box>
            <Typography variant="h5" component="p" sx={{ whiteSpace: 'nowrap' }} data-testid="filling-reading">{formatDecimal(g.reading)} {g.depth_unit}</Typography>
            <Typography variant="body2" color="text.secondary">{g.depth_kind === 'outage' ? 'outage' : 'innage'} to fill to, by {g.via === 'car' ? "the car's own table" : 'its class table'} ({g.name})</Typography>
          </Box>
        )}
      </Stack>
      {g?.note && <Alert severity="warning" sx={{ mb: 1 }}>{g.note}</Alert>}
      {!answer.permitted_volume && <Alert severity="info" sx={{ mb: 1 }}>Name a car of the fleet or type the shell capacity to see the volume and the reading.</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Chip size="small" color="primary" label={`Governed by ${governing.label}`} sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }} />
        <Chip size="small" variant="outlined" label={`d15 ${answer.d15}, d50 ${answer.d50}`} />
        <Chip size="small" variant="outlined" label={`α ${answer.alpha} per °C`} />
        <Chip size="small" variant="outlined" label={`${formatDecimal(answer.percent_at_min, 2)} % full at the lowest expected temperature`} />
      </Stack>
      <Table size="small" aria-label="The rules">
        <TableHead><TableRow><TableCell>Rule</TableCell><TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>At most</TableCell></TableRow></TableHead>
        <TableBody>
          {answer.rules.map((r) => (
            <TableRow key={r.code} selected={r.code === answer.governing}>
              <TableCell>{r.label}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatDecimal(r.percent, 4)} %</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>Steps</Typography>
      <List dense disablePadding>
        {answer.steps.map((s) => <ListItem key={s} disableGutters><ListItemText primary={s} slotProps={{ primary: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }} /></ListItem>)}
      </List>
    </Paper>
  );
}
