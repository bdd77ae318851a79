import { describe, expect, it } from 'vitest';
import { cookieString, readCookie, updateNeeded } from '../../src/notify/version-check';
import { createDefaults, formSections, rulesFor } from '../../src/generic/field-rules';
import { product } from '../../src/resources/logistics/product';
import { user } from '../../src/resources/accounts/user';
import { facility } from '../../src/resources/logistics/facility';

describe('version-update flag (docs/shell.md, Version check)', () => {
  it('is set when a stored version differs from the current one', () => {
    expect(updateNeeded({ storedBackend: '1.0', currentBackend: '1.0', storedFrontend: '0.1.0', currentFrontend: '0.1.0' })).toBe(false);
    expect(updateNeeded({ storedBackend: '1.0', currentBackend: '1.1', storedFrontend: '0.1.0', currentFrontend: '0.1.0' })).toBe(true);
    expect(updateNeeded({ storedBackend: '1.0', currentBackend: '1.0', storedFrontend: '0.2.0', currentFrontend: '0.1.0' })).toBe(true);
    // Nothing stored yet, or the backend unreachable: no verdict.
    expect(updateNeeded({ storedBackend: null, currentBackend: '1.1', storedFrontend: null, currentFrontend: '0.1.0' })).toBe(false);
    expect(updateNeeded({ storedBackend: '1.0', currentBackend: null, currentFrontend: '0.1.0' })).toBe(false);
  });
  it('reads and writes cookies', () => {
    expect(readCookie('a=1; backend_version=2.0%2Bx; b=3', 'backend_version')).toBe('2.0+x');
    expect(readCookie('a=1', 'backend_version')).toBeNull();
    expect(cookieString('frontend_version', '0.1.0')).toMatch(/^frontend_version=0\.1\.0; path=\/;/);
  });
});

describe('generic form rules from the declarations', () => {
  it('validators carry the documented messages and the declared patterns', () => {
    const stcc = rulesFor('stcc', product.fields.stcc, 'edit');
    expect(stcc.map((r) => r('abc')).filter(Boolean)).toEqual(['STCC is 7 digits starting 01-49.']);
    expect(rulesFor('name', product.fields.name, 'create').map((r) => r('')).filter(Boolean)).toEqual(['Required']);
    expect(rulesFor('density', product.fields.density, 'edit').map((r) => r('1.2.3')).filter(Boolean)).toEqual(['Only decimals']);
    expect(rulesFor('longitude', facility.fields.longitude, 'edit').map((r) => r('-113.2')).filter(Boolean)).toEqual([]);
    expect(rulesFor('email', user.fields.email, 'edit').map((r) => r('nope')).filter(Boolean)).toEqual(['Enter a valid email address.']);
    expect(rulesFor('cas', product.fields.cas, 'edit').map((r) => r('7732-18-4')).filter(Boolean)).toEqual(['CAS check digit should be 5.']);
  });
  it('defaults come from the declaration; read-only and tenant fields stay out of the form', () => {
    expect(createDefaults(product)).toMatchObject({ color: '#1f77b4', enabled: true });
    const fields = formSections(user).flatMap((s) => s.fields);
    expect(fields).not.toContain('is_superuser');
    expect(fields).not.toContain('company');
    expect(fields).toContain('password');
  });
});
