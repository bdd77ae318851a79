/** A configuration screen that is the generic list of one resource (spec 01 §2 "Config"). */
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';

export function ConfigResourceList({ resource }: { resource: string }) {
  return (
    <ResourceContextProvider value={resource}>
      <GenericList />
    </ResourceContextProvider>
  );
}
