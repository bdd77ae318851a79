/** Generic create page of any declared resource. */
import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import { useDeclaration } from './useDeclaration';
import { useSubmit } from './useSubmit';
import { ResourceForm } from './ResourceForm';
import { Breadcrumbs } from '../layout/Breadcrumbs';
import { listPathOf } from './home-paths';

export function CreateForm({ sectionExtras, leadSection, back }: { sectionExtras?: Record<string, ReactNode>; leadSection?: string; back?: string }) {
  const r = useDeclaration();
  const { submit } = useSubmit(r, 'create', undefined, { back });
  return <ResourceForm resource={r} mode="create" onSubmit={submit} sectionExtras={sectionExtras} leadSection={leadSection} />;
}

export default function GenericCreate() {
  const r = useDeclaration();
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: r.pluralLabel, to: listPathOf(r.name) }, { label: 'New' }]} />
      <Create redirect={listPathOf(r.name)} title={`New ${r.label.toLowerCase()}`} actions={false}>
        <CreateForm />
      </Create>
    </>
  );
}
