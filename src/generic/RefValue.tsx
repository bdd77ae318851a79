/**
 * A reference field of the current record by its label: the one the server sent with the record
 * (docs/security.md, Reference labels), else loaded the usual way for records read without labels.
 */
import { Chip, Stack, Typography } from '@mui/material';
import { ReferenceArrayField, ReferenceField, SingleFieldList, useRecordContext } from 'react-admin';
import type { RefField, RefsField } from '../resources/fields';
import { sentLabels } from '../lib/ref-labels';

export function RefValue({ name, field }: { name: string; field: RefField | RefsField }) {
  const record = useRecordContext();
  const sent = sentLabels(record)?.[name];
  if (field.kind === 'ref') {
    if (typeof sent === 'string') return <Typography variant="body2">{sent}</Typography>;
    if (sent === null) return <Typography variant="body2" color="text.disabled">not shared with you</Typography>;
    return <ReferenceField source={name} reference={field.to} link={false} />;
  }
  if (Array.isArray(sent)) {
    return <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>{sent.map((l, i) => <Chip key={i} size="small" label={l ?? 'not shared with you'} />)}</Stack>;
  }
  return <ReferenceArrayField source={name} reference={field.to}><SingleFieldList linkType={false} /></ReferenceArrayField>;
}
