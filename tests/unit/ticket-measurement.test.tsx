// @vitest-environment jsdom
/**
 * One rule for quantities (docs/architecture.md, Time zones and quantities): the ticket page's
 * measurement tab writes each quantity with its field's declared places and unit, as the list, the
 * record page and the printed ticket do, whatever decimals the company once chose for its screens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CoreAdminContext, type DataProvider } from 'react-admin';
import { MeasurementBlock } from '../../src/custom/terminal/ticket/MeasurementBlock';
import { ticket } from '../../src/resources/terminal/ticket';
import { displayValue } from '../../src/table/grid-columns';
import { measure } from '../../server/print/format';

afterEach(cleanup);

const row = {
  id: 't1', volume_unit: 'u1', _labels: { volume_unit: 'm3' },
  gross_volume: '38.4125', net_volume: '37.986', water_volume: '0.15', bsw_percent: '0.4', temperature: '12.4', pressure: '101.3',
  observed_density: '842.1', density_15c: '839.7', correction_factor: '0.997', gross_weight: '45210', tare_weight: '13080.04', net_weight: '32129.96',
};
const QUANTITIES = Object.keys(row).filter((n) => ticket.fields[n]?.kind === 'decimal');

const shown = () => {
  render(<CoreAdminContext dataProvider={{} as DataProvider}><MeasurementBlock ticket={row} /></CoreAdminContext>);
  return (name: string) => screen.getByTestId(`measure-${name}`).lastChild?.textContent;
};

describe('the ticket page\'s measurement tab', () => {
  it('writes every quantity as the printed ticket does: declared places, units, volumes in the ticket\'s unit', () => {
    const text = shown();
    expect(QUANTITIES).toHaveLength(12);
    for (const name of QUANTITIES) {
      const f = ticket.fields[name];
      expect(text(name), name).toBe(measure(ticket, row, name, f.kind === 'decimal' && f.unitField ? 'm3' : undefined));
    }
    expect(text('gross_volume')).toBe('38.413 m³');
    expect(text('water_volume')).toBe('0.150 m³');
    expect(text('bsw_percent')).toBe('0.400%');
    expect(text('temperature')).toBe('12.40 °C');
    expect(text('correction_factor')).toBe('0.99700');
    expect(text('net_weight')).toBe('32,130.0 kg');
  });

  it('shows the list\'s number beside its unit', () => {
    const text = shown();
    for (const name of QUANTITIES) expect(text(name)?.startsWith(displayValue(ticket.fields[name], row[name as keyof typeof row])), name).toBe(true);
  });
});
