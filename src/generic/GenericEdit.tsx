/** Generic edit page of any declared resource. */
import { type ReactNode, useMemo } from 'react';
import { Edit, useEditContext } from 'react-admin';
import { useDeclaration } from './useDeclaration';
import { useSubmit } from './useSubmit';
import { ResourceForm } from './ResourceForm';
import { ConflictNotice } from './ConflictNotice';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import { listPathOf } from './home-paths';
import { RecordHistory } from './RecordHistory';
import { deleteRefusal, editableView, finalState } from '../lib/lifecycle';
import { RecordDetails } from './GenericShow';

/** The record's form; after a save it goes back to the resource's list, or does `onSaved` (a page that stays). */
export function EditForm({ allowDelete = true, sectionExtras, leadSection, onSaved, back }: { allowDelete?: boolean; sectionExtras?: Record<string, ReactNode>; leadSection?: string; onSaved?(): void; back?: string }) {
  const r = useDeclaration();
  const { record, refetch } = useEditContext();
  const { submit, conflict, clearConflict } = useSubmit(r, 'edit', record, onSaved ? { back, onSaved: () => { onSaved(); void refetch(); } } : { back });
  // A locked or final record's form offers only what may still change (docs/architecture.md, Lifecycles).
  const view = useMemo(() => (record ? editableView(r, record) : r), [r, record]);
  if (record && finalState(r, record)) return <RecordDetails />;
  return (
    <ResourceForm
      resource={view}
      mode="edit"
      onSubmit={submit}
      allowDelete={allowDelete && !(record && deleteRefusal(r, record))}
      sectionExtras={sectionExtras} leadSection={leadSection}
      notice={conflict ? <ConflictNotice onReload={() => { clearConflict(); void refetch(); }} /> : null}
    />
  );
}

export default function GenericEdit() {
  const r = useDeclaration();
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: r.pluralLabel, to: listPathOf(r.name) }, { label: 'Edit' }]} />
      <Edit mutationMode="pessimistic" redirect={listPathOf(r.name)} title={`${r.label}`} actions={false}>
        <EditForm />
        <RecordHistory resource={r} />
      </Edit>
    </>
  );
}
