/**
 * The zone the times of the record in a form are in (docs/architecture.md, Time zones): the zone at
 * the end of its resource's `timeZone` path, read from the form as the user fills it, else the
 * company's, as the server derives the record's `time_zone`. A ticket being edited is in its
 * site's zone (the record's `time_zone`); when the user picks another site, or a new ticket gets
 * one, the site is read for its zone. A resource without a declaration is in the company's zone.
 */
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { Resource } from '../../resources/define';
import { getResource } from '../../resources/index';
import { TIME_ZONE_FIELD, isTimeZone } from '../../lib/time-zone';
import { useCompanyTimeZone } from '../../hooks/useCompanyTimeZone';

/** The form's zone, and whether it is known yet (false while the record the zone comes from loads). */
export function useFormTimeZone(r: Resource): { zone: string; known: boolean } {
  const company = useCompanyTimeZone();
  const record = useRecordContext();
  const dp = useDataProvider();
  const path = r.timeZone?.path ?? [];
  const first = path[0];
  // The reference (or, for a site, the zone itself) as the form holds it now.
  const current: unknown = useWatch({ name: first ?? TIME_ZONE_FIELD, disabled: !first });
  const stored = record?.[TIME_ZONE_FIELD];
  // Nothing to look up: no declaration, the zone is the form's own field, the reference is empty, or unchanged since loaded.
  const unchanged = !!record && first !== undefined && String(record[first] ?? '') === String(current ?? '') && isTimeZone(stored);
  const lookUp = path.length > 1 && current !== null && current !== undefined && current !== '' && !unchanged;
  const { data, isPending, isPlaceholderData } = useQuery({
    queryKey: ['form_time_zone', r.name, String(current)],
    queryFn: async () => {
      let at = getResource(r.name);
      let id: unknown = current;
      // Each reference of the path is read in turn: a ticket's site; an entry's ticket, then its site.
      for (let i = 0; i < path.length - 1; i++) {
        const f = at.fields[path[i]];
        if (f?.kind !== 'ref') return null;
        at = getResource(f.to);
        const { data: row } = await dp.getOne(at.name, { id: id as string });
        id = (row as Record<string, unknown>)[path[i + 1]];
        if (id === null || id === undefined || id === '') return null;
      }
      return isTimeZone(id) ? id : null;
    },
    enabled: lookUp,
    // The previous zone stands while the next is read, and the input waits (known: false).
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
  if (!r.timeZone) return { zone: company, known: true };
  if (path.length === 1) return { zone: isTimeZone(current) ? current : company, known: true };
  if (unchanged) return { zone: stored as string, known: true };
  if (!lookUp) return { zone: company, known: true };
  return { zone: typeof data === 'string' ? data : company, known: !isPending && !isPlaceholderData };
}
