/**
 * A date and time typed in the record's own zone (docs/shell.md, Forms; docs/architecture.md, Time
 * zones): a ticket's start at Fort Saskatchewan is typed as the site's wall clock, whatever zone the
 * browser is in, with the zone's abbreviation beside it (`MST`), and stored as the UTC instant. A
 * record without a zone of its own is in the company's, as its times are shown. The conversion is
 * the server's rules' (src/lib/time-zone.ts), so what is typed is what the list, the PDF and the CSV
 * then write; until those rules are in, the input waits rather than read the time by other rules.
 *
 * When the zone changes under a time the user typed (the site is picked after the start), the
 * typed wall clock stays and is read in the new zone; a stored time the user did not touch keeps
 * its instant.
 */
import { useEffect, useRef } from 'react';
import { InputAdornment } from '@mui/material';
import { DateTimeInput, type DateTimeInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Resource } from '../../resources/define';
import { instantOfWallTime, wallTimeIn, zoneAbbreviation } from '../../lib/time-zone';
import { useZoneRulesState } from '../../hooks/useZoneRules';
import { useFormTimeZone } from './useFormTimeZone';

type Props = Omit<DateTimeInputProps, 'format' | 'parse' | 'resource'> & { declaration: Resource; source: string };

export function ZonedDateTimeInput({ declaration, source, ...props }: Props) {
  const { zone, known } = useFormTimeZone(declaration);
  const { settled } = useZoneRulesState([zone]);
  const ready = known && settled;
  const { getValues, getFieldState, setValue } = useFormContext();

  // The zone the value was last read in: a typed time follows the wall clock into a new zone.
  const readIn = useRef<string | null>(null);
  useEffect(() => {
    if (!ready) return;
    const before = readIn.current;
    readIn.current = zone;
    if (before === null || before === zone) return;
    const value: unknown = getValues(source);
    if (!value || !getFieldState(source).isDirty) return;
    const moved = instantOfWallTime(wallTimeIn(value, before), zone);
    if (moved && moved !== value) setValue(source, moved, { shouldDirty: true });
  }, [ready, zone, source, getValues, getFieldState, setValue]);

  const value: unknown = useWatch({ name: source });
  return (
    <DateTimeInput
      {...props}
      source={source}
      format={(v: unknown) => wallTimeIn(v, zone)}
      parse={(v: string) => (v ? instantOfWallTime(v, zone) : null)}
      slotProps={{
        // Read-only (not disabled: the form would then leave the value out) until the zone and its rules are known.
        htmlInput: { readOnly: !ready, 'data-zone': ready ? zone : undefined },
        input: {
          endAdornment: (
            <InputAdornment position="end" title={zone} data-testid={`zone-${source}`}>
              {zoneAbbreviation(zone, value || undefined)}
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
