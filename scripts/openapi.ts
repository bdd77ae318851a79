/** Writes the OpenAPI document the server publishes to a file (for the linter and client generators): `tsx scripts/openapi.ts out.json`. */
import { writeFileSync } from 'node:fs';
// The declarations' computed columns are registered by the app's modules, as when the server starts.
import '../server/app';
import { buildOpenApi } from '../server/ops/openapi/document';

const out = process.argv[2] ?? 'openapi.json';
writeFileSync(out, `${JSON.stringify(buildOpenApi(), null, 1)}\n`);
console.log(`OpenAPI document written to ${out}`);
