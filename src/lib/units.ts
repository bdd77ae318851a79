/**
 * Units as people write them (docs/terminal.md, Printed tickets): measurement unit records carry
 * short ASCII codes (`m3`, `degC`, `USgal`) that are easy to key in; screens, PDFs and export
 * headers write the symbol (`m³`, `°C`, `US gal`). Codes not listed here are already written as
 * people write them (`bbl`, `L`, `kg`, `kPa`) and pass unchanged.
 */

const SYMBOLS: Readonly<Record<string, string>> = {
  m3: 'm³', m2: 'm²', cm3: 'cm³', ft3: 'ft³', e3m3: 'e³m³', km3: 'km³',
  'kg/m3': 'kg/m³', 'g/cm3': 'g/cm³', 'kg/l': 'kg/L', 'mj/m3': 'MJ/m³',
  degc: '°C', degf: '°F', deg_c: '°C', deg_f: '°F',
  usgal: 'US gal', 'us gal': 'US gal', usg: 'US gal', impgal: 'imp gal',
  l: 'L', litre: 'L', liter: 'L', kpa: 'kPa', mpa: 'MPa', psi: 'psi', gj: 'GJ', api: '°API',
  pct: '%', percent: '%',
};

/** `m3` -> `m³`, `degC` -> `°C`, `USgal` -> `US gal`; anything else as given (trimmed). */
export function unitSymbol(code: unknown): string {
  if (code === null || code === undefined) return '';
  const s = String(code).trim();
  return SYMBOLS[s.toLowerCase()] ?? s;
}

/** `12.40` + `°C` -> `12.40 °C`; a percentage sits against its number (`0.400%`). Blank without a number. */
export function withUnit(number: string, unit: unknown): string {
  if (!number) return '';
  const u = unitSymbol(unit);
  if (!u) return number;
  return u === '%' ? `${number}%` : `${number} ${u}`;
}
