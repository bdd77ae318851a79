import { ConfigResourceList } from './ConfigResourceList';

/** `config/certificateTypes/` (docs/terminal.md, Certificate types): the company's settings per certificate type in the shared table. */
export default function ConfigCertificateTypes() {
  return <ConfigResourceList resource="certificatetype" />;
}
