/**
 * `npx tsx bench/car-upload.ts`: the bulk car upload (docs/loading.md, Bulk car upload) against
 * adding the same cars one at a time, same run, same server. On the demo (embedded PGlite, or
 * PostgreSQL with TEST_DB=postgres), as the dispatcher, on two open shipments of the demo:
 *   baseline  `POST loaded_rail_car/` car by car (CARS_BASELINE of them, sequential, as a screen
 *             or a script without the upload would), per car;
 *   refused   a file of CARS cars whose last line is bad: every row checked, nothing written;
 *   upload    the same file mended: every row checked and written with a history row each.
 * Prints each time, the upload's per-car cost against the baseline's, and whether the issue's
 * "10,000 rows checked and written within a few seconds" (5 s here) held. Never fails on timing.
 *
 * Env: CARS (10000), CARS_BASELINE (300), TEST_DB (pglite | postgres).
 */
import { startServer, type TestServer } from '../tests/api/harness';
import { num, runBench, verdict } from './lib/report';
import { envInt } from './lib/run-env';

const CARS = Math.max(1, envInt('CARS', 10_000));
const BASELINE = Math.max(1, envInt('CARS_BASELINE', 300));
const FEW_SECONDS = 5;
const say = (m = '') => process.stdout.write(`${m}\n`);

/** A car's line as a car owner's file carries it; numbers start past the demo's fleet. */
const carLine = (i: number) => `BNCX ${100000 + i},S-${i},30000,${600 + (i % 400)},68,0.87`;
const HEADER = 'Car,Seal,Shell capacity (gal),Outage (gal),Temp F,Density';

async function openShipments(s: TestServer, token: string): Promise<number[]> {
  const page = (await s.call('GET', '/api/rail_shipment/?status=open&page_size=50', { token })).body as { results: { id: number; master: boolean }[] };
  const ids = page.results.filter((r) => !r.master).map((r) => r.id);
  if (ids.length < 2) throw new Error('the demo has fewer than two open shipments to load');
  return ids;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await run();
  return [out, performance.now() - t0];
}

function upload(s: TestServer, token: string, shipment: number, csv: string) {
  const f = new FormData();
  f.append('rail_shipment', String(shipment));
  f.append('file', new Blob([csv]), 'cars.csv');
  return s.call('POST', '/api/loaded_rail_car/bulk_create/', { token, body: f });
}

async function main() {
  say(`Bulk car upload of ${num(CARS)} cars against ${num(BASELINE)} single creates, ${process.env.TEST_DB ?? 'pglite'}, demo seed.`);
  const s = await startServer();
  try {
    const token = await s.login('dispatcher@demo.test');
    const [one, other] = await openShipments(s, token);

    const [, single] = await timed(async () => {
      for (let i = 0; i < BASELINE; i++) {
        const [mark, number] = carLine(CARS + i).split(',')[0].split(' ');
        const res = await s.call('POST', '/api/loaded_rail_car/', { token, body: {
          rail_shipment: other, car_mark: mark, car_number: Number(number), seal_number_1: `S-${i}`,
          shell_capacity: '30000', volume_outage: String(600 + (i % 400)), load_temperature: '68', density: '0.87',
        } });
        if (res.status !== 201) throw new Error(`single create: ${res.status} ${res.text}`);
      }
    });
    const perCar = single / BASELINE;

    const lines = Array.from({ length: CARS }, (_, i) => carLine(i));
    const bad = [HEADER, ...lines.slice(0, -1), `${lines[CARS - 1].replace(',30000,', ',lots,')}`].join('\n');
    const [refused, refusedMs] = await timed(() => upload(s, token, one, bad));
    if (refused.status !== 400) throw new Error(`the bad file was not refused: ${refused.status} ${refused.text.slice(0, 300)}`);
    const [written, uploadMs] = await timed(() => upload(s, token, one, [HEADER, ...lines].join('\n')));
    if (written.status !== 201 || written.body.created !== CARS) throw new Error(`upload: ${written.status} ${written.text.slice(0, 300)}`);

    say(`  baseline: ${num(BASELINE)} single creates in ${num(single / 1000, 1)} s, ${num(perCar, 1)} ms a car (${num((perCar * CARS) / 1000, 0)} s for ${num(CARS)} cars)`);
    say(`  refused:  ${num(CARS)} rows checked, the bad one named, nothing written, in ${num(refusedMs / 1000, 2)} s`);
    say(`  upload:   ${num(CARS)} rows checked and written in ${num(uploadMs / 1000, 2)} s, ${num(uploadMs / CARS, 2)} ms a car`);
    say(`  ratio:    the upload is ${num(perCar / (uploadMs / CARS), 1)}x the single creates, per car`);
    say(verdict(`${num(CARS)} cars within ${FEW_SECONDS} s`, uploadMs <= FEW_SECONDS * 1000, `${num(uploadMs / 1000, 2)} s`));
  } finally {
    await s.close();
  }
}

runBench(main);
