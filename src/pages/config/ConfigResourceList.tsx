/** A configuration screen that is the generic list of one resource (docs/shell.md, Routes). */
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';

export function ConfigResourceList({ resource }: { resource: string }) {
  return (
    <ResourceContextProvider value={resource}>
      <GenericList />
    </ResourceContextProvider>
  );
}
