/**
 * The demo fleet (docs/fleet.md "Demo fleet"): stations with their coordinates, the lanes the cars
 * run, and the cars by reporting mark. Marks and lanes are real-world shaped; lessor names of the
 * private marks without a well-known owner are invented.
 */

/** [name, province/state, latitude, longitude] */
export const STATIONS = {
  FSK: ['Fort Saskatchewan', 'AB', 53.7129, -113.2133], SCO: ['Scotford', 'AB', 53.7741, -113.1162],
  EDM: ['Edmonton', 'AB', 53.5973, -113.3929], HRD: ['Hardisty', 'AB', 52.6752, -111.3039],
  WIL: ['Wilkie', 'SK', 52.4167, -108.7000], BIG: ['Biggar', 'SK', 52.0598, -107.9800], SAS: ['Saskatoon', 'SK', 52.1332, -106.6700],
  MEL: ['Melville', 'SK', 50.9306, -102.8077], REG: ['Regina', 'SK', 50.4452, -104.6189], MJW: ['Moose Jaw', 'SK', 50.3934, -105.5519],
  EST: ['Estevan', 'SK', 49.1392, -102.9861], WPG: ['Winnipeg', 'MB', 49.8951, -97.1384], BRN: ['Brandon', 'MB', 49.8485, -99.9501],
  EMR: ['Emerson', 'MB', 49.0083, -97.2108], SXL: ['Sioux Lookout', 'ON', 50.0976, -91.9208], KEN: ['Kenora', 'ON', 49.7670, -94.4894],
  TBY: ['Thunder Bay', 'ON', 48.3809, -89.2477], HOR: ['Hornepayne', 'ON', 49.2127, -84.7757], CAP: ['Capreol', 'ON', 46.7066, -80.9259],
  SUD: ['Sudbury', 'ON', 46.4917, -80.9930], VGN: ['Vaughan', 'ON', 43.8361, -79.5083], SAR: ['Sarnia', 'ON', 42.9745, -82.4066],
  HAM: ['Hamilton', 'ON', 43.2557, -79.8711], POR: ['Portal', 'ND', 48.9956, -102.5491], FAR: ['Fargo', 'ND', 46.8772, -96.7898],
  STP: ['St. Paul', 'MN', 44.9537, -93.0900], KCY: ['Kansas City', 'MO', 39.0997, -94.5786], SHV: ['Shreveport', 'LA', 32.5252, -93.7502],
  FTW: ['Fort Worth', 'TX', 32.7555, -97.3308], HOU: ['Houston', 'TX', 29.7604, -95.3698], BMT: ['Beaumont', 'TX', 30.0802, -94.1266],
  PAR: ['Port Arthur', 'TX', 29.8850, -93.9399], MTB: ['Mont Belvieu', 'TX', 29.8477, -94.8910],
} as const satisfies Record<string, readonly [string, string, number, number]>;

export type StationKey = keyof typeof STATIONS;

/** A station's name as railroads write it and the station list keeps it, `PORT ARTHUR` (the demo's generated messages keep the names above). */
export const stationName = (key: StationKey) => STATIONS[key][0].toUpperCase();

/**
 * Each station's clocks (docs/trace.md, Stations): Saskatchewan keeps Central Standard Time all
 * year; Ontario from Kenora and Sioux Lookout west keeps Central time, Thunder Bay and east Eastern;
 * North Dakota's north-west (Portal) is Central.
 */
export const STATION_ZONES: Record<StationKey, string> = {
  FSK: 'America/Edmonton', SCO: 'America/Edmonton', EDM: 'America/Edmonton', HRD: 'America/Edmonton',
  WIL: 'America/Regina', BIG: 'America/Regina', SAS: 'America/Regina', MEL: 'America/Regina', REG: 'America/Regina', MJW: 'America/Regina', EST: 'America/Regina',
  WPG: 'America/Winnipeg', BRN: 'America/Winnipeg', EMR: 'America/Winnipeg', SXL: 'America/Winnipeg', KEN: 'America/Winnipeg',
  TBY: 'America/Toronto', HOR: 'America/Toronto', CAP: 'America/Toronto', SUD: 'America/Toronto', VGN: 'America/Toronto', SAR: 'America/Toronto', HAM: 'America/Toronto',
  POR: 'America/Chicago', FAR: 'America/Chicago', STP: 'America/Chicago', KCY: 'America/Chicago', SHV: 'America/Chicago',
  FTW: 'America/Chicago', HOU: 'America/Chicago', BMT: 'America/Chicago', PAR: 'America/Chicago', MTB: 'America/Chicago',
};

/** A lane from origin to destination, as legs on one railroad each; a leg ends where the next begins (the interchange). */
export interface Lane { legs: readonly { railroad: string; stations: readonly StationKey[] }[] }

const CN_EAST: StationKey[] = ['EDM', 'SAS', 'MEL', 'WPG', 'SXL', 'HOR', 'CAP'];

export const LANES = {
  crude: { legs: [{ railroad: 'CPRS', stations: ['HRD', 'WIL', 'MJW', 'EST', 'POR', 'STP', 'KCY', 'SHV', 'BMT', 'PAR'] }] },
  lpgEast: { legs: [{ railroad: 'CN', stations: ['FSK', 'EDM', 'BIG', 'SAS', 'MEL', 'WPG', 'SXL', 'HOR', 'CAP', 'VGN', 'SAR'] }] },
  lpgGulf: { legs: [{ railroad: 'CN', stations: ['FSK', 'EDM', 'SAS', 'MEL', 'WPG', 'EMR'] }, { railroad: 'BNSF', stations: ['EMR', 'FAR', 'KCY', 'FTW', 'HOU', 'MTB'] }] },
  acid: { legs: [{ railroad: 'CN', stations: ['FSK', ...CN_EAST, 'SUD'] }] },
  fuel: { legs: [{ railroad: 'CN', stations: ['SCO', ...CN_EAST, 'VGN', 'HAM'] }] },
  grainCn: { legs: [{ railroad: 'CN', stations: ['SAS', 'MEL', 'WPG', 'SXL', 'TBY'] }] },
  grainCp: { legs: [{ railroad: 'CPRS', stations: ['REG', 'BRN', 'WPG', 'KEN', 'TBY'] }] },
  sulphur: { legs: [{ railroad: 'CN', stations: ['SCO', 'EDM', 'SAS', 'MEL', 'WPG', 'SXL', 'TBY'] }] },
  general: { legs: [{ railroad: 'CN', stations: [...CN_EAST, 'VGN'] }] },
} as const satisfies Record<string, Lane>;

/** What a kind of car holds and weighs: shell capacity (L), tare (kg), gross rail load (lb). */
export const CAR_KINDS = {
  crude: { type: 'T', litres: 113_560, tare: 36_300, grl: 286_000 },
  lpg: { type: 'T', litres: 126_810, tare: 40_800, grl: 286_000 },
  acid: { type: 'T', litres: 51_860, tare: 28_600, grl: 263_000 },
  fuel: { type: 'T', litres: 107_130, tare: 35_400, grl: 286_000 },
  hopper: { type: 'C', litres: 148_660, tare: 29_200, grl: 286_000 },
  open: { type: 'H', litres: 113_270, tare: 27_100, grl: 286_000 },
  gondola: { type: 'G', litres: 90_610, tare: 30_400, grl: 286_000 },
  box: { type: 'B', litres: 178_400, tare: 36_700, grl: 286_000 },
  centerbeam: { type: 'F', litres: null, tare: 33_100, grl: 286_000 },
} as const;

export const LESSORS: Record<string, string> = {
  TILX: 'Trinity Industries Leasing', GATX: 'GATX Rail Canada', UTLX: 'Union Tank Car Company', PROX: 'Procor Limited',
  ACFX: 'ACF Industries', NATX: 'Northern Railcar Leasing', CTCX: 'Northern Railcar Leasing',
  CN: 'Canadian National Railway', CP: 'CPKC', SOO: 'CPKC', BNSF: 'BNSF Railway',
};

/** Railroad-owned cars (marks without X) are assigned to the shipper for a season: fleet status T. */
export const RAILROAD_MARKS = new Set(['CN', 'CP', 'SOO', 'BNSF']);

/** [mark, first number, count, kind, lane]: 60 cars, mostly tank cars and covered hoppers. */
export const FLEET: readonly [string, number, number, keyof typeof CAR_KINDS, keyof typeof LANES][] = [
  ['TILX', 300_112, 8, 'crude', 'crude'], ['TILX', 190_040, 4, 'hopper', 'grainCn'],
  ['GATX', 205_310, 6, 'lpg', 'lpgEast'], ['GATX', 95_020, 2, 'acid', 'acid'],
  ['UTLX', 640_200, 5, 'lpg', 'lpgGulf'], ['UTLX', 961_005, 3, 'fuel', 'fuel'],
  ['PROX', 44_100, 4, 'fuel', 'fuel'], ['PROX', 35_520, 4, 'hopper', 'grainCp'],
  ['NATX', 302_040, 3, 'lpg', 'lpgGulf'], ['CTCX', 731_100, 3, 'acid', 'acid'],
  ['ACFX', 73_400, 2, 'crude', 'crude'], ['ACFX', 58_210, 2, 'hopper', 'grainCn'],
  ['CTCX', 520_030, 2, 'open', 'sulphur'], ['NATX', 810_020, 2, 'gondola', 'sulphur'],
  ['CN', 110_300, 3, 'hopper', 'grainCn'], ['CP', 383_020, 2, 'hopper', 'grainCp'], ['SOO', 117_400, 2, 'hopper', 'grainCp'],
  ['BNSF', 403_100, 1, 'hopper', 'grainCn'], ['CN', 412_050, 1, 'box', 'general'], ['CN', 625_010, 1, 'centerbeam', 'general'],
];
