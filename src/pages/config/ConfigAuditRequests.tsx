import { ConfigResourceList } from './ConfigResourceList';

/** `config/audit/requests/` (docs/audit.md, Screens): the company's API requests, filterable by user, route, status and time. */
export default function ConfigAuditRequests() {
  return <ConfigResourceList resource="audit/request" />;
}
