/**
 * Where a rail station is (docs/trace.md, Stations, rates and commodity codes): its country and the
 * two-letter province or state the railroads write after its name (HARDISTY AB, PORT ARTHUR TX).
 * Canada's and the United States' codes are the postal ones; Mexico's states have no two-letter
 * set the railroads all share, so any two letters are taken there.
 */

export const RAIL_COUNTRIES = [['CA', 'Canada'], ['US', 'United States'], ['MX', 'Mexico']] as const;
export type RailCountry = (typeof RAIL_COUNTRIES)[number][0];

/** Canada Post's province and territory symbols. */
export const CANADIAN_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

/** USPS state codes, and DC. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD',
  'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

const LISTS: Partial<Record<RailCountry, { codes: readonly string[]; word: string }>> = {
  CA: { codes: CANADIAN_PROVINCES, word: 'a Canadian province or territory' },
  US: { codes: US_STATES, word: 'a US state' },
};

/** Why a province or state does not belong to the country, or nothing. */
export function provinceError(country: string, province: string): string | undefined {
  const list = LISTS[country as RailCountry];
  if (!list || list.codes.includes(province)) return undefined;
  const other = Object.entries(LISTS).find(([, l]) => l.codes.includes(province));
  return `${province} is not ${list.word}${other ? `; it is in ${RAIL_COUNTRIES.find(([c]) => c === other[0])![1]} (${other[0]})` : ''}.`;
}

/** The country a Canadian province or US state code names (the two lists share no code); undefined for any other. */
export const countryOfProvince = (province: string): RailCountry | undefined =>
  (CANADIAN_PROVINCES as readonly string[]).includes(province) ? 'CA' : (US_STATES as readonly string[]).includes(province) ? 'US' : undefined;
