/**
 * A gauge table drawn (docs/loading.md, The gauge table page): the volume against the reading,
 * and the reading being looked at as a line across it, so a loader sees where on the table a
 * reading falls and how steep the table is there (near the top of a horizontal shell a little
 * outage is a lot of volume).
 */
import { Box } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { DEPTH_KINDS, DEPTH_UNITS, type GaugeTableShape, VOLUME_UNITS } from '../../../lib/gauge-table';
import { choiceWord } from '../../../resources/fields';


export function GaugeChart({ table, reading, height = 280 }: { table: GaugeTableShape; reading?: number | null; height?: number }) {
  const depths = table.rows.map((r) => Number(r.depth));
  const volumes = table.rows.map((r) => Number(r.volume));
  const x = `${choiceWord(DEPTH_KINDS, table.depth_kind)} (${choiceWord(DEPTH_UNITS, table.depth_unit)})`;
  const y = `Volume (${choiceWord(VOLUME_UNITS, table.volume_unit)})`;
  return (
    <Box data-testid="gauge-chart" role="img" aria-label={`${y} against ${x.toLowerCase()}, ${table.rows.length} rows`}>
      <LineChart
        height={height}
        skipAnimation
        hideLegend
        xAxis={[{ data: depths, scaleType: 'linear', label: x, min: depths[0], max: depths[depths.length - 1] }]}
        // Volumes in thousands on the axis ("30k"): the full figures are in the rows beside it.
        yAxis={[{ label: y, width: 64, valueFormatter: (v: number) => (Math.abs(v) >= 1000 ? `${(v / 1000).toLocaleString('en-US')}k` : String(v)) }]}
        series={[{ data: volumes, showMark: false, label: y, valueFormatter: (v) => (v === null ? '' : v.toLocaleString('en-US')) }]}
        margin={{ right: 16 }}
      >
        {reading !== null && reading !== undefined && Number.isFinite(reading) && <ChartsReferenceLine x={reading} label={`${reading} ${table.depth_unit}`} lineStyle={{ strokeDasharray: '4 4' }} />}
      </LineChart>
    </Box>
  );
}
