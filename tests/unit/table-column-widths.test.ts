/**
 * Column widths from the declarations (docs/table.md, Column widths): values of a known size keep
 * their width, long text and references give way, and the ticket list fits a 1400 px window.
 */
import { describe, expect, it } from 'vitest';
import { columnWidth, textChars } from '../../src/table/column-widths';
import { fieldLabel } from '../../src/resources/define';
import { ticket } from '../../src/resources/terminal/ticket';
import { location } from '../../src/resources/terminal/location';
import { railShipment } from '../../src/resources/rail/rail-shipment';
import { loadedRailCar } from '../../src/resources/rail/loaded-rail-car';
import { gaugeTable } from '../../src/resources/rail/gauge-table';
import { invitation } from '../../src/resources/partner/invitation';
import { trip } from '../../src/resources/trace/trip';
import { ticketInvoice } from '../../src/resources/terminal/ticket-invoice';
import { invoice } from '../../src/resources/invoice/invoice';
import { BOL_REGISTER_COLUMNS } from '../../src/custom/rail/shipment/bol-register';

/** The grid's width in a 1400 px window beside the open side menu (measured in the browser). */
const GRID_AT_1400 = 1141;
const CHECKBOX = 50;
const ROW_BUTTONS = 96;
const width = (r: typeof ticket | typeof railShipment, name: string) => columnWidth(r, name, fieldLabel(r, name));

describe('column widths', () => {
  it('keeps a code its whole declared length and gives a long text a part of its limit', () => {
    expect(textChars(24)).toBe(24);
    expect(textChars(255)).toBeLessThanOrEqual(36);
    // A UWI (at most 24 characters, about 21 in practice) keeps its width; names and references give way.
    const uwi = width(location, 'uwi');
    expect(uwi.flex).toBeUndefined();
    expect(uwi.width).toBeGreaterThanOrEqual(21 * 7.4);
    for (const name of ['name', 'site']) expect(width(location, name).flex).toBeGreaterThan(0);
  });

  it('keeps a reference labelled by a number the system gives whole, and lets one labelled by a name give way further', () => {
    // A car's shipment, RS-004866 (BOL ...): the number stays readable in a crowded table.
    const shipment = columnWidth(loadedRailCar, 'rail_shipment', 'Shipment');
    expect(shipment.flex).toBeGreaterThan(0);
    expect(shipment.minWidth).toBeGreaterThanOrEqual('RS-004866'.length * 8.5 + 20);
    // A party by its name gives way to its first letters.
    expect(width(ticket, 'shipper').minWidth).toBeLessThan(shipment.minWidth!);
  });

  it('gives dates, numbers and choices the width of their values and their header, and never less', () => {
    const date = width(ticket, 'ticket_date');
    expect(date.flex).toBeUndefined();
    expect(date.minWidth).toBeGreaterThanOrEqual(10 * 7.4);
    const type = width(ticket, 'ticket_type');
    expect(type.width).toBeGreaterThanOrEqual('Waste disposal'.length * 7.4);
  });

  it('fits the ticket list, with check boxes, both row buttons and the Company column of a superuser, in a 1400 px window', () => {
    const columns = ['company', ...ticket.list.columns];
    const least = columns.reduce((sum, c) => sum + (width(ticket, c).minWidth ?? 0), 0);
    expect(least + CHECKBOX + ROW_BUTTONS).toBeLessThanOrEqual(GRID_AT_1400);
    // A ticket number is never cut; a reference gives way to a few characters only when room is short.
    expect(width(ticket, 'code').minWidth).toBeGreaterThanOrEqual(11 * 7.4 + 20);
    expect(width(ticket, 'product').minWidth).toBeGreaterThanOrEqual(72);
  });

  it('fits the gauge tables, the invitations, the trips, the ticket invoices and the rail invoices, with a superuser\'s Company column, the check boxes and the row buttons, in a 1400 px window', () => {
    // A column of a known size keeps its width (MUI does not shrink it); one that gives way goes down to its floor.
    const least = (r: typeof gaugeTable | typeof invitation | typeof trip | typeof ticketInvoice | typeof invoice) => ['company', ...r.list.columns].reduce((sum, c) => {
      const w = columnWidth(r, c, fieldLabel(r, c));
      return sum + (w.flex ? w.minWidth ?? 0 : w.width ?? 0);
    }, 0);
    for (const r of [gaugeTable, invitation, trip, ticketInvoice, invoice]) expect(least(r) + CHECKBOX + ROW_BUTTONS, r.name).toBeLessThanOrEqual(GRID_AT_1400);
  });

  it('fits the BOL register in a 1400 px window with every BOL number whole: a number the system gives gives way last', () => {
    const least = BOL_REGISTER_COLUMNS.reduce((sum, c) => sum + (width(railShipment, c).minWidth ?? 0), 0);
    expect(least + CHECKBOX + ROW_BUTTONS).toBeLessThanOrEqual(GRID_AT_1400);
    // PBT26000042-style numbers, capitals and digits, at the grid's 14 px (wider than the average character).
    for (const given of ['bol_number', 'shipment_number']) expect(width(railShipment, given).minWidth, given).toBeGreaterThanOrEqual(15 * 8.2 + 16);
  });
});

describe('a declared column size', () => {
  it('gives an invoice total the room of its millions', () => {
    expect(columnWidth(invoice, 'total', 'Total').width).toBeGreaterThanOrEqual('12,209,246.89'.length * 7.4);
  });
});
