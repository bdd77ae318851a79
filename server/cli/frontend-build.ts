/**
 * Builds the browser app when dist/ is missing or was built from other sources. The build records a
 * hash of its inputs, so a second start on the same checkout skips the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

function files(root: string, p: string): string[] {
  const full = join(root, p);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [p];
  return readdirSync(full).sort().flatMap((n) => files(root, join(p, n)));
}

export function sourceHash(root: string): string {
  const h = createHash('sha256');
  for (const f of INPUTS.flatMap((p) => files(root, p))) {
    h.update(relative(root, join(root, f))).update('\0').update(readFileSync(join(root, f)));
  }
  return h.digest('hex');
}

/** `outDir` (default `dist/`) lets two test runs of different sources build side by side. */
export async function ensureFrontendBuilt(root: string, log: (m: string) => void, outDir = join(root, 'dist')): Promise<string> {
  const dist = outDir;
  const stamp = join(dist, '.source-hash');
  const hash = sourceHash(root);
  if (existsSync(join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    log('Browser app is up to date.');
    return dist;
  }
  log('Building the browser app (first start or sources changed)...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  writeFileSync(stamp, hash);
  return dist;
}
