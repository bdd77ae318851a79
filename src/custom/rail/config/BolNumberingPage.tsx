/**
 * `config/bol/` (docs/rail.md §11.12): the company's BOL numbering, loaded with
 * `bolnumber/get_or_create/` (made with the defaults on first use) and saved as a PATCH of that
 * record by the declaration's form, with the next number previewed as the pattern is typed and the
 * placeholders beside it.
 */
import { useRef } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { Edit, ResourceContextProvider, useCanAccess } from 'react-admin';
import { EditForm } from '../../../generic/GenericEdit';
import { bolNumber } from '../../../resources/rail/bolnumber';
import { useNumbering } from './numbering-api';
import { type InsertRef, NumberingPlaceholders, NumberingPreview, numberingLayout } from './NumberingHelp';

export default function BolNumberingPage() {
  const { state, columns } = useNumbering(bolNumber.name);
  const insertRef: InsertRef = useRef(null);
  const { canAccess: canEdit } = useCanAccess({ resource: bolNumber.name, action: 'edit' });
  if (state.isPending || columns.isPending) return <Box sx={{ p: 4, textAlign: 'center' }}><CircularProgress size={28} /></Box>;
  if (state.error || columns.error) return <Alert severity="error" sx={{ m: 2 }}>{(state.error ?? columns.error)!.message}</Alert>;
  const preview = <NumberingPreview type="bol" state={state.data} columns={columns.data} insertRef={insertRef} />;
  return (
    <Box sx={numberingLayout}>
      <ResourceContextProvider value={bolNumber.name}>
        <Edit id={state.data.id} mutationMode="pessimistic" actions={false} title="BOL numbers">
          <EditForm allowDelete={false} sectionExtras={{ [bolNumber.label]: preview }} />
        </Edit>
      </ResourceContextProvider>
      <NumberingPlaceholders columns={columns.data} insertRef={insertRef} canEdit={Boolean(canEdit)} detailed />
    </Box>
  );
}
