import { ConfigResourceList } from './ConfigResourceList';

/** `config/railRates/` (docs/trace.md, Rail rates): the company's rail rates in the shared table. */
export default function ConfigRailRates() {
  return <ConfigResourceList resource="railrate" />;
}
