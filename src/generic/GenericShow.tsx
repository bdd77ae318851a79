/** Generic read-only page of any declared resource, with Edit where the user may change it. */
import { Box, Button, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Show, SimpleShowLayout, Labeled, useCanAccess, useCreatePath, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { fieldLabel } from '../resources/define';
import { registry } from '../resources/index';
import { canView } from '../authProvider/permissions';
import { useProfile } from '../hooks/useProfile';
import { useDeclaration } from './useDeclaration';
import { FieldValue } from './FieldValue';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import { listPathOf } from './home-paths';
import { RecordHistory } from './RecordHistory';
import { useAdditionalFields } from '../hooks/useAdditionalFields';

function EditLink() {
  const r = useDeclaration();
  const record = useRecordContext();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: r.name, action: 'edit', record });
  if (!record || !canAccess) return null;
  return <Button component={Link} to={createPath({ resource: r.name, id: record.id, type: 'edit' })} startIcon={<EditIcon />}>Edit</Button>;
}

export default function GenericShow() {
  const r = useDeclaration();
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: r.pluralLabel, to: listPathOf(r.name) }, { label: 'Details' }]} />
      <Show title={r.label} actions={<Box sx={{ p: 1, display: 'flex', justifyContent: 'flex-end' }}><EditLink /></Box>}>
        <RecordDetails />
        <RecordHistory resource={r} />
      </Show>
    </>
  );
}

/** Every field of the current record, read-only, in two columns on wide screens (declarations have many short fields). */
export function RecordDetails() {
  // The company's own fields follow the declared ones (docs/audit.md, Additional fields).
  const { resource: r } = useAdditionalFields(useDeclaration());
  const { permissions } = useProfile();
  // A reference to records the user may not read (the tenant company, for most roles) would show only an error icon.
  const unreadable = (n: string) => {
    const f = r.fields[n];
    const target = f.kind === 'ref' || f.kind === 'refs' ? registry.get(f.to) : undefined;
    return !!permissions && !!target && !canView(permissions, target);
  };
  const names = Object.keys(r.fields).filter((n) => r.fields[n].kind !== 'password' && !unreadable(n));
  return (
    <SimpleShowLayout sx={{ '& .RaSimpleShowLayout-stack': { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 4, rowGap: 1, '& > *': { margin: '0 !important' } } }}>
      {names.map((n) => (
        <Labeled key={n} label={fieldLabel(r, n)}>
          <FieldValue name={n} field={r.fields[n]} />
        </Labeled>
      ))}
      <Stack direction="row" spacing={2}>
        <Labeled label="Version"><VersionText /></Labeled>
      </Stack>
    </SimpleShowLayout>
  );
}

function VersionText() {
  const record = useRecordContext();
  return <Typography variant="body2">{String(record?.version ?? '—')}</Typography>;
}
