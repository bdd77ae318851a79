/**
 * A reference field of the current record by its label: the one the server sent with the record
 * (docs/security.md, Reference labels), else loaded the usual way for records read without labels.
 */
import { Chip, Stack, Typography } from '@mui/material';
import { ReferenceArrayField, SingleFieldList, useRecordContext } from 'react-admin';
import type { RefField, RefsField } from '../resources/fields';
import { sentLabel, sentLabels } from '../lib/ref-labels';
import { RefLabel } from './RefLabel';

export function RefValue({ name, field }: { name: string; field: RefField | RefsField }) {
  const record = useRecordContext();
  if (field.kind === 'ref') {
    return <Typography variant="body2" component="span"><RefLabel reference={field.to} id={record?.[name]} label={sentLabel(record, name)} /></Typography>;
  }
  const sent = sentLabels(record)?.[name];
  if (Array.isArray(sent)) {
    return <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>{sent.map((l, i) => <Chip key={i} size="small" label={l ?? 'not visible'} />)}</Stack>;
  }
  return <ReferenceArrayField source={name} reference={field.to}><SingleFieldList linkType={false} /></ReferenceArrayField>;
}
