/**
 * `contract/yard/{yardId}/switchLists/` (docs/yard.md, Screens): the switch list the plan needs now
 * (its moves, and the fewest possible), kept for a crew with Make switch list; the yard's lists,
 * and one list's moves worked one by one: each Done executes that move on the actual layout, so
 * the layout follows the crew. Made for a phone first: one move per card, a large Done button.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { Title, useDataProvider, useGetList, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageProps } from '../../routes/define-route';
import type { AppDataProvider } from '../../dataProvider/createDataProvider';
import { plainMessage } from '../../notify/error-toasts';
import { SWITCH_LIST, YARD } from '../../resources/yard/common';
import { type SwitchPreview, type SwitchStep, layoutKey, useYardLayout } from './yard-api';
import { useYardRights } from './YardManagementPage';
import { yardPath } from './yard-paths';

interface ListRow { id: number; status: string; made_at: string; step_count: number; done_count: number; lower_bound: number | null; steps: SwitchStep[]; notes: string | null }

const movesLabel = (n: number, bound: number | null) => `${n} move${n === 1 ? '' : 's'}${bound === null ? '' : bound === n ? ', the fewest possible' : `, at least ${bound} needed`}`;

function StepCard({ s, next, mayWork, onDone, testid = 'step' }: { s: SwitchStep; next: boolean; mayWork: boolean; onDone?(): void; testid?: string }) {
  return (
    <Card variant="outlined" data-testid={`${testid}-${s.step}`} sx={{ borderColor: next ? 'primary.main' : undefined }}>
      <CardContent sx={{ pb: 1 }}>
        <Typography variant="subtitle2" component="h3">Move {s.step}: {s.from_name} → {s.to_name}</Typography>
        <Typography variant="body2">Pull {s.cars.length} car{s.cars.length === 1 ? '' : 's'} from the switch end: {s.cars.join(', ')}</Typography>
        {s.done_at && <Typography variant="caption" color="success.main">Done{s.done_by ? ` by ${s.done_by}` : ''}</Typography>}
      </CardContent>
      {onDone && !s.done_at && next && mayWork && (
        <CardActions><Button variant="contained" size="large" fullWidth onClick={onDone}>Done</Button></CardActions>
      )}
    </Card>
  );
}

export default function SwitchListsPage({ params }: PageProps) {
  const id = Number(params.yardId);
  const dp = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  const notify = useNotify();
  const { mayPlan, mayWork } = useYardRights();
  const layout = useYardLayout(id);
  const preview = useQuery({
    queryKey: ['yard-switch-preview', id, layout.data?.yard.layout_version],
    queryFn: () => dp.callAction(YARD, { id, action: 'switch_list', method: 'GET' }) as Promise<SwitchPreview>,
    enabled: !!layout.data,
  });
  const lists = useGetList<ListRow>(SWITCH_LIST, { filter: { yard: id }, sort: { field: 'made_at', order: 'DESC' }, pagination: { page: 1, perPage: 50 } });
  const [chosen, setChosen] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: layoutKey(id) });
    await lists.refetch();
  };
  const make = async () => {
    try {
      const made = await dp.callAction(SWITCH_LIST, { action: 'make', body: { yard: id, layout_version: preview.data!.layout_version, ...(notes ? { notes } : {}) } }) as { id: number };
      notify('Switch list made', { type: 'success' });
      setNotes('');
      setChosen(made.id);
      await refresh();
    } catch (e) { setError(plainMessage(e, 'The switch list was not made.')); }
  };
  const done = async (list: number, step: number) => {
    // The list stays on screen once its last move is done.
    setChosen(list);
    try {
      await dp.callAction(SWITCH_LIST, { id: list, action: 'mark_done', body: { step } });
      notify(`Move ${step} done`, { type: 'success' });
      await refresh();
    } catch (e) { setError(plainMessage(e, 'The move was not marked done.')); await refresh(); }
  };
  const open = (lists.data ?? []).find((l) => l.id === chosen) ?? (lists.data ?? []).find((l) => l.status === 'open');
  const next = open?.steps.find((s) => !s.done_at);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={layout.data ? `Switch lists: ${layout.data.yard.name}` : 'Switch lists'} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">Moves from the actual layout to the plan, worked in order.</Typography>
        <Button component={Link} to={yardPath(id)} size="small" variant="outlined">Yard layout</Button>
      </Stack>
      {error && <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 1 }} data-testid="switch-error">{error}</Alert>}
      {open && (
        <Box component="section" aria-labelledby="worked-list" sx={{ mb: 3 }} data-testid="switch-list-open">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2" id="worked-list">Switch list {open.id}</Typography>
            <Chip size="small" label={open.status} color={open.status === 'open' ? 'primary' : open.status === 'done' ? 'success' : 'default'} />
            <Typography variant="body2" color="text.secondary">{open.done_count} of {movesLabel(open.step_count, open.lower_bound)} done</Typography>
            <Button size="small" onClick={() => void dp.callAction(SWITCH_LIST, { id: open.id, action: 'print', method: 'GET' })}>Print</Button>
            {mayPlan && open.status === 'open' && (
              <Button size="small" color="warning" onClick={() => void dp.callAction(SWITCH_LIST, { id: open.id, action: 'cancel', body: { reason: 'Replanned' } }).then(refresh, (e) => setError(plainMessage(e, 'Not cancelled.')))}>Cancel list</Button>
            )}
          </Stack>
          {open.notes && <Typography variant="body2" sx={{ mb: 1 }}>{open.notes}</Typography>}
          <Stack spacing={1}>
            {open.steps.map((s) => <StepCard key={s.step} s={s} next={s.step === next?.step} mayWork={mayWork && open.status === 'open'} onDone={() => void done(open.id, s.step)} />)}
          </Stack>
        </Box>
      )}
      <Box component="section" aria-labelledby="needed-now" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2" id="needed-now">Needed now</Typography>
        {preview.error && <Alert severity="error">{plainMessage(preview.error, 'The switch list could not be worked out.')}</Alert>}
        {preview.data?.problem && <Alert severity="warning" data-testid="switch-problem">{preview.data.problem}</Alert>}
        {preview.data && !preview.data.problem && (
          preview.data.moves.length === 0
            ? <Typography color="text.secondary">The yard stands as planned: nothing to switch.</Typography>
            : (
              <>
                <Typography variant="body2" sx={{ mb: 1 }} data-testid="switch-preview">From the actual layout to the plan: {movesLabel(preview.data.moves.length, preview.data.lower_bound)}.</Typography>
                {mayPlan && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
                    <TextField size="small" label="Notes for the crew" value={notes} onChange={(e) => setNotes(e.target.value)} sx={{ flex: 1 }} />
                    <Button variant="contained" onClick={() => void make()}>Make switch list</Button>
                  </Stack>
                )}
                <Stack spacing={1}>{preview.data.moves.map((s) => <StepCard key={s.step} s={s} next={false} mayWork={false} testid="preview-step" />)}</Stack>
              </>
            )
        )}
      </Box>
      <Box component="section" aria-labelledby="all-lists">
        <Typography variant="h6" component="h2" id="all-lists">This yard's lists</Typography>
        {lists.data && !lists.data.length && <Typography color="text.secondary">None yet.</Typography>}
        <Stack spacing={0.5}>
          {(lists.data ?? []).map((l) => (
            <Button key={l.id} onClick={() => setChosen(l.id)} sx={{ justifyContent: 'flex-start', textTransform: 'none' }} variant={open?.id === l.id ? 'outlined' : 'text'}>
              Switch list {l.id} · {l.status} · {l.done_count} of {l.step_count} done
            </Button>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
