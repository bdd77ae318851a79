/**
 * Master data of the demo terminal (docs/terminal.md "Demo terminal"): two sites (Fort
 * Saskatchewan AB, Taylor BC), units, company types, 25 companies, 30 products with their
 * dangerous-goods data, and the certifications the sites track. Names of companies are invented.
 */

export const SITES = [
  { key: 'FSK', name: 'Fort Saskatchewan Terminal', username: 'fsk-terminal', timezone: 'America/Edmonton', address: '11020 Petroleum Way, Fort Saskatchewan AB T8L 3T1', lat: 53.7129, lon: -113.2133 },
  { key: 'TAY', name: 'Taylor Terminal', username: 'tay-terminal', timezone: 'America/Dawson_Creek', address: '10305 Industrial Road, Taylor BC V0C 2K0', lat: 56.1550, lon: -120.6870 },
] as const;

/** [name, code, unit_type, to_base_factor]: base units m³, kg, kPa, °C, kg/m³, GJ. */
export const UNITS = [
  ['Cubic metre', 'm3', 'volume', '1'],
  ['Barrel (42 US gal)', 'bbl', 'volume', '0.158987294928'],
  ['Litre', 'L', 'volume', '0.001'],
  ['US gallon', 'USgal', 'volume', '0.003785411784'],
  ['Kilogram', 'kg', 'mass', '1'],
  ['Tonne', 't', 'mass', '1000'],
  ['Pound', 'lb', 'mass', '0.45359237'],
  ['Kilopascal', 'kPa', 'pressure', '1'],
  ['Degree Celsius', 'degC', 'temperature', '1'],
  ['Kilogram per cubic metre', 'kg/m3', 'density', '1'],
  ['Gigajoule', 'GJ', 'energy', '1'],
] as const;

export const COMPANY_TYPES = [
  ['STK', 'Stockholder', 'Owns product stored at the terminal.'],
  ['CUS', 'Customer', 'Buys product delivered from the terminal.'],
  ['PRD', 'Producer', 'Produces the oil, condensate or water trucked in.'],
  ['CAR', 'Carrier', 'Hauls product to and from the terminal.'],
] as const;

export interface DemoCompany { code: string; name: string; types: string[]; city: string; province: string; postal: string; status?: 'pending' | 'locked' | 'inactive' }

export const TERMINAL_COMPANIES: DemoCompany[] = [
  { code: 'PBT', name: 'Prairie Bulk Terminals Ltd.', types: ['STK'], city: 'Fort Saskatchewan', province: 'AB', postal: 'T8L 3T1' },
  { code: 'ARE', name: 'Athabasca Ridge Energy Ltd.', types: ['STK', 'PRD'], city: 'Calgary', province: 'AB', postal: 'T2P 3N4' },
  { code: 'NRP', name: 'Northern Refining Partners Inc.', types: ['STK', 'CUS'], city: 'Calgary', province: 'AB', postal: 'T2P 4H2' },
  { code: 'PRM', name: 'Peace River Midstream Inc.', types: ['STK'], city: 'Fort St. John', province: 'BC', postal: 'V1J 4M7' },
  { code: 'PVR', name: 'Pembina Valley Resources Ltd.', types: ['PRD'], city: 'Drayton Valley', province: 'AB', postal: 'T7A 1R1' },
  { code: 'SHO', name: 'Swan Hills Oil Corp.', types: ['PRD'], city: 'Swan Hills', province: 'AB', postal: 'T0G 2C0' },
  { code: 'MCE', name: 'Montney Crest Energy Inc.', types: ['PRD'], city: 'Dawson Creek', province: 'BC', postal: 'V1G 4E8' },
  { code: 'RWP', name: 'Redwater Petroleum Ltd.', types: ['PRD'], city: 'Redwater', province: 'AB', postal: 'T0A 2W0' },
  { code: 'DBX', name: 'Deep Basin Exploration Ltd.', types: ['PRD'], city: 'Grande Prairie', province: 'AB', postal: 'T8V 6H2' },
  { code: 'CHO', name: 'Clearwater Heavy Oil Inc.', types: ['PRD'], city: 'Bonnyville', province: 'AB', postal: 'T9N 2J7' },
  { code: 'KRR', name: 'Kakwa River Resources Ltd.', types: ['PRD'], city: 'Grande Cache', province: 'AB', postal: 'T0E 0Y0', status: 'pending' },
  { code: 'WGP', name: 'Wapiti Gas Partners', types: ['PRD', 'CUS'], city: 'Chetwynd', province: 'BC', postal: 'V0C 1J0' },
  { code: 'SRC', name: 'Strathcona Refining Co.', types: ['CUS'], city: 'Edmonton', province: 'AB', postal: 'T6B 3K9' },
  { code: 'EAP', name: 'Edmonton Asphalt Products Ltd.', types: ['CUS'], city: 'Edmonton', province: 'AB', postal: 'T5S 1K7' },
  { code: 'SUI', name: 'Sturgeon Upgrading Inc.', types: ['CUS'], city: 'Gibbons', province: 'AB', postal: 'T0A 1N0' },
  { code: 'CML', name: 'Coastal Marketing Ltd.', types: ['CUS'], city: 'Vancouver', province: 'BC', postal: 'V6C 2T5' },
  { code: 'RMF', name: 'Rocky Mountain Fuels Inc.', types: ['CUS'], city: 'Red Deer', province: 'AB', postal: 'T4N 1X4', status: 'locked' },
  { code: 'GPD', name: 'Great Plains Diluent Supply', types: ['CUS'], city: 'Lloydminster', province: 'AB', postal: 'T9V 0X2' },
  { code: 'YTL', name: 'Yellowhead Tank Lines Ltd.', types: ['CAR'], city: 'Edson', province: 'AB', postal: 'T7E 1W1' },
  { code: 'NHT', name: 'Northern Haul Trucking Inc.', types: ['CAR'], city: 'Whitecourt', province: 'AB', postal: 'T7S 1P4' },
  { code: 'PCT', name: 'Peace Country Transport Ltd.', types: ['CAR'], city: 'Fort St. John', province: 'BC', postal: 'V1J 6K5' },
  { code: 'SFH', name: 'Sedgewick Fluid Hauling', types: ['CAR'], city: 'Sedgewick', province: 'AB', postal: 'T0B 4C0' },
  { code: 'BVS', name: 'Blackgold Vac Services Ltd.', types: ['CAR'], city: 'Leduc', province: 'AB', postal: 'T9E 7P3' },
  { code: 'KCI', name: 'Kananaskis Carriers Inc.', types: ['CAR'], city: 'Cochrane', province: 'AB', postal: 'T4C 2B8', status: 'inactive' },
  { code: 'BET', name: 'Boreal Energy Transport', types: ['CAR'], city: 'Fort Nelson', province: 'BC', postal: 'V0C 1R0' },
];

export interface DemoProduct {
  code: string; name: string; type: string; density: string; un?: string; cls?: string; pg?: 'I' | 'II' | 'III';
  shipping?: string; cas?: string; hs?: string; stcc?: string; sour?: boolean;
}

/** Dangerous goods per the TDG Schedule 1 / 49 CFR 172.101 entries commonly used for these products. */
export const TERMINAL_PRODUCTS: DemoProduct[] = [
  { code: 'MSW', name: 'Mixed Sweet Blend', type: 'crude_oil', density: '825.0', un: 'UN1267', cls: '3', pg: 'I', shipping: 'PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2709.00', stcc: '4910165' },
  { code: 'LSB', name: 'Light Sour Blend', type: 'crude_oil', density: '842.0', un: 'UN3494', cls: '3', pg: 'I', shipping: 'PETROLEUM SOUR CRUDE OIL, FLAMMABLE, TOXIC', cas: '8002-05-9', hs: '2709.00', sour: true },
  { code: 'SO', name: 'Mixed Sour Blend', type: 'crude_oil', density: '868.0', un: 'UN3494', cls: '3', pg: 'I', shipping: 'PETROLEUM SOUR CRUDE OIL, FLAMMABLE, TOXIC', cas: '8002-05-9', hs: '2709.00', sour: true },
  { code: 'WCS', name: 'Western Canadian Select', type: 'crude_oil', density: '927.0', un: 'UN1267', cls: '3', pg: 'I', shipping: 'PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2709.00', stcc: '4910165', sour: true },
  { code: 'CL', name: 'Cold Lake Blend', type: 'crude_oil', density: '928.5', un: 'UN1267', cls: '3', pg: 'I', shipping: 'PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2709.00', sour: true },
  { code: 'AWB', name: 'Access Western Blend', type: 'crude_oil', density: '925.0', un: 'UN1267', cls: '3', pg: 'I', shipping: 'PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2709.00' },
  { code: 'SYN', name: 'Synthetic Sweet Crude', type: 'crude_oil', density: '862.0', un: 'UN1267', cls: '3', pg: 'II', shipping: 'PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2709.00' },
  { code: 'PHV', name: 'Peace River Heavy', type: 'crude_oil', density: '935.0', un: 'UN1267', cls: '3', pg: 'III', shipping: 'PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2709.00', sour: true },
  { code: 'CFC', name: 'Field Condensate', type: 'condensate', density: '735.0', un: 'UN1268', cls: '3', pg: 'I', shipping: 'PETROLEUM DISTILLATES, N.O.S.', cas: '68919-39-1', hs: '2709.00' },
  { code: 'MTC', name: 'Montney Condensate', type: 'condensate', density: '748.0', un: 'UN1268', cls: '3', pg: 'I', shipping: 'PETROLEUM DISTILLATES, N.O.S.', cas: '68919-39-1', hs: '2709.00' },
  { code: 'SCN', name: 'Sour Condensate', type: 'condensate', density: '760.0', un: 'UN3494', cls: '3', pg: 'I', shipping: 'PETROLEUM SOUR CRUDE OIL, FLAMMABLE, TOXIC', cas: '68919-39-1', hs: '2709.00', sour: true },
  { code: 'CRW', name: 'Condensate Blend Diluent', type: 'diluent', density: '682.0', un: 'UN1268', cls: '3', pg: 'I', shipping: 'PETROLEUM DISTILLATES, N.O.S.', cas: '64741-47-5', hs: '2710.12' },
  { code: 'NAP', name: 'Naphtha Diluent', type: 'diluent', density: '705.0', un: 'UN1268', cls: '3', pg: 'II', shipping: 'PETROLEUM DISTILLATES, N.O.S.', cas: '64741-41-9', hs: '2710.12' },
  { code: 'SYD', name: 'Synthetic Diluent', type: 'diluent', density: '720.0', un: 'UN1268', cls: '3', pg: 'II', shipping: 'PETROLEUM DISTILLATES, N.O.S.', cas: '64742-89-8', hs: '2710.12' },
  { code: 'C3', name: 'Propane', type: 'ngl', density: '507.0', un: 'UN1978', cls: '2.1', shipping: 'PROPANE', cas: '74-98-6', hs: '2711.12', stcc: '4905781' },
  { code: 'C4', name: 'Butane', type: 'ngl', density: '584.0', un: 'UN1011', cls: '2.1', shipping: 'BUTANE', cas: '106-97-8', hs: '2711.13', stcc: '4905782' },
  { code: 'IC4', name: 'Isobutane', type: 'ngl', density: '563.0', un: 'UN1969', cls: '2.1', shipping: 'ISOBUTANE', cas: '75-28-5', hs: '2711.13' },
  { code: 'C5P', name: 'Pentanes Plus', type: 'ngl', density: '655.0', un: 'UN1265', cls: '3', pg: 'I', shipping: 'PENTANES', cas: '109-66-0', hs: '2710.12' },
  { code: 'NGLM', name: 'NGL Mix (C2+)', type: 'ngl', density: '510.0', un: 'UN1075', cls: '2.1', shipping: 'PETROLEUM GASES, LIQUEFIED', cas: '68476-85-7', hs: '2711.19' },
  { code: 'C2C3', name: 'Ethane-Propane Mix', type: 'ngl', density: '450.0', un: 'UN1075', cls: '2.1', shipping: 'PETROLEUM GASES, LIQUEFIED', cas: '68476-85-7', hs: '2711.19' },
  { code: 'ULSD', name: 'Ultra Low Sulphur Diesel', type: 'refined', density: '840.0', un: 'UN1202', cls: '3', pg: 'III', shipping: 'DIESEL FUEL', cas: '68476-34-6', hs: '2710.19', stcc: '4915247' },
  { code: 'GAS', name: 'Regular Gasoline', type: 'refined', density: '745.0', un: 'UN1203', cls: '3', pg: 'II', shipping: 'GASOLINE', cas: '86290-81-5', hs: '2710.12' },
  { code: 'JETA', name: 'Jet A-1', type: 'refined', density: '800.0', un: 'UN1863', cls: '3', pg: 'III', shipping: 'FUEL, AVIATION, TURBINE ENGINE', cas: '8008-20-6', hs: '2710.19' },
  { code: 'MEOH', name: 'Methanol', type: 'chemical', density: '792.0', un: 'UN1230', cls: '3', pg: 'II', shipping: 'METHANOL', cas: '67-56-1', hs: '2905.11', stcc: '4909230' },
  { code: 'HCL15', name: 'Hydrochloric Acid 15%', type: 'chemical', density: '1075.0', un: 'UN1789', cls: '8', pg: 'II', shipping: 'HYDROCHLORIC ACID', cas: '7647-01-0', hs: '2806.10' },
  { code: 'XYL', name: 'Xylene', type: 'chemical', density: '865.0', un: 'UN1307', cls: '3', pg: 'III', shipping: 'XYLENES', cas: '1330-20-7', hs: '2902.44' },
  { code: 'PW', name: 'Produced Water', type: 'produced_water', density: '1045.0', cas: '7732-18-5' },
  { code: 'SPW', name: 'Sour Produced Water', type: 'produced_water', density: '1060.0', cas: '7732-18-5', sour: true },
  { code: 'SLOP', name: 'Slop Oil', type: 'waste', density: '905.0', un: 'UN1267', cls: '3', pg: 'II', shipping: 'WASTE PETROLEUM CRUDE OIL', cas: '8002-05-9', hs: '2710.99' },
  { code: 'TBOT', name: 'Tank Bottoms (BS&W)', type: 'waste', density: '1020.0' },
];

/** [name, certificate type, validity days, required for loading] */
export const CERTIFICATIONS = [
  ['TDG Training', 'DRV', 1095, true],
  ['H2S Alive', 'DRV', 1095, true],
  ['Standard First Aid', 'DRV', 1095, false],
  ['WHMIS 2015', 'USR', 1095, false],
  ['Terminal Site Orientation', 'USR', 365, false],
  ['Commercial General Liability Insurance', 'COM', 365, true],
  ['Carrier Safety Fitness Certificate', 'CAR', 1095, true],
  ['CVIP Inspection', 'VEH', 365, true],
  ['Tractor Annual Inspection', 'VTR', 365, true],
  ['TC406 Tank Periodic Test', 'VTL', 365, true],
  ['Railcar Inspector Qualification', 'INS', 730, false],
] as const;

export const FIRST_NAMES = ['Liam', 'Noah', 'Olivia', 'Emma', 'Jacob', 'Ava', 'Ethan', 'Sophia', 'Logan', 'Chloe', 'Owen', 'Mia', 'Carter', 'Hannah', 'Wyatt', 'Avery', 'Hunter', 'Brooke', 'Tyler', 'Kayla', 'Cole', 'Jasmine', 'Dylan', 'Raj', 'Harpreet', 'Mandeep', 'Wei', 'Marc', 'Sylvie', 'Travis'];
export const LAST_NAMES = ['Anderson', 'Belanger', 'Campbell', 'Dhillon', 'Fraser', 'Gill', 'Hansen', 'Johnson', 'Klassen', 'Lafleur', 'MacDonald', 'Nguyen', 'Olsen', 'Peters', 'Reimer', 'Sandhu', 'Thompson', 'Wiebe', 'Yellowbird', 'Zhang', 'Martin', 'Bouchard', 'Friesen', 'Cardinal'];
