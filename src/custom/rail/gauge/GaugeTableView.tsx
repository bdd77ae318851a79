/**
 * One gauge table as a loader reads it (docs/loading.md, The gauge table page): whose table it is
 * (the car's own, or its class's), its kind and units, the chart, a reading to try, and its rows.
 */
import { useState } from 'react';
import { Box, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { DEPTH_UNITS, type GaugeTableShape, VOLUME_UNITS } from '../../../lib/gauge-table';
import { formatDecimal } from '../../../lib/format';
import { choiceWord } from '../../../resources/fields';
import { GaugeChart } from './GaugeChart';
import { GaugeReading } from './GaugeReading';

export interface GaugeTableRecord extends GaugeTableShape {
  id: number;
  name: string;
  car_mark: string | null;
  car_number: number | null;
  source: string | null;
  row_count: number;
  version: number;
}

export function GaugeTableView({ table, via, actions }: { table: GaugeTableRecord; via?: 'car' | 'class'; actions?: React.ReactNode }) {
  const [reading, setReading] = useState('');
  const readingNumber = reading.trim() === '' ? null : Number(reading);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="gauge-table-view">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' }, mb: 1 }}>
        <Box>
          <Typography variant="h6" component="h2">{table.name}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {via && <Chip size="small" color={via === 'car' ? 'primary' : 'default'} label={via === 'car' ? "The car's own table" : "Its class's table"} />}
            <Chip size="small" variant="outlined" label={`${table.depth_kind === 'outage' ? 'Outage' : 'Innage'} in ${choiceWord(DEPTH_UNITS, table.depth_unit)}`} />
            <Chip size="small" variant="outlined" label={choiceWord(VOLUME_UNITS, table.volume_unit)} />
            <Chip size="small" variant="outlined" label={`${table.row_count} rows`} />
          </Stack>
          {table.source && <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>{table.source}</Typography>}
        </Box>
        {actions}
      </Stack>
      <GaugeReading table={table} reading={reading} onReading={setReading} />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <Box sx={{ flex: 2, minWidth: 0 }}>
          <GaugeChart table={table} reading={readingNumber !== null && Number.isFinite(readingNumber) ? readingNumber : null} />
        </Box>
        <TableContainer sx={{ flex: 1, maxHeight: 300, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="gauge-rows">
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell align="right">{table.depth_kind === 'outage' ? 'Outage' : 'Innage'} ({table.depth_unit})</TableCell>
                <TableCell align="right">Volume ({table.volume_unit})</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((r) => (
                <TableRow key={r.depth} hover>
                  <TableCell align="right">{formatDecimal(r.depth)}</TableCell>
                  <TableCell align="right">{formatDecimal(r.volume)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
    </Paper>
  );
}
