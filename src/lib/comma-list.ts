/**
 * Array values travel comma-joined in query strings (`field=a,b`). A comma or backslash inside a
 * value is escaped with a backslash so that every value round-trips: `a\,b` is one value "a,b".
 */

export function joinCommaList(values: readonly unknown[]): string {
  return values.map((v) => String(v).replace(/\\/g, '\\\\').replace(/,/g, '\\,')).join(',');
}

export function splitCommaList(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && i + 1 < s.length) cur += s[++i];
    else if (ch === ',') { out.push(cur); cur = ''; }
    else cur += ch;
  }
  out.push(cur);
  return out;
}
