import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The shared layer (docs/architecture.md "Layers"): the declarations, field kinds, permission rules
 * and pure helpers that the browser and the server both run. It imports nothing of either side.
 */
const SHARED = ['src/resources/**', 'src/lib/**', 'src/authProvider/permissions.ts'];
const shared = (why) => ({ message: `The shared layer (src/resources, src/lib, the permission rules) ${why}.` });

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'server/db/migrations/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['src/**/*.tsx', 'src/**/*.ts'], plugins: { 'react-hooks': reactHooks }, rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' } },
  {
    files: SHARED,
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-*', 'react/*', '@mui/*', 'react-admin', 'ra-*', '@tanstack/*'], ...shared('imports no React or browser library') },
        { group: ['fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'node:*'], ...shared('imports no server library or Node module') },
        { regex: '(^|/)server/', ...shared('imports no server code') },
        { regex: '^\\.\\./(\\.\\./)?(generic|table|layout|hooks|notify|routes|pages|custom|dataProvider|i18n|theme|session)(/|$)|/authProvider/(?!permissions$)', ...shared('imports only itself') },
      ] }],
      'no-restricted-globals': ['error', ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'fetch', 'location', 'history'].map((name) => ({ name, message: 'The shared layer uses no browser API.' }))],
    },
  },
  {
    // The server takes from src/ only the shared layer.
    files: ['server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)src/(?!resources/|lib/|authProvider/permissions$)', message: 'The server imports from src/ only the shared layer (src/resources, src/lib, src/authProvider/permissions).' },
      ] }],
    },
  },
  {
    // Generic code serves every area and names none: only an area's own files and the page registry import it.
    files: ['src/**'],
    ignores: ['src/custom/**', 'src/page-registry.ts', ...SHARED],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)custom/', message: 'Generic code never imports an area (src/custom/...): the page registry attaches area pages.' },
      ] }],
    },
  },
  { files: ['tests/**', 'e2e/**', 'bench/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
