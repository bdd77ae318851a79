/** Where the yard screens are (src/routes/table.ts). */
export const yardPath = (id: number | string) => `/contract/yard/${id}/management/`;
export const switchListsPath = (id: number | string) => `/contract/yard/${id}/switchLists/`;
export const RAIL_YARDS_PATH = '/company/facilities-railyards/';
