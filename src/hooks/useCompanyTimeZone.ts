/**
 * The company's time zone (its application configuration, in the session profile): the zone of
 * times whose record names none (docs/architecture.md, Time zones). A record that declares its
 * zone, such as a ticket of a site, carries it as `time_zone` and is shown in that instead.
 */
import { zoneOr } from '../lib/time-zone';
import { useProfile } from './useProfile';

export function useCompanyTimeZone(): string {
  const { permissions } = useProfile();
  return zoneOr(permissions?.company?.application_configuration?.company_universal_timezone);
}
