/**
 * Browser build: React app into dist/, served by the API server at / with history fallback.
 * Areas are lazy chunks (React.lazy / dynamic import in the route table); the vendor groups below
 * keep the libraries every page needs in stable, long-cacheable chunks, and keep the heavy ones
 * that only some areas need (the data grid, maps) out of the shell.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const inNodeModules = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((n) => n.replace(/[/]/g, '[\\\\/]')).join('|')})[\\\\/]`);

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip -9) beside every text file of the build, once,
 * so the server sends them as they are (server/spa.ts, @fastify/static `preCompressed`) instead of
 * compressing 1 MB of JavaScript per visitor or sending it raw. Files under 1 KB are left alone.
 * Kept in this file because the start script rebuilds when vite.config.ts changes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) { outDir = resolve(c.root, c.build.outDir); },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  define: {
    // The frontend version compared with the cookie by the update check, and shown as the build label.
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: { '/api': 'http://localhost:8000', '/print': 'http://localhost:8000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: inNodeModules('react', 'react-dom', 'scheduler', 'react-router', 'react-router-dom'), priority: 30 },
            // Only the MUI packages the shell itself uses; @mui/x-* stays with the areas that import it.
            { name: 'vendor-mui', test: inNodeModules('@mui/material', '@mui/system', '@mui/styled-engine', '@mui/utils', '@mui/private-theming', '@emotion/[^/\\\\]+'), priority: 20 },
            { name: 'vendor-admin', test: inNodeModules('react-admin', 'ra-core', 'ra-ui-materialui', 'ra-i18n-polyglot', 'ra-language-english', 'node-polyglot', 'react-hook-form', '@tanstack/[^/\\\\]+', 'lodash'), priority: 10 },
          ],
        },
      },
    },
  },
});
