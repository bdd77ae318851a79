/**
 * Browser build: React app into dist/, served by the API server at / with history fallback.
 * Areas are lazy chunks (React.lazy / dynamic import in the route table); the vendor groups below
 * keep the libraries every page needs in stable, long-cacheable chunks, and keep the heavy ones
 * that only some areas need (the data grid, maps) out of the shell.
 */
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const inNodeModules = (...names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.map((n) => n.replace(/[/]/g, '[\\\\/]')).join('|')})[\\\\/]`);

export default defineConfig({
  base: '/',
  plugins: [react()],
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
