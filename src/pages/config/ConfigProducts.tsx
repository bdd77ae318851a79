import { ConfigResourceList } from './ConfigResourceList';

export default function ConfigProducts() {
  return <ConfigResourceList resource="product" />;
}
