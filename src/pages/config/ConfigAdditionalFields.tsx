import { ConfigResourceList } from './ConfigResourceList';

/** `config/additionalFields/` (docs/audit.md, Additional fields): the fields the company adds to its resources, in the shared table. */
export default function ConfigAdditionalFields() {
  return <ConfigResourceList resource="additional_fields" />;
}
