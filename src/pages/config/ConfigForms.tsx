import { ConfigResourceList } from './ConfigResourceList';

/** `config/list/` (docs/forms.md): the company's forms in the shared table; the form builder opens them later. */
export default function ConfigForms() {
  return <ConfigResourceList resource="form" />;
}
