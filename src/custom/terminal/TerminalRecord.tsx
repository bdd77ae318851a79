/**
 * One terminal record inside its route (docs/terminal.md, Screens: the `{entityUUID}` routes): the generic edit form
 * for users who may change the resource, the read-only page otherwise, and the create form for a
 * new record (`new`, or a `-form/` route without an id). Saves return to the terminal list.
 * Some resources add a panel (the product card, held certificates, the UWI helper of locations).
 */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { Create, Edit, ResourceContextProvider, Show, useCanAccess } from 'react-admin';
import { getResource } from '../../resources/index';
import { CreateForm } from '../../generic/GenericCreate';
import { EditForm } from '../../generic/GenericEdit';
import { RecordHistory } from '../../generic/RecordHistory';
import { RecordDetails } from '../../generic/GenericShow';
import { listPathOf } from '../../generic/home-paths';
import { NEW_ID } from '../../routes/terminal-screens';
import { recordExtras } from './record-extras';

interface Props {
  resource: string;
  id?: string;
  /** Where a save or create returns (default: the resource's list), e.g. the allocation a transfer limit belongs to. */
  back?: string;
  /** Values a new record starts with, e.g. the allocation of a new transfer limit. */
  defaults?: Record<string, unknown>;
}

export function TerminalRecord({ resource, id, back, defaults }: Props) {
  const r = getResource(resource);
  const home = back ?? listPathOf(r.name);
  const creating = !id || id === NEW_ID;
  const { canAccess: canEdit, isPending } = useCanAccess({ resource: r.name, action: creating ? 'create' : 'edit' });
  const extras = recordExtras(r.name);
  let body: ReactNode;
  if (isPending) body = null;
  else if (creating) {
    body = canEdit
      ? <Create resource={r.name} redirect={home} record={defaults} title={`New ${r.label.toLowerCase()}`} actions={false}><CreateForm sectionExtras={extras.sectionExtras} leadSection={extras.leadSection} back={back} /></Create>
      : <Typography sx={{ p: 2 }}>You may not add {r.pluralLabel.toLowerCase()}.</Typography>;
  } else if (canEdit) {
    body = (
      <Edit resource={r.name} id={id} mutationMode="pessimistic" redirect={home} title={r.label} actions={false} aside={extras.aside}>
        <EditForm sectionExtras={extras.sectionExtras} leadSection={extras.leadSection} back={back} />
        {extras.below}
        <RecordHistory resource={r} />
      </Edit>
    );
  } else {
    body = (
      <Show resource={r.name} id={id} title={r.label} actions={false} aside={extras.aside}>
        <RecordDetails />
        {extras.below}
        <RecordHistory resource={r} />
      </Show>
    );
  }
  return (
    <ResourceContextProvider value={r.name}>
      <Box sx={{ p: { xs: 0, sm: 1 } }}>{body}</Box>
    </ResourceContextProvider>
  );
}
