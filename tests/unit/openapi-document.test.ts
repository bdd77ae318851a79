/**
 * The OpenAPI document as a client generator reads it: every operation named once, every success
 * answer with its body's schema, the refusals declared, and every schema one a 2020-12 validator
 * compiles. (That the answers obey it is checked by the contract suites, tests/api/contract/openapi-check.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApi } from '../../server/ops/openapi/document';
import { resources } from '../../src/resources/index';
import { readSchema } from '../../server/engine/metadata';
import { DOC_ID, documentValidator } from '../api/contract/openapi-check';

interface Op { operationId?: string; security?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }
const doc = buildOpenApi();
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).filter(([m]) => METHODS.includes(m)).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op: op as Op })));

describe('the OpenAPI document', () => {
  it('names every operation once', () => {
    expect(operations.length).toBeGreaterThan(1000);
    expect(operations.filter((o) => !o.op.operationId).map((o) => o.key)).toEqual([]);
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids).toContain('terminalboss_v3_ticket_update_tickets_status');
  });

  it('gives every success answer a body schema, or says it has none (204)', () => {
    const without = operations.filter(({ op }) => Object.entries(op.responses).some(([status, a]) =>
      status.startsWith('2') && status !== '204' && !Object.values(a.content ?? {}).some((c) => c.schema !== undefined)));
    expect(without.map((o) => o.key)).toEqual([]);
  });

  it("declares what every action answers: each list's items and each object's keys, from the action's declaration", () => {
    const undeclared = resources.flatMap((r) => Object.entries(r.actions)
      .filter(([, a]) => ['list', 'object'].includes(a.result ?? 'object') && !a.answer).map(([name]) => `${r.name}.${name}`));
    expect(undeclared).toEqual([]);
    // An answer is as exact as a record: an object names its keys and refuses others.
    const loose = operations.filter(({ op }) => Object.entries(op.responses).some(([status, a]) => {
      const schema = a.content?.['application/json']?.schema as { type?: unknown; properties?: unknown; items?: unknown; $ref?: unknown; anyOf?: unknown; additionalProperties?: unknown } | undefined;
      return status.startsWith('2') && schema !== undefined && !schema.$ref && !schema.properties && !schema.items && !schema.anyOf && typeof schema.additionalProperties !== 'object' && (schema.type === 'object' || schema.type === 'array');
    }));
    expect(loose.map((o) => o.key)).toEqual([]);
  });

  it('declares 401 on every operation that needs a token, and none on those that do not', () => {
    expect(operations.filter(({ op }) => !op.security && !op.responses['401']).map((o) => o.key)).toEqual([]);
    expect(operations.filter(({ op }) => op.security?.length === 0 && op.responses['401']).map((o) => o.key)).toEqual([]);
    expect(operations.filter(({ op }) => !op.responses['403'] && !op.security).map((o) => o.key)).toEqual([]);
  });

  it('is made of schemas a JSON Schema 2020-12 validator compiles', () => {
    const ajv = documentValidator(doc);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('reads a record as the API answers it: the tenant\'s company declared, anything undeclared refused', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    for (const r of resources.filter((x) => 'company' in x.fields)) {
      const schema = readSchema(r) as { properties: Record<string, unknown> };
      expect(schema.properties, r.name).toHaveProperty('company');
      const validate = ajv.compile(schema);
      const id = r.idKind === 'uuid' ? '6f1c1b4e-8d5f-4a53-9f0e-6a2b8c1d2e3f' : 7;
      expect(validate({ id, version: 1 }), r.name).toBe(true);
      expect(validate({ id, version: 1, no_such_field: 1 }), r.name).toBe(false);
    }
  });
});
