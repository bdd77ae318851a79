/**
 * One react-admin <Resource> per declared resource, with generic list/show/create/edit pages that
 * load lazily (they pull in the data grid and the form inputs, which the shell does not need).
 */
import type { ComponentType } from 'react';
import { Resource, useResourceContext } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { createPathOf, listPathOf, recordPathOf } from './home-paths';
import { resources } from '../resources/index';
import { lazyComponent } from '../routes/LazyPage';

const LazyList = lazyComponent(() => import('./GenericList'));
const LazyShow = lazyComponent(() => import('./GenericShow'));
const LazyEdit = lazyComponent(() => import('./GenericEdit'));
const LazyCreate = lazyComponent(() => import('./GenericCreate'));

/** Resources with a screen of their own (configuration, terminal) are listed there; react-admin's own list path forwards to it. */
function GenericList() {
  const resource = useResourceContext() ?? '';
  const home = listPathOf(resource);
  return home === `/${resource}` ? <LazyList /> : <Navigate to={home} replace />;
}

/** Show and edit of a record with its own route (terminal records) forward there. */
function recordPage(Generic: ComponentType) {
  return function RecordPage() {
    const resource = useResourceContext() ?? '';
    const { id } = useParams();
    const own = id ? recordPathOf(resource, id) : undefined;
    return own ? <Navigate to={own} replace /> : <Generic />;
  };
}
const GenericShow = recordPage(LazyShow);
const GenericEdit = recordPage(LazyEdit);

function GenericCreate() {
  const own = createPathOf(useResourceContext() ?? '');
  return own ? <Navigate to={own} replace /> : <LazyCreate />;
}

export function resourceElements() {
  return resources.map((r) => (
    <Resource
      key={r.name}
      name={r.name}
      options={{ label: r.pluralLabel }}
      recordRepresentation={(record) => r.choiceLabel(record)}
      list={GenericList}
      show={GenericShow}
      edit={GenericEdit}
      create={GenericCreate}
    />
  ));
}
