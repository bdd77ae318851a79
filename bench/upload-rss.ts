/**
 * `npx tsx bench/upload-rss.ts`: the server's memory (RSS) while one request sends ten 19 MB file
 * parts to `POST /api/files/` and to a ticket's `upload_attachment/`. Prints the RSS before, its
 * peak during the request and the answer. In-memory PGlite, demo seed; never fails on a figure.
 */
import { startServer } from '../tests/api/harness';
import { streamParts } from '../tests/api/multipart-stream';

const MB = 1024 * 1024;
const say = (m = '') => process.stdout.write(`${m}\n`);

const s = await startServer();
try {
  const admin = await s.login('siteadmin@demo.test');
  const ticket = (await s.call('GET', '/api/terminalboss/v3/ticket/?page_size=1', { token: admin })).body.results[0];
  for (const path of ['/api/files/', `/api/terminalboss/v3/ticket/${ticket.id}/upload_attachment/`]) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const res = await streamParts(s.url + path, admin, { parts: 10, partBytes: 19 * MB });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    say(`POST ${path.replace(ticket.id, '{id}')}: ten 19 MB parts -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    say(`  RSS ${(before / MB).toFixed(0)} MB -> peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB); client sent ${(res.written / MB).toFixed(0)} of ${(res.total / MB).toFixed(0)} MB`);
  }
} finally {
  await s.close();
}
