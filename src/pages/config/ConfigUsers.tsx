import { ConfigResourceList } from './ConfigResourceList';

export default function ConfigUsers() {
  return <ConfigResourceList resource="user" />;
}
