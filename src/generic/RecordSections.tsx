/**
 * A record read-only in its form's sections (the declaration's `form.sections`), each field that
 * has a value with its label: what a locked or final record shows where its form would be (a
 * shipped shipment, a void ticket), so nobody has to open an editor to read it.
 */
import { Box, Paper, Typography } from '@mui/material';
import { Labeled, RecordContextProvider } from 'react-admin';
import { type Resource, fieldLabel } from '../resources/define';
import { FieldValue } from './FieldValue';
import { FoldingPanel } from './FoldingPanel';
import { valueAt } from '../resources/additional-values';

const hasValue = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && !v.length);

/** `folding`: each section a folding panel, the first open (a long record on a phone). */
export function RecordSections({ resource: r, record, folding = false }: { resource: Resource; record: Record<string, unknown>; folding?: boolean }) {
  const sections = r.form.sections
    .map((s) => ({ ...s, fields: s.fields.filter((n) => hasValue(valueAt(record, n)) && r.fields[n].kind !== 'json') }))
    .filter((s) => s.fields.length);
  const values = (fields: string[]) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 3, rowGap: 1 }}>
      {fields.map((n) => (
        <Labeled key={n} label={fieldLabel(r, n)}><FieldValue name={n} field={r.fields[n]} /></Labeled>
      ))}
    </Box>
  );
  return (
    <RecordContextProvider value={record}>
      {folding ? (
        <Box aria-label={`${r.label} details`}>
          {sections.map((s, i) => <FoldingPanel key={s.label} label={s.label} defaultOpen={i === 0}>{values(s.fields)}</FoldingPanel>)}
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label={`${r.label} details`}>
          {sections.map((s) => (
            <Box key={s.label} sx={{ mb: 2, '&:last-child': { mb: 0 } }}>
              <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{s.label}</Typography>
              {values(s.fields)}
            </Box>
          ))}
        </Paper>
      )}
    </RecordContextProvider>
  );
}
