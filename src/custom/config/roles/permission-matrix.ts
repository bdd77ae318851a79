/**
 * The roles matrix (docs/security.md, Roles matrix): every permission the product knows, laid out
 * from the declarations as the roles page shows them. One row per model (resources that share a
 * model, such as a view and its resource, share the row), by area: its view/add/change/delete and
 * the further abilities its actions and codenames guard; then the menu entries, the configuration
 * pages and whatever else the permission table holds. Each cell is a permission row's id.
 */
import { type Resource, type Verb, VERBS, actionCodenames, actionModel, codename, contentType, isReadOnly } from '../../../resources/define';
import { CONFIGURATION_CODES, CONFIGURATION_CONTENT_TYPE, MENU_CODES, MENU_CONTENT_TYPE } from '../../../resources/access-codes';
import { areaOf } from '../../../resources/areas';

export interface PermissionRow { id: number; content_type: string; codename: string; name: string }
export interface Cell { id: number; codename: string; contentType: string; label: string }
export interface MatrixRow { contentType: string; label: string; verbs: Partial<Record<Verb, Cell>>; abilities: Cell[] }
export interface MatrixArea { label: string; rows: MatrixRow[] }
export interface Matrix { areas: MatrixArea[]; menus: Cell[]; configuration: Cell[]; other: Cell[] }

const key = (ct: string, code: string) => `${ct}|${code}`;

export function permissionMatrix(declared: readonly Resource[], permissions: readonly PermissionRow[]): Matrix {
  const byKey = new Map(permissions.map((p) => [key(p.content_type, p.codename), p]));
  const claimed = new Set<number>();
  /** The permission row of a codename, once: a codename two resources name is shown where it is first met. */
  const take = (ct: string, code: string, label?: string): Cell | undefined => {
    const p = byKey.get(key(ct, code));
    if (!p || claimed.has(p.id)) return undefined;
    claimed.add(p.id);
    return { id: p.id, codename: p.codename, contentType: p.content_type, label: label ?? p.name };
  };
  const rows = new Map<string, MatrixRow & { area: string }>();
  for (const r of [...declared].sort((a, b) => areaOf(a).localeCompare(areaOf(b)) || a.pluralLabel.localeCompare(b.pluralLabel))) {
    const ct = contentType(r);
    const row = rows.get(ct) ?? { contentType: ct, label: r.pluralLabel, area: areaOf(r), verbs: {}, abilities: [] };
    rows.set(ct, row);
    // Rows nobody writes through the API (views, the audit trail) have only their view right to give.
    for (const v of isReadOnly(r) ? (['view'] as const) : VERBS) row.verbs[v] ??= take(ct, codename(r, v), v);
    for (const code of Object.keys(r.extraCodenames)) push(row.abilities, take(ct, code));
    for (const a of Object.values(r.actions)) {
      const at = contentType(actionModel(r, a));
      for (const code of actionCodenames(r, a) ?? []) push(row.abilities, take(at, code, a.label ? `${a.label} (${code})` : undefined));
    }
  }
  const areas = new Map<string, MatrixRow[]>();
  for (const { area, ...row } of rows.values()) {
    if (!Object.keys(row.verbs).length && !row.abilities.length) continue;
    areas.set(area, [...(areas.get(area) ?? []), row]);
  }
  const codes = (ct: string, list: readonly string[], prefix: RegExp) => list.flatMap((c) => take(ct, c, undefined) ?? []).map((c) => ({ ...c, label: c.label.replace(prefix, '') }));
  const menus = codes(MENU_CONTENT_TYPE, MENU_CODES, /^Menu: /);
  const configuration = codes(CONFIGURATION_CONTENT_TYPE, CONFIGURATION_CODES, /^Configuration: /);
  const other = permissions.filter((p) => !claimed.has(p.id)).map((p) => ({ id: p.id, codename: p.codename, contentType: p.content_type, label: p.name }));
  return {
    areas: [...areas].map(([label, list]) => ({ label, rows: list })).sort((a, b) => a.label.localeCompare(b.label)),
    menus, configuration, other,
  };
}

function push(list: Cell[], cell: Cell | undefined) {
  if (cell) list.push(cell);
}

/** Every cell of the matrix, for counting and "select all" in an area. */
export const cellsOf = (rows: readonly MatrixRow[]): Cell[] => rows.flatMap((r) => [...VERBS.flatMap((v) => r.verbs[v] ?? []), ...r.abilities]);

/** Every cell of the matrix: its areas' then its code lists'. */
export const allCells = (m: Matrix): Cell[] => [...m.areas.flatMap((a) => cellsOf(a.rows)), ...m.menus, ...m.configuration, ...m.other];

/** The rows (and code lists) whose label, model or a codename holds the text typed into the filter. */
export function filterMatrix(m: Matrix, text: string): Matrix {
  const t = text.trim().toLowerCase();
  if (!t) return m;
  const hit = (c: Cell) => c.label.toLowerCase().includes(t) || c.codename.toLowerCase().includes(t);
  const rowHit = (r: MatrixRow) => r.label.toLowerCase().includes(t) || r.contentType.includes(t) || cellsOf([r]).some(hit);
  return {
    areas: m.areas.map((a) => ({ ...a, rows: a.label.toLowerCase().includes(t) ? a.rows : a.rows.filter(rowHit) })).filter((a) => a.rows.length),
    menus: m.menus.filter(hit), configuration: m.configuration.filter(hit), other: m.other.filter(hit),
  };
}
