/**
 * Checks an answer against the OpenAPI document the server publishes, with a validator of its own
 * (ajv, JSON Schema 2020-12 with formats): the operation must exist, declare the status, and its
 * JSON body must match the declared schema. Every API test runs every answer it receives through
 * it (harness.ts, client.ts, setup-answers.ts), so the document cannot drift from what the API does.
 */
import { afterAll, beforeAll } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApi } from '../../../server/ops/openapi/document';

type Doc = ReturnType<typeof buildOpenApi>;
interface Operation { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }

export const DOC_ID = 'https://api.test/openapi.json';
let state: { doc: Doc; ajv: Ajv2020; routes: { template: string; pattern: RegExp; params: number }[]; validators: Map<string, ValidateFunction> } | undefined;

/** A validator holding the document, its schemas reachable as `${DOC_ID}#/components/schemas/X` (and any pointer into it). */
export function documentValidator(doc: unknown) {
  // Not strict: the document's own keys (openapi, paths) and the `x-` annotations are not schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ ...(doc as object), $id: DOC_ID });
  return ajv;
}

function load() {
  if (state) return state;
  const doc = buildOpenApi();
  const ajv = documentValidator(doc);
  // A literal segment wins over a parameter (`count/` before `{id}/`): fewer parameters first.
  const routes = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    params: (template.match(/\{/g) ?? []).length,
  })).sort((a, b) => a.params - b.params);
  state = { doc, ajv, routes, validators: new Map() };
  return state;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** What is wrong with this answer by the document, or an empty list. */
export function answerProblems(method: string, url: string, status: number, contentType: string, body: unknown): string[] {
  const { doc, ajv, routes, validators } = load();
  const path = new URL(url, 'http://x').pathname;
  // The app's pages and files are not the API.
  if (!path.startsWith('/api/')) return [];
  const route = routes.find((r) => r.pattern.test(path));
  const m = method.toLowerCase();
  const operation = route && (doc.paths[route.template] as Record<string, Operation | undefined>)[m];
  // A call the document does not offer (a write to a read-only view) must be answered 404.
  if (!route || !operation) return status === 404 ? [] : [`${method} ${route?.template ?? path}: answered ${status}, but the document has no such operation`];
  const declared = operation.responses[String(status)];
  if (!declared) return [`${method} ${route.template}: answered ${status}, which the document does not declare (${Object.keys(operation.responses).join(', ')})`];
  if (!contentType.includes('json')) {
    return declared.content && !declared.content['application/json'] ? [] : status === 204 || !body ? [] : [`${method} ${route.template} ${status}: answered ${contentType || 'no type'}, the document says JSON`];
  }
  const schema = declared.content?.['application/json']?.schema;
  if (schema === undefined) return [`${method} ${route.template} ${status}: answered JSON, the document declares no JSON body`];
  const key = pointer('paths', route.template, m, 'responses', String(status), 'content', 'application/json', 'schema');
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile({ $ref: `${DOC_ID}#/${key}` })));
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 5).map((e) => `${method} ${route.template} ${status}: ${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
}

/** Every mismatch seen in this test file, and how many answers were checked. */
export const seen = { checked: 0, mismatches: [] as string[] };

/** Records what is wrong with the answer by the document; `expectAnswersMatchDocument` reports them all at once. */
export function checkAnswer(method: string, url: string, status: number, contentType: string, body: unknown) {
  seen.checked += 1;
  for (const p of answerProblems(method, url, status, contentType, body)) seen.mismatches.push(`${p}\n    ${JSON.stringify(body).slice(0, 300)}`);
}

/** After the file's tests: every answer checked matched the document (the distinct mismatches listed otherwise). */
export function expectAnswersMatchDocument() {
  // Files share their worker's modules (vitest.config.ts, isolate: false): each starts its own count.
  beforeAll(() => { seen.checked = 0; seen.mismatches.length = 0; });
  afterAll(() => {
    const distinct = [...new Set(seen.mismatches.map((m) => m.replace(/\/\d+\//g, '/N/')))];
    if (distinct.length) throw new Error(`${seen.mismatches.length} of ${seen.checked} answers do not match the OpenAPI document:\n${distinct.slice(0, 40).join('\n')}`);
  });
}
