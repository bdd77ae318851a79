/**
 * One part of the roles matrix: an area's models with their four rights and further abilities, or a
 * list of codes (menu entries, configuration pages). A row per model; on a phone each row stacks its
 * label over its rights. A right the editor does not hold himself is shown but cannot be ticked.
 */
import { Box, Checkbox, Chip, FormControlLabel, Stack, Tooltip, Typography } from '@mui/material';
import { VERBS } from '../../../resources/define';
import { type Cell, type MatrixRow, cellsOf } from './permission-matrix';

export interface CellState {
  /** The permission ids the role gives as edited. */
  selected: ReadonlySet<number>;
  /** Whether the editor may tick or untick this one. */
  editable(cell: Cell): boolean;
  toggle(ids: number[], on: boolean): void;
}

const VERB_LABEL = { view: 'View', add: 'Add', change: 'Change', delete: 'Delete' } as const;
const NOT_HELD = 'You do not hold this permission, so you cannot give it.';

function Tick({ cell, state, label, rowLabel }: { cell: Cell; state: CellState; label: string; rowLabel: string }) {
  const editable = state.editable(cell);
  const box = (
    <Checkbox size="small" checked={state.selected.has(cell.id)} disabled={!editable}
      onChange={(e) => state.toggle([cell.id], e.target.checked)}
      slotProps={{ input: { 'aria-label': `${rowLabel}: ${label}` } }} />
  );
  return editable ? box : <Tooltip title={NOT_HELD}><span>{box}</span></Tooltip>;
}

/** The tick that sets every right of a group of rows at once (those the editor may give). */
export function AllTick({ cells, state, label }: { cells: Cell[]; state: CellState; label: string }) {
  const mine = cells.filter(state.editable);
  const on = cells.filter((c) => state.selected.has(c.id)).length;
  return (
    <Checkbox size="small" checked={on > 0 && on === cells.length} indeterminate={on > 0 && on < cells.length} disabled={!mine.length}
      onChange={(e) => state.toggle(mine.map((c) => c.id), e.target.checked)} onClick={(e) => e.stopPropagation()}
      slotProps={{ input: { 'aria-label': `All of ${label}` } }} />
  );
}

const GRID = { display: 'grid', gridTemplateColumns: { xs: 'repeat(4, 1fr)', md: 'minmax(150px, 1.1fr) repeat(4, 64px) 2fr' }, alignItems: 'center', columnGap: 1 };

export function AreaRows({ rows, state }: { rows: MatrixRow[]; state: CellState }) {
  return (
    <Box role="table" aria-label="Permissions">
      <Box role="row" sx={{ ...GRID, display: { xs: 'none', md: 'grid' }, borderBottom: 1, borderColor: 'divider', pb: 0.5 }}>
        <Typography role="columnheader" variant="caption" color="text.secondary">Records</Typography>
        {VERBS.map((v) => <Typography key={v} role="columnheader" variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>{VERB_LABEL[v]}</Typography>)}
        <Typography role="columnheader" variant="caption" color="text.secondary">Further abilities</Typography>
      </Box>
      {rows.map((row) => (
        <Box key={row.contentType} role="row" sx={{ ...GRID, borderBottom: 1, borderColor: 'divider', py: { xs: 0.5, md: 0 } }}>
          <Stack role="rowheader" direction="row" sx={{ alignItems: 'center', gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
            <AllTick cells={cellsOf([row])} state={state} label={row.label} />
            <Typography variant="body2" noWrap title={`${row.label} (${row.contentType})`}>{row.label}</Typography>
          </Stack>
          {VERBS.map((v) => (
            <Box key={v} role="cell" sx={{ textAlign: 'center' }}>
              {row.verbs[v] && (
                <Stack sx={{ alignItems: 'center' }}>
                  <Tick cell={row.verbs[v]} state={state} label={VERB_LABEL[v]} rowLabel={row.label} />
                  <Typography variant="caption" color="text.secondary" sx={{ display: { md: 'none' }, mt: -0.75 }}>{VERB_LABEL[v]}</Typography>
                </Stack>
              )}
            </Box>
          ))}
          <Box role="cell" sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
            <Abilities cells={row.abilities} state={state} rowLabel={row.label} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Abilities({ cells, state, rowLabel }: { cells: Cell[]; state: CellState; rowLabel: string }) {
  if (!cells.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1 }}>
      {cells.map((c) => (
        <FormControlLabel key={c.id} sx={{ mr: 0 }} control={<Tick cell={c} state={state} label={c.label} rowLabel={rowLabel} />}
          label={<Typography variant="body2" title={c.codename}>{c.label}</Typography>} />
      ))}
    </Stack>
  );
}

/** Menu entries, configuration pages or other codes: a tick each, in columns. */
export function CodeList({ cells, state, label }: { cells: Cell[]; state: CellState; label: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, columnGap: 2 }}>
      {cells.map((c) => (
        <FormControlLabel key={c.id} sx={{ mr: 0 }} control={<Tick cell={c} state={state} label={c.label} rowLabel={label} />}
          label={<Stack direction="row" sx={{ alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography variant="body2">{c.label}</Typography>
            <Chip size="small" variant="outlined" label={c.codename} sx={{ display: { xs: 'none', md: 'inline-flex' }, maxWidth: 240 }} />
          </Stack>} />
      ))}
    </Box>
  );
}
