/** `company/reports/` (docs/reports.md, Screens): the company's reports in the shared table; a row opens its builder. */
import { ResourceContextProvider } from 'react-admin';
import GenericList from '../../generic/GenericList';
import { report } from '../../resources/reports/report';

export default function ReportsPage() {
  return (
    <ResourceContextProvider value={report.name}>
      <GenericList title="Reports" />
    </ResourceContextProvider>
  );
}
