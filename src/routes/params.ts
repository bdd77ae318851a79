/**
 * Typed route parameters (docs/shell.md, Routes): a parameter whose name contains `UUID` is a string, one whose
 * name contains `Id` is a number, any other is a string. The same rule is applied at the type level
 * (so pages get typed params from the path literal) and at run time (so `/contract/abc/` is a 404).
 */

type Clean<S extends string> = S extends `${infer N}?` ? N : S;
type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | Segments<Tail> : P;
type ParamSegment<S> = S extends `:${infer Name}` ? Name : never;
type AllParams<P extends string> = ParamSegment<Segments<P>>;
type OptionalNames<P extends string> = AllParams<P> extends infer N ? (N extends `${string}?` ? Clean<N> : never) : never;
type RequiredNames<P extends string> = AllParams<P> extends infer N ? (N extends `${string}?` ? never : N & string) : never;

export type ParamType<N extends string> = N extends `${string}UUID${string}` ? string : N extends `${string}Id${string}` ? number : string;

export type RouteParams<P extends string> =
  { [K in RequiredNames<P>]: ParamType<K> } & { [K in OptionalNames<P>]?: ParamType<K> };

export type ParamValue = string | number | undefined;
export type AnyParams = Record<string, ParamValue>;

export interface ParamSpec { name: string; optional: boolean; kind: 'string' | 'number' }

/** The parameters of a path, e.g. `reports/:reportId/` -> `[{name: 'reportId', kind: 'number'}]`. */
export function paramSpecs(path: string): ParamSpec[] {
  return path.split('/').filter((s) => s.startsWith(':')).map((s) => {
    const optional = s.endsWith('?');
    const name = s.slice(1, optional ? -1 : undefined);
    return { name, optional, kind: paramKind(name) };
  });
}

export function paramKind(name: string): 'string' | 'number' {
  if (name.includes('UUID')) return 'string';
  return name.includes('Id') ? 'number' : 'string';
}

export type ParseResult = { ok: true; params: AnyParams } | { ok: false; param: string };

/** Converts the router's raw strings; a numeric parameter that is not a whole number fails. */
export function parseParams(path: string, raw: Record<string, string | undefined>): ParseResult {
  const params: AnyParams = {};
  for (const spec of paramSpecs(path)) {
    const value = raw[spec.name];
    if (value === undefined || value === '') {
      if (!spec.optional) return { ok: false, param: spec.name };
      continue;
    }
    if (spec.kind === 'number') {
      if (!/^\d+$/.test(value)) return { ok: false, param: spec.name };
      params[spec.name] = Number(value);
    } else {
      params[spec.name] = value;
    }
  }
  return { ok: true, params };
}

/** Fills a path with values; optional parameters without a value drop out. Always starts with `/`. */
export function buildPath(path: string, params: AnyParams = {}): string {
  const parts = path.split('/').flatMap((s) => {
    if (!s.startsWith(':')) return [s];
    const name = s.slice(1).replace(/\?$/, '');
    const v = params[name];
    if (v === undefined || v === '') {
      if (s.endsWith('?')) return [];
      throw new Error(`Missing route parameter "${name}" for ${path}`);
    }
    return [encodeURIComponent(String(v))];
  });
  const joined = parts.join('/').replace(/\/+/g, '/');
  return `/${joined}`.replace(/^\/+/, '/');
}
