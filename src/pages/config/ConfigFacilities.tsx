import { ConfigResourceList } from './ConfigResourceList';

export default function ConfigFacilities() {
  return <ConfigResourceList resource="facility" />;
}
