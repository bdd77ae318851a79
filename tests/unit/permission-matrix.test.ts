/** The roles matrix is laid out from the declarations: every permission the product knows, once, where its users look for it. */
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/resources/index';
import { permissionCatalogue } from '../../src/resources/access-codes';
import { allCells, filterMatrix, permissionMatrix } from '../../src/custom/config/roles/permission-matrix';

const rows = permissionCatalogue(resources).map((p, i) => ({ ...p, id: i + 1 }));
const m = permissionMatrix(resources, rows);
const all = allCells(m);

describe('permission matrix', () => {
  it('shows every permission exactly once', () => {
    expect(all.map((c) => c.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
  });

  it('gives each model its four rights in its area, and an action its codename beside them', () => {
    const terminal = m.areas.find((a) => a.label === 'Terminal')!;
    const tickets = terminal.rows.find((r) => r.contentType === 'terminalboss.ticket')!;
    expect(Object.keys(tickets.verbs).sort()).toEqual(['add', 'change', 'delete', 'view']);
    expect(tickets.abilities.map((c) => c.codename)).toContain('can_change_ticket_status');
    expect(m.areas.map((a) => a.label)).toEqual([...m.areas.map((a) => a.label)].sort((a, b) => a.localeCompare(b)));
  });

  it('offers only the view right of rows nobody writes through the API (the audit trail)', () => {
    const audit = m.areas.find((a) => a.label === 'Audit')!;
    for (const row of audit.rows) expect(Object.keys(row.verbs)).toEqual(['view']);
  });

  it('lists menu entries and configuration pages by their plain names', () => {
    expect(m.menus.find((c) => c.codename === 'access_menu__reports')?.label).toBe('Reports');
    expect(m.configuration.find((c) => c.codename === 'configuration__user_administration')?.label).toBe('User administration');
    expect(m.other.map((c) => c.codename)).toContain('add_storedfile');
  });

  it('filters rows by label, model or codename', () => {
    const f = filterMatrix(m, 'mass_balance');
    expect(f.menus.map((c) => c.codename)).toEqual(['access_menu__gip_mass_balance']);
    expect(filterMatrix(m, 'Tickets').areas.flatMap((a) => a.rows).some((r) => r.contentType === 'terminalboss.ticket')).toBe(true);
    expect(filterMatrix(m, '  ')).toBe(m);
  });
});
