/**
 * One track as the yard screen draws it (docs/yard.md, Screens): its name, kind and the length its
 * cars take, then its cars from the switch end (on the left, where the switch is), each a button
 * that drags (dnd-kit) and opens the car. While a cut is dragged over it the track says whether it
 * fits, by the same rule the server applies.
 */
import { memo } from 'react';
import { visuallyHidden } from '@mui/utils';
import { Box, ButtonBase, LinearProgress, Stack, Tooltip, Typography } from '@mui/material';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { formatDecimal } from '../../lib/format';
import { choiceWord } from '../../resources/fields';
import { CAR_TYPES } from '../../resources/fleet/car';
import { TRACK_KINDS } from '../../resources/yard/common';
import type { Scenario, YardCar, YardTrack } from './yard-api';

/** What a dragged cut would do on a track: fits (with the room left), or the refusal in words. */
export type Fit = { ok: true; note: string } | { ok: false; note: string };

interface Props {
  track: YardTrack; scenario: Scenario; cars: YardCar[]; unit: string; selected: ReadonlySet<string>;
  /** The marks of the cut being dragged, to dim them where they stand. */
  dragging: ReadonlySet<string>; fit: Fit | null; canDrag: boolean;
  /** The track name's heading level: h3 under the scenario headings of the side-by-side view. */
  heading?: 'h2' | 'h3';
  onOpen(car: YardCar): void;
}

export const dropId = (track: number, position: number | 'end') => `drop:${track}:${position}`;

function CarChip({ car, track, index, scenario, selected, dimmed, canDrag, onOpen }: { car: YardCar; track: number; index: number; scenario: Scenario; selected: boolean; dimmed: boolean; canDrag: boolean; onOpen(car: YardCar): void }) {
  const drag = useDraggable({ id: `car:${car.mark_number}`, data: { mark: car.mark_number, track, index }, disabled: !canDrag });
  // In the plan a car may be put before any other: each car is also a place to drop.
  const drop = useDroppable({ id: dropId(track, index), data: { track, position: index }, disabled: scenario !== 'planned' });
  const colour = car.loaded ? car.product_color ?? '#1f77b4' : undefined;
  return (
    <Box ref={drop.setNodeRef} sx={{ display: 'flex', alignItems: 'stretch', flex: 'none' }}>
      {drop.isOver && <Box sx={{ width: 4, bgcolor: 'primary.main', borderRadius: 1, mr: 0.5 }} aria-hidden />}
      <Tooltip title={`${car.mark_number} · ${choiceWord(CAR_TYPES, car.car_type)} · ${car.length} ${car.loaded ? `· loaded${car.product_name ? `, ${car.product_name}` : ''}` : '· empty'}`} disableInteractive describeChild>
        <ButtonBase
          ref={drag.setNodeRef} {...drag.listeners} {...drag.attributes}
          onClick={() => onOpen(car)}
          data-testid={`car-${car.mark_number}`} data-track={track}
          sx={{
            flexDirection: 'column', alignItems: 'flex-start', px: 0.75, py: 0.5, minWidth: 84, borderRadius: 1, textAlign: 'left',
            border: 2, borderColor: selected ? 'primary.main' : 'divider', bgcolor: 'background.paper', opacity: dimmed ? 0.35 : 1,
            borderLeft: 6, borderLeftColor: colour ?? 'grey.500', cursor: canDrag ? 'grab' : 'pointer', touchAction: 'none',
          }}>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{car.mark_number}</Typography>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>{car.loaded ? 'L' : 'E'} · {car.length}</Typography>
          <Box component="span" sx={visuallyHidden}>, {car.loaded ? 'loaded' : 'empty'}, place {index + 1}</Box>
        </ButtonBase>
      </Tooltip>
    </Box>
  );
}

function TrackRowView({ track, scenario, cars, unit, selected, dragging, fit, canDrag, onOpen, heading = 'h2' }: Props) {
  const used = scenario === 'actual' ? track.actual_used : track.planned_used;
  const share = Math.min(100, (Number(used) / Number(track.length)) * 100);
  const drop = useDroppable({ id: dropId(track.id, 'end'), data: { track: track.id, position: 'end' } });
  const edge = fit ? (fit.ok ? 'success.main' : 'error.main') : drop.isOver ? 'primary.main' : 'divider';
  return (
    <Box ref={drop.setNodeRef} component="section" aria-label={`Track ${track.name}`} data-testid={`track-${track.name}`}
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 1, p: 1, border: 2, borderColor: edge, borderRadius: 1, bgcolor: fit && !fit.ok ? 'error.light' : undefined }}>
      <Box sx={{ width: { sm: 170 }, flex: 'none' }}>
        <Typography variant="subtitle2" component={heading}>{track.name}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">{choiceWord(TRACK_KINDS, track.kind)} · {cars.length} car{cars.length === 1 ? '' : 's'}</Typography>
        <LinearProgress variant="determinate" value={share} color={share > 90 ? 'warning' : 'primary'} sx={{ my: 0.5 }} aria-label={`${used} of ${track.length} ${unit} used`} />
        <Typography variant="caption" component="div" data-testid={`used-${track.name}`}>{formatDecimal(used, 2)} / {formatDecimal(track.length, 2)} {unit}</Typography>
        {fit && <Typography variant="caption" component="div" role="status" color={fit.ok ? 'success.main' : 'error.main'} sx={{ fontWeight: 600 }}>{fit.note}</Typography>}
      </Box>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', minHeight: 48, flex: 1 }}>
        <Tooltip title="Switch end"><CallSplitIcon fontSize="small" color="action" sx={{ transform: 'rotate(90deg)' }} aria-label="Switch end" /></Tooltip>
        {cars.map((c, i) => (
          <CarChip key={c.id} car={c} track={track.id} index={i} scenario={scenario} selected={selected.has(c.mark_number)} dimmed={dragging.has(c.mark_number)} canDrag={canDrag} onOpen={onOpen} />
        ))}
        {!cars.length && <Typography variant="body2" color="text.secondary">No cars</Typography>}
      </Stack>
    </Box>
  );
}

export const TrackRow = memo(TrackRowView);
