/**
 * `contract/yard/{yardId}/management/` (docs/yard.md, Screens): the yard drawn as its tracks with
 * the cars on them, actual or planned, or both side by side. A car dragged takes the cut from the
 * switch end up to it; over a track the screen says live whether the cut fits (the server's own
 * rule, src/lib/yard-layout.ts). On the plan the cut may go before any car; on the actual layout
 * it is a switching move. Every car opens its details and a Move dialog, the keyboard's way.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { DndContext, type DragEndEvent, type DragOverEvent, type DragStartEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../routes/define-route';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { mayCallAction } from '../../authProvider/permissions';
import { useProfile } from '../../hooks/useProfile';
import { formatDecimal } from '../../lib/format';
import { httpStatus } from '../../generic/submit-errors';
import { plainMessage } from '../../notify/error-toasts';
import { fromMicrons, freeLength, moveCut, placeCars, usedLength } from '../../lib/yard-layout';
import { railYard } from '../../resources/yard/rail-yard';
import { YARD } from '../../resources/yard/common';
import { type Fit, TrackRow } from './TrackRow';
import { CarDialog } from './CarDialog';
import { AddCarsDialog } from './AddCarsDialog';
import { type Scenario, type YardCar, type YardLayout, layoutKey, layoutOf, shapeOf, useYardLayout, useYardWatch } from './yard-api';
import { switchListsPath } from './yard-paths';

interface Drag { marks: string[]; from: number }
type View = Scenario | 'both';

/** The cut a dragged car takes: itself and every car between it and the switch end. */
const cutOf = (l: YardLayout, scenario: Scenario, track: number, index: number) => {
  const t = l.tracks.find((x) => x.id === track)!;
  const mark = new Map(l.cars.map((c) => [c.id, c.mark_number]));
  return t[scenario].slice(0, index + 1).map((id) => mark.get(id)!);
};

export function useYardRights() {
  const { permissions } = useProfile();
  return {
    mayPlan: mayCallAction(permissions, railYard, railYard.actions.move_cars),
    mayWork: mayCallAction(permissions, railYard, railYard.actions.execute_move),
  };
}

export default function YardManagementPage({ params }: PageProps) {
  const id = Number(params.yardId);
  const q = useYardLayout(id);
  useYardWatch(id, q.data?.yard.layout_version);
  if (q.error) return <Alert severity="error" sx={{ m: 2 }}>{plainMessage(q.error, 'The yard could not be read.')}</Alert>;
  if (!q.data) return <Typography sx={{ m: 2 }}>Loading the yard…</Typography>;
  return <YardView layout={q.data} />;
}

function YardView({ layout }: { layout: YardLayout }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const dp = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  const notify = useNotify();
  const { mayPlan, mayWork } = useYardRights();
  const [view, setView] = useState<View>(mayPlan ? 'planned' : 'actual');
  const [drag, setDrag] = useState<Drag | null>(null);
  const [over, setOver] = useState<{ track: number; fit: Fit } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [open, setOpen] = useState<{ car: YardCar; scenario: Scenario } | null>(null);
  const [adding, setAdding] = useState(false);
  // Pointer and touch drag; Enter on a car opens its Move form, the keyboard's way (a keyboard drag would take Enter from it).
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const y = layout.yard;
  const unit = y.length_unit;
  const byId = useMemo(() => new Map(layout.cars.map((c) => [c.id, c])), [layout]);
  const none = useMemo(() => new Set<string>(), []);

  const change = useCallback(async (action: string, body: Record<string, unknown>, done?: string) => {
    try {
      const next = await dp.callAction(YARD, { id: y.id, action, body: { ...body, layout_version: y.layout_version } }) as YardLayout;
      client.setQueryData(layoutKey(y.id), next);
      setRefusal(null);
      if (done) notify(done, { type: 'success' });
      return true;
    } catch (e) {
      if (httpStatus(e) === 409) void client.invalidateQueries({ queryKey: layoutKey(y.id) });
      setRefusal(plainMessage(e, 'The change was not made.'));
      return false;
    }
  }, [dp, client, notify, y.id, y.layout_version]);

  const fitOf = useCallback((scenario: Scenario, d: Drag, to: number, position: number): Fit | null => {
    const l = layoutOf(layout, scenario);
    const shape = shapeOf(layout);
    if (scenario === 'actual') {
      if (to === d.from) return null;
      const r = moveCut(l, shape, { from: String(d.from), count: d.marks.length, to: String(to) }, unit);
      return 'refused' in r ? { ok: false, note: r.refused } : { ok: true, note: `Fits: ${fromMicrons(freeLength(r.layout, String(to), shape), unit)} ${unit} left` };
    }
    const r = placeCars(l, shape, d.marks, String(to), position, unit);
    return 'refused' in r ? { ok: false, note: r.refused } : { ok: true, note: `Fits: ${fromMicrons(freeLength(r.layout, String(to), shape), unit)} ${unit} left` };
  }, [layout, unit]);

  const scenarioNow: Scenario = view === 'both' ? 'actual' : view;
  const position = (data: { position?: number | 'end' } | undefined) => (typeof data?.position === 'number' ? data.position : 0);
  const onStart = (e: DragStartEvent) => {
    const data = e.active.data.current as { track: number; index: number };
    setDrag({ marks: cutOf(layout, scenarioNow, data.track, data.index), from: data.track });
    setRefusal(null);
  };
  const onOver = (e: DragOverEvent) => {
    const data = e.over?.data.current as { track: number; position: number | 'end' } | undefined;
    if (!drag || !data) return setOver(null);
    const fit = fitOf(scenarioNow, drag, data.track, position(data));
    setOver(fit ? { track: data.track, fit } : null);
  };
  const onEnd = async (e: DragEndEvent) => {
    const d = drag;
    const data = e.over?.data.current as { track: number; position: number | 'end' } | undefined;
    setDrag(null);
    setOver(null);
    if (!d || !data) return;
    const fit = fitOf(scenarioNow, d, data.track, position(data));
    if (!fit) return;
    if (!fit.ok) return setRefusal(fit.note);
    const to = layout.tracks.find((t) => t.id === data.track)!.name;
    if (scenarioNow === 'actual') await change('execute_move', { cars: d.marks, to_track: data.track }, `${d.marks.length} car(s) moved to ${to}`);
    else await change('move_cars', { cars: d.marks, to_track: data.track, position: position(data), scenario: 'planned' }, `Plan saved: ${d.marks.length} car(s) to ${to}`);
  };

  const tracks = (scenario: Scenario, canDrag: boolean, heading: 'h2' | 'h3' = 'h2') => (
    <Stack spacing={1} data-testid={`scenario-${scenario}`}>
      {layout.tracks.map((t) => (
        <TrackRow key={t.id} track={t} scenario={scenario} unit={unit} cars={t[scenario].map((cid) => byId.get(cid)!)} selected={none}
          dragging={drag && canDrag ? new Set(drag.marks) : none} fit={canDrag && over?.track === t.id ? over.fit : null} canDrag={canDrag} heading={heading}
          onOpen={(car) => setOpen({ car, scenario })} />
      ))}
    </Stack>
  );
  const planOnly = layout.cars.filter((c) => c.planned.track !== null && c.actual.track === null).length;
  const yardOnly = layout.cars.filter((c) => c.actual.track !== null && c.planned.track === null).length;
  const shape = shapeOf(layout);
  const totalUsed = (s: Scenario) => fromMicrons(usedLength(Object.values(layoutOf(layout, s)).flat(), shape), unit);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={y.name} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between', mb: 1 }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {y.facility_name} · lead {y.lead_length ? `${formatDecimal(y.lead_length, 2)} ${unit}` : 'no limit'} · version {y.layout_version}{y.layout_changed_by ? `, last changed by ${y.layout_changed_by}` : ''}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button component={Link} to={switchListsPath(y.id)} variant="outlined" size="small">Switch lists</Button>
          <Button size="small" onClick={() => void dp.callAction(YARD, { id: y.id, action: 'get_pdf', method: 'GET' })}>PDF</Button>
          <Button size="small" onClick={() => void dp.callAction(YARD, { id: y.id, action: 'get_excel', method: 'GET' })}>Excel</Button>
          {mayPlan && <Button size="small" onClick={() => setAdding(true)}>Add cars</Button>}
          {mayPlan && <Button size="small" color="warning" onClick={() => void change('reset_layout', { scenario_id: 'planned' }, 'The plan is the actual layout again')}>Reset plan</Button>}
        </Stack>
      </Stack>
      <Tabs value={view} onChange={(_, v: View) => setView(v)} sx={{ mb: 1 }} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="actual" label={`Actual (${formatDecimal(totalUsed('actual'), 2)} ${unit})`} />
        <Tab value="planned" label={`Planned (${formatDecimal(totalUsed('planned'), 2)} ${unit})`} />
        {wide && <Tab value="both" label="Side by side" />}
      </Tabs>
      {(planOnly > 0 || yardOnly > 0) && (
        <Alert severity="info" sx={{ mb: 1 }}>{planOnly ? `${planOnly} car(s) planned but not in the yard yet. ` : ''}{yardOnly ? `${yardOnly} car(s) in the yard have no place in the plan.` : ''}</Alert>
      )}
      {refusal && <Alert severity="error" sx={{ mb: 1 }} onClose={() => setRefusal(null)} data-testid="yard-refusal">{refusal}</Alert>}
      {view !== 'both' && !(view === 'planned' ? mayPlan : mayWork) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{view === 'planned' ? 'You may read the plan; dispatchers change it.' : 'You may read the layout; the crew moves the cars.'}</Typography>
      )}
      {view === 'both' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <Box><Typography variant="subtitle1" component="h2">Actual</Typography>{tracks('actual', false, 'h3')}</Box>
          <Box><Typography variant="subtitle1" component="h2">Planned</Typography>{tracks('planned', false, 'h3')}</Box>
        </Box>
      ) : (
        <DndContext sensors={sensors} onDragStart={onStart} onDragOver={onOver} onDragEnd={(e) => void onEnd(e)} onDragCancel={() => { setDrag(null); setOver(null); }}>
          {tracks(view, view === 'planned' ? mayPlan : mayWork)}
        </DndContext>
      )}
      {drag && <Typography role="status" sx={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', bgcolor: 'background.paper', px: 2, py: 1, borderRadius: 1, boxShadow: 3 }}>
        Moving {drag.marks.length} car(s): {drag.marks.join(', ')}
      </Typography>}
      {open && (
        <CarDialog layout={layout} car={open.car} scenario={open.scenario} mayMove={open.scenario === 'planned' ? mayPlan : mayWork}
          onClose={() => setOpen(null)}
          onMove={async (marks, to, at) => {
            const ok = open.scenario === 'actual'
              ? await change('execute_move', { cars: marks, to_track: to }, `${marks.length} car(s) moved`)
              : await change('move_cars', { cars: marks, to_track: to, position: at, scenario: 'planned' }, `Plan saved: ${marks.length} car(s) moved`);
            if (ok) setOpen(null);
          }} />
      )}
      {adding && <AddCarsDialog layout={layout} onClose={() => setAdding(false)} onAdd={async (body) => { if (await change('add_cars', body, `${(body.car_marks as string[]).length} car(s) added`)) setAdding(false); }} />}
    </Box>
  );
}
