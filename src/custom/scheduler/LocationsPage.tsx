/** `scheduler/location/` (docs/scheduler.md, Pages): the schedule locations; a row opens its overview. */
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';
import { scheduleLocation } from '../../resources/schedule/location';

export default function LocationsPage() {
  return (
    <ResourceContextProvider value={scheduleLocation.name}>
      <GenericList title="Locations" />
    </ResourceContextProvider>
  );
}
