/**
 * List cells write times in the row's zone and decimals with their declared places, as the record,
 * the PDF and the CSV do (docs/architecture.md, Time zones).
 */
import { describe, expect, it } from 'vitest';
import { cellText, displayValue, gridColumns, withRowZone } from '../../src/table/grid-columns';
import { ticket } from '../../src/resources/terminal/ticket';
import { product } from '../../src/resources/logistics/product';

describe('list cells in the site\'s time', () => {
  it('writes a ticket\'s start in its own zone, falling back to the company\'s', () => {
    const [start, temperature] = gridColumns(ticket, ['start_time', 'temperature'], {}, 'America/Toronto');
    const format = (col: typeof start, value: unknown, row: Record<string, unknown>) =>
      (col.valueFormatter as (v: unknown, r: unknown) => string)(value, { id: 1, ...row });
    expect(format(start, '2026-11-23T05:30:00Z', { time_zone: 'America/Edmonton' })).toBe('2026-11-22 22:30 MST');
    expect(format(start, '2026-07-01T06:30:00Z', { time_zone: 'America/Dawson_Creek' })).toBe('2026-06-30 23:30 MST');
    expect(format(start, '2026-11-23T05:30:00Z', {})).toBe('2026-11-23 00:30 EST');
    expect(temperature.headerName).toBe('Observed temperature (°C)');
    expect(format(temperature, '-11.9', {})).toBe('-11.90');
  });

  it('writes decimals with their declared places, exactly', () => {
    const f = ticket.fields.correction_factor;
    expect(displayValue(f, '0.997')).toBe('0.99700');
    expect(displayValue(ticket.fields.net_volume, '1204331.2')).toBe('1,204,331.200');
    expect(cellText('updated_at', undefined, '2026-03-08T09:00:00Z', undefined, 'America/Edmonton')).toBe('2026-03-08 03:00 MDT');
  });

  it('asks for the rows\' zone only where a time is shown and the resource declares one', () => {
    expect(withRowZone(ticket, ['code', 'start_time'])).toEqual(['code', 'start_time', 'time_zone']);
    expect(withRowZone(ticket, ['code', 'ticket_date'])).toEqual(['code', 'ticket_date']);
    expect(withRowZone(ticket, ['code', 'updated_at'])).toEqual(['code', 'updated_at', 'time_zone']);
    expect(withRowZone(product, ['name', 'updated_at'])).toEqual(['name', 'updated_at']);
  });
});
