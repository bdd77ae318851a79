/** `scheduler/template/` (docs/scheduler.md, Pages): the slot templates; a row opens its week. */
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';
import { slotTemplate } from '../../resources/schedule/slot-template';

export default function TemplatesPage() {
  return (
    <ResourceContextProvider value={slotTemplate.name}>
      <GenericList title="Templates" />
    </ResourceContextProvider>
  );
}
