/** The browser's check of a car upload (docs/loading.md, Bulk car upload): field rules, the measurements' rule, a car twice. */
import { describe, expect, it } from 'vitest';
import { parseCarCsv } from '../../src/lib/car-csv';
import { carUploadFaults, sayFault, serverFaults } from '../../src/custom/rail/shipment/car-upload-check';

describe('carUploadFaults', () => {
  it('names each fault by line and field', () => {
    const csv = parseCarCsv('Car,Shell capacity,Outage\nTILX 1,30000,600\nTILX 2,30000,40000\nTILX 3,lots,600\nTILX 1,30000,600\n');
    expect(carUploadFaults(csv).map(sayFault)).toEqual([
      'Line 3, Outage: The outage cannot be more than the shell capacity, 30,000.00 US gal.',
      'Line 4, Shell capacity: Only decimals',
      'Line 5, Car number: TILX 1 is on line 2 already.',
    ]);
  });

  it('reads the server\'s refusal the same way', () => {
    expect(serverFaults({ rows: { 7: { car_number: ['TILX 9 is already on open shipment RS-000001.'] } } }).map(sayFault))
      .toEqual(['Line 7, Car number: TILX 9 is already on open shipment RS-000001.']);
  });
});
