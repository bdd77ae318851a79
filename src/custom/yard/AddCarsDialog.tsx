/**
 * Cars onto a track (docs/yard.md, Move rules: arrivals): typed or pasted `MARK NUMBER`s, a track,
 * and whether they have arrived (actual, at the switch end) or are expected (the plan).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { carEntries } from '../../lib/reporting-mark';
import type { Scenario, YardLayout } from './yard-api';

export function AddCarsDialog({ layout, onClose, onAdd }: { layout: YardLayout; onClose(): void; onAdd(body: Record<string, unknown>): Promise<void> }) {
  const [text, setText] = useState('');
  const [track, setTrack] = useState<number | ''>('');
  const [scenario, setScenario] = useState<Scenario>('actual');
  const marks = carEntries(text);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-cars-title">
      <DialogTitle id="add-cars-title">Add cars</DialogTitle>
      <DialogContent>
        <form id="add-cars" onSubmit={(e) => { e.preventDefault(); if (track !== '' && marks.length) void onAdd({ car_marks: marks, track, scenario }); }}>
          <TextField label="Cars" helperText="MARK NUMBER, one per line or separated by commas" value={text} onChange={(e) => setText(e.target.value)} multiline minRows={3} fullWidth sx={{ mt: 1 }} required />
          <TextField select label="Track" value={track} onChange={(e) => setTrack(Number(e.target.value))} fullWidth size="small" sx={{ mt: 2 }} required>
            {layout.tracks.map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
          </TextField>
          <RadioGroup value={scenario} onChange={(e) => setScenario(e.target.value as Scenario)} sx={{ mt: 1 }}>
            <FormControlLabel value="actual" control={<Radio />} label="They have arrived (at the switch end)" />
            <FormControlLabel value="planned" control={<Radio />} label="They are expected (the plan only)" />
          </RadioGroup>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="add-cars" variant="contained" disabled={!marks.length || track === ''}>Add {marks.length || ''} car{marks.length === 1 ? '' : 's'}</Button>
      </DialogActions>
    </Dialog>
  );
}
