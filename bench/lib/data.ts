/**
 * Synthetic but realistic product rows: 30 commodities (hazardous and not), each named after the
 * origin it ships from ("Hardisty Diesel Fuel Lot 04512"), so `class=3` keeps about 40% of the
 * rows spread evenly along the name order, and one STCC value a few hundred rows at 1,000,000.
 * Deterministic (seeded); codes unique per company.
 *
 * (Named commodity-first, rows of one class bunch together in name order and PostgreSQL, which
 * assumes no such correlation, walks a third of the name index before it finds 25 class-3 rows:
 * ~0.9 s for the engine and the baseline alike. That measures the planner, not the API.)
 */

interface Base { name: string; code: string; stcc: string; hs: string; un: string | null; cls: string | null; pg: string | null; cas: string | null; density: number | null; weight: number }

const BASES: Base[] = [
  { name: 'Petroleum Crude Oil', code: 'CRUDE', stcc: '4910165', hs: '2709.00', un: 'UN1267', cls: '3', pg: 'I', cas: '8002-05-9', density: 0.87, weight: 9 },
  { name: 'Diesel Fuel', code: 'ULSD', stcc: '4915247', hs: '2710.19', un: 'UN1202', cls: '3', pg: 'III', cas: '68476-34-6', density: 0.845, weight: 6 },
  { name: 'Gasoline', code: 'MOGAS', stcc: '4908178', hs: '2710.12', un: 'UN1203', cls: '3', pg: 'II', cas: '86290-81-5', density: 0.745, weight: 4 },
  { name: 'Jet Fuel', code: 'JETA1', stcc: '4915164', hs: '2710.19', un: 'UN1863', cls: '3', pg: 'III', cas: '8008-20-6', density: 0.8, weight: 2 },
  { name: 'Methanol', code: 'MEOH', stcc: '4909230', hs: '2905.11', un: 'UN1230', cls: '3', pg: 'II', cas: '67-56-1', density: 0.792, weight: 3 },
  { name: 'Ethanol, Denatured', code: 'ETOH', stcc: '4909152', hs: '2207.20', un: 'UN1987', cls: '3', pg: 'II', cas: '64-17-5', density: 0.789, weight: 3 },
  { name: 'Natural Gas Condensate', code: 'COND', stcc: '4910169', hs: '2709.00', un: 'UN3295', cls: '3', pg: 'II', cas: '64741-47-5', density: 0.72, weight: 3 },
  { name: 'Diluent', code: 'DIL', stcc: '4910170', hs: '2710.12', un: 'UN3295', cls: '3', pg: 'I', cas: '64741-47-5', density: 0.69, weight: 2 },
  { name: 'Naphtha', code: 'NAP', stcc: '4910172', hs: '2710.12', un: 'UN1268', cls: '3', pg: 'II', cas: '8030-30-6', density: 0.72, weight: 2 },
  { name: 'Propane', code: 'C3', stcc: '4905781', hs: '2711.12', un: 'UN1075', cls: '2.1', pg: null, cas: '74-98-6', density: 0.508, weight: 5 },
  { name: 'Butane', code: 'C4', stcc: '4905782', hs: '2711.13', un: 'UN1011', cls: '2.1', pg: null, cas: '106-97-8', density: 0.584, weight: 3 },
  { name: 'Ammonia, Anhydrous', code: 'NH3', stcc: '4904210', hs: '2814.10', un: 'UN1005', cls: '2.2', pg: null, cas: '7664-41-7', density: 0.682, weight: 2 },
  { name: 'Chlorine', code: 'CL2', stcc: '4920523', hs: '2801.10', un: 'UN1017', cls: '2.3', pg: null, cas: '7782-50-5', density: 1.56, weight: 1 },
  { name: 'Sulphuric Acid', code: 'H2SO4', stcc: '4930040', hs: '2807.00', un: 'UN1830', cls: '8', pg: 'II', cas: '7664-93-9', density: 1.83, weight: 3 },
  { name: 'Caustic Soda Solution', code: 'NAOH', stcc: '4935240', hs: '2815.12', un: 'UN1824', cls: '8', pg: 'II', cas: '1310-73-2', density: 1.52, weight: 2 },
  { name: 'Hydrochloric Acid', code: 'HCL', stcc: '4930228', hs: '2806.10', un: 'UN1789', cls: '8', pg: 'II', cas: '7647-01-0', density: 1.18, weight: 1 },
  { name: 'Sulphur, Molten', code: 'SUL', stcc: '4945720', hs: '2503.00', un: 'NA2448', cls: '9', pg: 'III', cas: '7704-34-9', density: 1.8, weight: 3 },
  { name: 'Hydrogen Peroxide', code: 'H2O2', stcc: '4918775', hs: '2847.00', un: 'UN2014', cls: '5.1', pg: 'II', cas: '7722-84-1', density: 1.2, weight: 1 },
  { name: 'Ammonium Nitrate', code: 'AN', stcc: '4918311', hs: '3102.30', un: 'UN1942', cls: '5.1', pg: 'III', cas: '6484-52-2', density: 1.72, weight: 1 },
  { name: 'Calcium Carbide', code: 'CAC2', stcc: '4916110', hs: '2849.10', un: 'UN1402', cls: '4.3', pg: 'I', cas: '75-20-7', density: 2.22, weight: 1 },
  { name: 'Canola Oil', code: 'CANOLA', stcc: '2092115', hs: '1514.11', un: null, cls: null, pg: null, cas: '120962-03-0', density: 0.915, weight: 4 },
  { name: 'Wheat', code: 'WHT', stcc: '0113710', hs: '1001.99', un: null, cls: null, pg: null, cas: null, density: null, weight: 6 },
  { name: 'Barley', code: 'BAR', stcc: '0113210', hs: '1003.90', un: null, cls: null, pg: null, cas: null, density: null, weight: 3 },
  { name: 'Canola Seed', code: 'CSEED', stcc: '0114990', hs: '1205.10', un: null, cls: null, pg: null, cas: null, density: null, weight: 3 },
  { name: 'Yellow Peas', code: 'PEAS', stcc: '0119510', hs: '0713.10', un: null, cls: null, pg: null, cas: null, density: null, weight: 2 },
  { name: 'Potash', code: 'KCL', stcc: '1471410', hs: '3104.20', un: null, cls: null, pg: null, cas: '7447-40-7', density: 1.98, weight: 4 },
  { name: 'Urea', code: 'UREA', stcc: '2871235', hs: '3102.10', un: null, cls: null, pg: null, cas: '57-13-6', density: 1.32, weight: 2 },
  { name: 'Wood Pellets', code: 'PELL', stcc: '2499120', hs: '4401.31', un: null, cls: null, pg: null, cas: null, density: 0.65, weight: 2 },
  { name: 'Petroleum Coke', code: 'COKE', stcc: '2991110', hs: '2713.11', un: null, cls: null, pg: null, cas: '64741-79-3', density: 0.8, weight: 2 },
  { name: 'Lubricating Oil', code: 'LUBE', stcc: '2911620', hs: '2710.19', un: null, cls: null, pg: null, cas: '64742-54-7', density: 0.88, weight: 1 },
];

const ORIGINS = ['Hardisty', 'Fort Saskatchewan', 'Edmonton', 'Scotford', 'Regina', 'Saskatoon', 'Moose Jaw', 'Brandon', 'Winnipeg', 'Lloydminster',
  'Grande Prairie', 'Red Deer', 'Lethbridge', 'Sarnia', 'Port Arthur', 'Joffre', 'Prince Rupert', 'Vancouver', 'Thunder Bay', 'Estevan'];
const GRADES = ['', ' Premium', ' Grade A', ' Grade B', ' Winter Blend', ' Summer Blend', ' Off-Spec', ' Export'];
const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export interface ProductRow {
  name: string; code: string; stcc: string; harmonizedCode: string; unCode: string | null; class: string | null;
  packingGroup: string | null; cas: string | null; density: string | null; color: string; description: string | null; enabled: boolean;
}

/** mulberry32: small, fast, seeded. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cumulative: number[] = [];
let total = 0;
for (const b of BASES) { total += b.weight; cumulative.push(total); }

export function* productRows(count: number, seed = 42): Generator<ProductRow> {
  const rand = rng(seed);
  for (let n = 1; n <= count; n++) {
    const pick = rand() * total;
    let i = 0;
    while (cumulative[i] <= pick) i++;
    const b = BASES[i];
    const origin = ORIGINS[Math.floor(rand() * ORIGINS.length)];
    const grade = GRADES[Math.floor(rand() * GRADES.length)];
    const lot = Math.floor(rand() * 100_000).toString().padStart(5, '0');
    // STCC: the commodity's first four digits and 1,000 variants: tens to a few hundred rows per value at 1M rows.
    const stcc = b.stcc.slice(0, 4) + Math.floor(rand() * 1000).toString().padStart(3, '0');
    const density = b.density === null ? null : (b.density * (0.97 + rand() * 0.06)).toFixed(4);
    yield {
      name: `${origin} ${b.name}${grade} Lot ${lot}`,
      code: `${b.code}-${n.toString().padStart(7, '0')}`,
      stcc,
      harmonizedCode: b.hs,
      unCode: b.un,
      class: b.cls,
      packingGroup: b.pg,
      cas: b.cas,
      density,
      color: COLORS[Math.floor(rand() * COLORS.length)],
      description: rand() < 0.3 ? `Loaded at ${origin}; ${1 + Math.floor(rand() * 120)} cars per unit train.` : null,
      enabled: rand() < 0.92,
    };
  }
}

/** One STCC value that a few hundred rows share at 1M rows (crude, condensate, diluent, naphtha: 4910xxx). */
export const SAMPLE_STCC = '4910007';
