/**
 * One react-admin <Resource> per declared resource, with generic list/show/create/edit pages that
 * load lazily (they pull in the data grid and the form inputs, which the shell does not need).
 */
import { Resource, useResourceContext } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { listPathOf } from './home-paths';
import { resources } from '../resources/index';
import { lazyComponent } from '../routes/LazyPage';

const LazyList = lazyComponent(() => import('./GenericList'));

/** Resources with a configuration screen are listed there; react-admin's own list path forwards to it. */
function GenericList() {
  const resource = useResourceContext() ?? '';
  const home = listPathOf(resource);
  return home === `/${resource}` ? <LazyList /> : <Navigate to={home} replace />;
}
const GenericShow = lazyComponent(() => import('./GenericShow'));
const GenericEdit = lazyComponent(() => import('./GenericEdit'));
const GenericCreate = lazyComponent(() => import('./GenericCreate'));

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
