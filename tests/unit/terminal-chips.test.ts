import { describe, expect, it } from 'vitest';
import { chipColor, daysUntil, expiryState } from '../../src/generic/chip-color';
import { gridColumns } from '../../src/table/grid-columns';
import { getResource } from '../../src/resources/index';

describe('status chip colours (docs/shell.md, Status chips)', () => {
  it('settled-good states are green', () => {
    for (const s of ['active', 'completed', 'valid', 'attached', 'Active']) expect(chipColor(s)).toBe('success');
  });
  it('ended or blocked states are red', () => {
    for (const s of ['inactive', 'void', 'expired', 'locked']) expect(chipColor(s)).toBe('error');
  });
  it('anything else, or nothing, is the warning colour', () => {
    for (const s of ['pending', 'draft', 'in_progress', 'expiring', 'unattached', '', null, undefined, 3]) expect(chipColor(s)).toBe('warning');
  });
  it('columns of `chip: true` fields render chips; other columns do not', () => {
    const r = getResource('terminalboss/v3/ticket');
    const cols = gridColumns(r, ['status', 'ticket_type'], {});
    expect(cols[0].renderCell).toBeTypeOf('function');
    expect(cols[1].renderCell).toBeUndefined();
  });
});

describe('certificate expiry', () => {
  const today = new Date(2026, 5, 15); // 15 June 2026, local time
  it('counts days to the expiry date', () => {
    expect(daysUntil('2026-06-15', today)).toBe(0);
    expect(daysUntil('2026-06-14', today)).toBe(-1);
    expect(daysUntil('2026-07-15', today)).toBe(30);
    expect(daysUntil(null, today)).toBeNull();
  });
  it('before today is expired (red); within 30 days a warning; later valid (green)', () => {
    expect(expiryState('2026-06-14', today)).toEqual({ status: 'expired', label: 'Expired' });
    expect(chipColor(expiryState('2026-06-14', today)!.status)).toBe('error');
    expect(expiryState('2026-06-15', today)?.status).toBe('expiring');
    expect(expiryState('2026-07-15', today)).toEqual({ status: 'expiring', label: 'Expires in 30 days' });
    expect(chipColor('expiring')).toBe('warning');
    expect(expiryState('2026-07-16', today)?.status).toBe('valid');
    expect(expiryState(undefined, today)).toBeNull();
  });
});
