/**
 * Today in the company's zone (`yyyy-MM-dd`), by the server's rules for that zone
 * (docs/architecture.md, Time zones): near midnight the browser's own zone data may name another
 * day. Null until the rules have come (or could not be loaded), for screens that read it once.
 */
import { localDateIn } from '../lib/time-zone';
import { useCompanyTimeZone } from './useCompanyTimeZone';
import { useZoneRulesState } from './useZoneRules';

export function useCompanyToday(): string | null {
  const zone = useCompanyTimeZone();
  const { settled } = useZoneRulesState([zone]);
  return settled ? localDateIn(new Date(), zone) : null;
}
