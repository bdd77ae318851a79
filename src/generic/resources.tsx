/**
 * One react-admin <Resource> per declared resource, with generic list/show/create/edit pages that
 * load lazily (they pull in the data grid and the form inputs, which the shell does not need).
 */
import { Resource } from 'react-admin';
import { resources } from '../resources/index';
import { lazyComponent } from '../routes/LazyPage';

const GenericList = lazyComponent(() => import('./GenericList'));
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
