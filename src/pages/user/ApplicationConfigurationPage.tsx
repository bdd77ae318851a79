/** The company's application configuration (one record per company); also a section of the administration page (config/admin/). */
import { Title } from 'react-admin';
import { CompanySettingsForm } from '../../generic/CompanySettingsForm';
import { applicationConfiguration } from '../../resources/accounts/application-configuration';

export const ApplicationConfigurationForm = () => <CompanySettingsForm resource={applicationConfiguration} />;

export default function ApplicationConfigurationPage() {
  return (
    <>
      <Title title="Application configuration" />
      <ApplicationConfigurationForm />
    </>
  );
}
