/**
 * The server's rules for the zones a screen shows (docs/architecture.md, Time zones), loaded once
 * per set of zones and registered with src/lib/time-zone.ts, so this browser writes a site's times
 * as the server's PDF and CSV do even where the browser's own zone data differs. Until they arrive
 * (or when they cannot be loaded) the browser's Intl data is used. The answer changes when rules
 * are registered: screens put it among their memo dependencies to write their times again.
 */
import { useQuery } from '@tanstack/react-query';
import { type ZoneRules, isTimeZone, registerZoneRules } from '../lib/time-zone';
import { apiFetch } from '../dataProvider/api-fetch';

export function useZoneRules(zones: readonly unknown[]): string {
  return useZoneRulesState(zones).ready;
}

/**
 * As useZoneRules, and whether the request is over (`settled`: the rules came, or could not be
 * loaded and the browser's own data stands in). A date-time input waits for it before it reads
 * what the user types (src/generic/inputs/ZonedDateTimeInput.tsx), so a time typed in the first
 * moments is read by the same rules as it is shown with.
 */
export function useZoneRulesState(zones: readonly unknown[]): { ready: string; settled: boolean } {
  const key = [...new Set(zones.filter(isTimeZone))].sort().join(',');
  const { data, isPending } = useQuery({
    queryKey: ['time_zones', key],
    queryFn: async () => {
      const rules = await apiFetch<Record<string, ZoneRules>>(`time_zones/?zones=${encodeURIComponent(key)}`);
      for (const r of Object.values(rules)) registerZoneRules(r);
      return key;
    },
    enabled: key !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { ready: data ?? '', settled: key === '' || !isPending };
}
