/**
 * A person's or a company's address as documents and screens write it: the street, then city,
 * province and postal code with the country, on one or two lines (a printed invoice and the
 * invoice's page show the same lines).
 */
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function addressLines(row: Record<string, unknown> | null | undefined): string[] {
  if (!row) return [];
  const street = text(row.address);
  const city = [text(row.city), text(row.province), text(row.postal_code)].filter(Boolean).join(' ');
  const place = [city, text(row.country)].filter(Boolean).join(', ');
  return [street, place].filter(Boolean);
}
