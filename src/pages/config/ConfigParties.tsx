import { ConfigResourceList } from './ConfigResourceList';

export default function ConfigParties() {
  return <ConfigResourceList resource="party" />;
}
