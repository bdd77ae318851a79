import { ConfigResourceList } from './ConfigResourceList';

/** `config/audit/changes/` (docs/audit.md, Screens): every recorded change of the company's records, filterable; a row opens the change. */
export default function ConfigAuditChanges() {
  return <ConfigResourceList resource="audit/crud" />;
}
