/**
 * Car history (`company/trace/history/cars/`): the company's car location messages, newest first.
 * The car column shows `MARK NUMBER`; checked rows go to the fleet table with "View in fleet"
 * (Table settings), which the shared table offers for any resource with a `car` field.
 */
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';
import { carEvent } from '../../resources/fleet/car-event';

export default function CarHistoryPage() {
  return (
    <ResourceContextProvider value={carEvent.name}>
      <GenericList title="Car history" />
    </ResourceContextProvider>
  );
}
