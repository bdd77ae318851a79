import { describe, expect, it } from 'vitest';
import { accountErrorText, errorToasts, plainMessage } from '../../src/notify/error-toasts';
import { splitSubmitErrors } from '../../src/generic/submit-errors';

const http = (body: unknown, status = 400) => Object.assign(new Error('HTTP'), { status, body });

describe('error toasts (docs/shell.md, Errors)', () => {
  it('an object error gives one toast per key, key: value, non-strings as JSON', () => {
    expect(errorToasts({ detail: 'Not found.', code: 12, items: ['a'] })).toEqual(['detail: Not found.', 'code: 12', 'items: ["a"]']);
    expect(errorToasts(http({ stcc: ['STCC is 7 digits starting 01-49.'] }))).toEqual(['stcc: ["STCC is 7 digits starting 01-49."]']);
  });

  it('otherwise the first list item, else a fallback', () => {
    expect(errorToasts(['first', 'second'])).toEqual(['first']);
    expect(errorToasts([{ a: 1 }])).toEqual(['{"a":1}']);
    expect(errorToasts([], 'Fallback')).toEqual(['Fallback']);
    expect(errorToasts(undefined, 'Fallback')).toEqual(['Fallback']);
    expect(errorToasts({}, 'Fallback')).toEqual(['Fallback']);
    expect(errorToasts(new Error('Boom'))).toEqual(['Boom']);
  });

  it('account failure shows the server detail or the generic text', () => {
    expect(accountErrorText(http({ detail: 'User inactive or deleted.' }, 401), 'Error with account')).toBe('User inactive or deleted.');
    expect(accountErrorText(new Error('network'), 'Error with account')).toBe('Error with account');
  });

  it('plain messages drop keys for form-level alerts', () => {
    expect(plainMessage(http({ non_field_errors: ['Unable to log in.'] }), 'x')).toBe('Unable to log in.');
    expect(plainMessage(http(null), 'fallback')).toBe('HTTP');
  });
});

describe('400 bodies on the form', () => {
  it('puts messages on their fields, joined by new lines, and keeps the rest for a toast', () => {
    const { fields, rest } = splitSubmitErrors({ stcc: ['Bad.', 'Worse.'], non_field_errors: ['Duplicate code.'] }, ['stcc', 'name']);
    expect(fields).toEqual({ stcc: 'Bad.\nWorse.' });
    expect(rest).toEqual({ non_field_errors: 'Duplicate code.' });
  });
  it('prefers the server keys over the data provider errors map', () => {
    const body = { code: ['Taken.'], non_field_errors: ['Bad.'], errors: { code: 'Taken.', 'root.serverError': 'Bad.' } };
    expect(splitSubmitErrors(body, ['code'])).toEqual({ fields: { code: 'Taken.' }, rest: { non_field_errors: 'Bad.' } });
    expect(errorToasts(http(body))).toEqual(['code: ["Taken."]', 'non_field_errors: ["Bad."]']);
    expect(splitSubmitErrors({ errors: { 'root.serverError': 'Bad.' } }, []).rest).toEqual({ non_field_errors: 'Bad.' });
  });
  it('accepts react-admin style nested errors', () => {
    expect(splitSubmitErrors({ errors: { name: 'Required' } }, ['name']).fields).toEqual({ name: 'Required' });
  });
});
