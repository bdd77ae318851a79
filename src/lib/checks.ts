/**
 * Domain identifiers and their checks. Pure functions, shared by the declarations (server
 * validation) and the browser.
 */

/** CAS Registry Number: 2-7 digits, 2 digits, 1 check digit; the check digit is the sum of the other
 *  digits weighted 1, 2, 3... from the right, modulo 10 (CAS "Check Digit Verification"). */
export function casCheckDigitError(value: string): string | undefined {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(value);
  if (!m) return 'Enter a CAS number like 7732-18-5.';
  const digits = (m[1] + m[2]).split('').reverse();
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * (i + 1), 0);
  return sum % 10 === Number(m[3]) ? undefined : `CAS check digit should be ${sum % 10}.`;
}

/** STCC: 7 digits; groups 01-47 commodities, 48 hazardous waste, 49 hazardous materials. */
export const STCC_PATTERN = { source: '(0[1-9]|[1-3]\\d|4\\d)\\d{5}', message: 'STCC is 7 digits starting 01-49.' };
/** UN or NA number, e.g. UN1267. */
export const UN_PATTERN = { source: '(UN|NA)\\d{4}', message: 'Enter UN or NA followed by 4 digits, e.g. UN1267.' };
/** Harmonized System code: 6 to 10 digits, dots allowed between pairs after the first four. */
export const HS_PATTERN = { source: '\\d{4}(\\.?\\d{2}){1,3}', message: 'Enter 6 to 10 digits, e.g. 2709.00 or 2709.00.20.' };
/** Standard Carrier Alpha Code: 2-4 letters. */
export const SCAC_PATTERN = { source: '[A-Z]{2,4}', message: 'SCAC is 2 to 4 capital letters.' };
/**
 * Why a list of railroads (SCACs, as a station or a rate names them) is not one, or nothing: each
 * 2 to 4 letters (in either case: it is kept upper-case), each once.
 */
export function scacListError(items: readonly string[]): string | undefined {
  const bad = items.filter((s) => !/^[A-Za-z]{2,4}$/.test(s));
  if (bad.length) return `${bad.map((b) => JSON.stringify(b)).join(', ')}: a railroad is its 2 to 4 letter SCAC, e.g. CN, CPRS or BNSF.`;
  const upper = items.map((s) => s.toUpperCase());
  if (new Set(upper).size < upper.length) return 'Name each railroad once.';
  return undefined;
}
/** Standard Point Location Code: 6 or 9 digits. */
export const SPLC_PATTERN = { source: '\\d{6}(\\d{3})?', message: 'SPLC is 6 or 9 digits.' };
/** Hex colour used to tell products apart on screens. */
export const COLOR_PATTERN = { source: '#[0-9a-fA-F]{6}', message: 'Use a colour like #1f77b4.' };
/** A telephone number as people write it: digits with spaces, dashes, dots or parentheses, a leading +, an extension. */
export const PHONE_PATTERN = {
  source: '\\+?[0-9(][0-9 ().-]{5,28}[0-9]( ?(x|ext\\.?) ?[0-9]{1,6})?',
  message: 'Enter a telephone number, e.g. +1 780-555-0148.',
};
