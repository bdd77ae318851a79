import { describe, expect, it } from 'vitest';
import { type AccessProfile, SPECIAL_COMPANY_NAME, canView, canWriteField, hasCodename, hasFeature, hasPermissions, hasRole, isPlatformStaff, isSpecialCompanyUser } from '../../src/authProvider/permissions';
import { text } from '../../src/resources/fields';

const profile = (o: Partial<AccessProfile> = {}): AccessProfile => ({
  is_superuser: false,
  groups: [{ name: 'Operator' }],
  roles: ['Driver'],
  user_access: [
    { app: 'logistics', models: [{ model: 'product', codenames: ['view_product', 'CHANGE_PRODUCT'] }] },
    { app: 'accounts', models: [{ model: 'menu', codenames: ['access_menu__fleet'] }] },
  ],
  company: { id: 1, name: 'PBT', features: [{ name: 'rail', subscribed: true }, { name: 'customs', subscribed: false }] },
  ...o,
});

describe('permission rules (docs/shell.md, Permissions)', () => {
  it('every required codename of every required model must be held, case-insensitive', () => {
    expect(hasPermissions(profile(), { 'logistics.product': ['view_product'] })).toBe(true);
    expect(hasPermissions(profile(), { 'logistics.product': ['VIEW_PRODUCT', 'change_product'] })).toBe(true);
    expect(hasPermissions(profile(), { 'Logistics.Product': ['view_product'] })).toBe(true);
    expect(hasPermissions(profile(), { 'logistics.product': ['view_product', 'delete_product'] })).toBe(false);
    expect(hasPermissions(profile(), { 'logistics.product': ['view_product'], 'logistics.party': ['view_party'] })).toBe(false);
    expect(hasPermissions(profile(), { 'logistics.party': [] })).toBe(true);
    expect(hasPermissions(profile(), undefined)).toBe(true);
    expect(hasPermissions(null, {})).toBe(false);
  });

  it('a codename held on another model does not count', () => {
    expect(hasPermissions(profile(), { 'logistics.facility': ['view_product'] })).toBe(false);
    expect(hasCodename(profile(), 'ACCESS_MENU__FLEET')).toBe(true);
    expect(hasCodename(profile(), 'access_menu__reports')).toBe(false);
  });

  it('superusers pass every permission, role and feature check', () => {
    const su = profile({ is_superuser: true, groups: [], roles: [], user_access: [], company: null });
    expect(hasPermissions(su, { 'x.y': ['anything'] })).toBe(true);
    expect(hasCodename(su, 'whatever')).toBe(true);
    expect(hasRole(su, 'Site Administration')).toBe(true);
    expect(hasFeature(su, 'customs')).toBe(true);
  });

  it('roles by group membership or by the role list', () => {
    expect(hasRole(profile(), 'Operator')).toBe(true);
    expect(hasRole(profile(), 'Driver')).toBe(true);
    expect(hasRole(profile(), 'Carrier/Dispatch')).toBe(false);
    expect(hasRole(null, 'Driver')).toBe(false);
  });

  it('a feature needs an entry that is subscribed', () => {
    expect(hasFeature(profile(), 'rail')).toBe(true);
    expect(hasFeature(profile(), 'customs')).toBe(false);
    expect(hasFeature(profile(), 'scheduler')).toBe(false);
  });

  it('a resource of a feature is viewable only with the subscription, as the server decides', () => {
    const fleetCar = { perms: { app: 'fleet', model: 'car' }, feature: 'rail' };
    const customsForm = { perms: { app: 'fleet', model: 'car' }, feature: 'customs' };
    const p = profile({ user_access: [{ app: 'fleet', models: [{ model: 'car', codenames: ['view_car'] }] }] });
    expect(canView(p, fleetCar)).toBe(true);
    expect(canView(p, customsForm)).toBe(false);
    expect(canView(profile({ ...p, company: { id: 1, name: 'PBT', features: [] } }), fleetCar)).toBe(false);
  });

  it('staff-only fields are written by superusers and the platform operator\'s users only', () => {
    const name = text({ staffOnly: true });
    expect(canWriteField(profile(), name)).toBe(false);
    expect(canWriteField(profile({ is_superuser: true }), name)).toBe(true);
    expect(canWriteField(profile({ company: { id: 9, name: SPECIAL_COMPANY_NAME } }), name)).toBe(true);
    expect(isPlatformStaff(profile())).toBe(false);
    expect(canWriteField(profile(), text())).toBe(true);
    expect(canWriteField(profile({ is_superuser: true }), text({ readOnly: true }))).toBe(false);
  });

  it('the special company is recognised by name', () => {
    expect(isSpecialCompanyUser(profile())).toBe(false);
    expect(isSpecialCompanyUser(profile({ company: { id: 9, name: SPECIAL_COMPANY_NAME } }))).toBe(true);
  });
});
