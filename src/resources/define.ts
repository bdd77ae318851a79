/**
 * A resource is declared once; the table, validation, permissions, API metadata and screens derive
 * from it. Plain data (plus pure label functions): imported by both the server and the browser.
 */
import { type Field, labelOf, ref, text } from './fields';
import type { Shape } from './answers';
import { TIME_ZONE_FIELD } from '../lib/time-zone';
import { type LabelDecl, type LabelPiece, labelFunction, labelPieces } from './record-label';

export type Verb = 'view' | 'add' | 'change' | 'delete';

export interface ActionDecl {
  /** `detail` mounts at `{resource}/{id}/{name}/`, `collection` at `{resource}/{name}/`. */
  on: 'detail' | 'collection';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Codename required, a verb that expands to `{verb}_{model}`, `authenticated` (any signed-in
   * user), or a list of these of which any one will do (a helper both the add and the edit form use).
   */
  permission: Verb | 'authenticated' | (string & {}) | readonly (Verb | (string & {}))[];
  label?: string;
  /**
   * The body the action takes, in the field kinds of resources. The engine validates it with the
   * same per-field messages before the handler runs (400, nothing done), hands the handler the
   * parsed values, and describes it in OpenAPI and `form_configuration/`. Without it the action
   * takes no body fields.
   */
  input?: Record<string, Field>;
  /**
   * Read-only fields of the resource this action sets through the generic update (e.g. the
   * customs invoice, which no form may edit): the update accepts them only while this action runs.
   */
  writes?: readonly string[];
  /** What the action answers: a record, a list, an object, a file to download, a job with progress, or nothing (204). */
  result?: ActionResult;
  /**
   * Whose record a `record` result is, by resource name, when not this resource's
   * (`rail_schedule/{id}/create_shipment/` answers a rail shipment); `plus` names further keys
   * holding records of other resources. OpenAPI declares the answer with those read schemas.
   */
  returns?: string | { record: string; plus: Record<string, string> };
  /**
   * The answer of a `list` or `object` result (src/resources/answers.ts): for a list, the shape of
   * one item. Published in OpenAPI and checked against every answer the API tests receive.
   */
  answer?: Shape;
  /**
   * Path segment when it differs from the action name (e.g. `update-tickets-status`). A detail
   * action's path may place the record's id itself (`route/{id}`: `rail_shipment/route/5/`, the
   * spec's form) instead of before the segment (`rail_shipment/5/route/`).
   */
  path?: string;
  /**
   * A collection action several resources declare alike, also offered at one shared path per
   * entry, `/api/{path}/{action}/`, where the body's `key` names which resource by its model
   * (e.g. `certificate/bulk_update_date/` with `model: "usercertification"`).
   */
  alsoAt?: { paths: readonly string[]; key: string };
  /**
   * The resource whose records the action is about when it is offered on another's path
   * (`company/{id}/contracts/` lists contracts, docs/rail.md §5.1): its feature is needed too, and
   * `permission` names that resource's codenames (`view` is `view_contract` on `rail.contract`).
   */
  of?: ActionModel;
  /** The action reaches another server: besides its own answers it may answer 502 (the remote failed) and 504 (no answer in time). */
  remote?: true;
  /**
   * Input fields a POST, PUT or PATCH also takes from its query string, as the specification calls
   * some (`remove/?checkOnly=true`); a value in the body wins.
   */
  query?: readonly string[];
}

/** What an action's right is checked on: a resource's permission model, feature and own rows. */
export type ActionModel = Pick<Resource, 'perms' | 'feature' | 'own'>;

export type ActionResult = 'record' | 'list' | 'object' | 'file' | 'job' | 'none';

export interface FormSection { label: string; fields: string[] }

/** The side menu's icons (drawn by src/layout/menu-icons.tsx). */
export type MenuIcon =
  | 'home' | 'dashboard' | 'contract' | 'shipment' | 'trace' | 'fleet' | 'map' | 'report' | 'document' | 'terminal'
  | 'ticket' | 'gauge' | 'invoice' | 'customs' | 'scheduler' | 'partner' | 'invitation' | 'user' | 'party'
  | 'facility' | 'product' | 'settings' | 'form' | 'account';

/**
 * Where a resource's screens sit (docs/architecture.md, Screens): the route table, the side menu,
 * breadcrumbs, links and the returns after a save all derive from this, so no path is written twice.
 */
export interface ScreenDecl {
  /** The area's route prefix, e.g. `company/terminalboss/v3`: `{at}/{slug}/` lists, `{at}/{slug}/{id}/` shows one record. */
  at: string;
  slug: string;
  /** Breadcrumb label of the list (default: the plural label); one record takes it without a final `s`. */
  label?: string;
  /** The create/edit route `{at}/{form}/` (and `{at}/{form}/{id}/`), where the area has one. */
  form?: string;
  /** False where a record has no route of its own (it opens in the generic page). */
  detail?: boolean;
  /** The older screens over the same records, one level up: `{v2}/table/`, `{v2}/create/`, `{v2}/{legacy id}/`. */
  v2?: string;
  /** The side menu entry: its section, icon, place in the section, label, and whether it shows the count. */
  menu?: { section: string; icon: MenuIcon; order: number; label?: string; count?: boolean };
  /** Menu access codes that open the screens besides the view permission (any one of them). */
  codes?: readonly string[];
  /**
   * Full route paths where the area's routes are not `{at}/{slug}/` (docs/rail.md §11), e.g.
   * `{ list: 'company/contracts/:contractType?/', record: 'contract/:contractId/' }`: the list a save
   * or a delete returns to, one record's page (its one parameter is the record's id), the create page.
   */
  paths?: { list?: string; record?: string; create?: string };
}

/**
 * Own rows (docs/security.md, Own rows): the chain of references from a row to a user's account.
 * `personal`: the rows are only ever their user's (notifications): every signed-in user reads his
 * own, whatever his permissions, and nobody, an administrator or a superuser neither, reads another's.
 */
export interface OwnDecl { path: readonly string[]; personal?: true }

export interface ResourceInput {
  /** API path and react-admin resource name, e.g. `product` or `terminalboss/v3/vehicle`. */
  name: string;
  label: string;
  pluralLabel?: string;
  perms: { app: string; model: string };
  /** Where its screens sit in the route table and the menu; without it the resource has no screen of its own. */
  screen?: ScreenDecl;
  /** `company`: rows belong to a company (a `company` column is added); `self`: the row is a company. */
  tenant?: 'company' | 'self';
  /**
   * With `tenant: 'company'`: a row without a company is the platform's (the role groups every
   * company starts from). Every company reads it; only platform staff make, change or delete it.
   * A company's own rows stay its own (docs/security.md, Platform rows).
   */
  platformRows?: true;
  /**
   * Rows that are a user's own (docs/security.md, Own rows): the chain of references from a row to
   * the user's account, e.g. `['driver', 'account']` for a ticket whose driver is the user. A user
   * who holds `view_own_<model>` but not `view_<model>` reads only those rows, in every list,
   * record, document and export; `view_own_<model>` is added to the model's codenames.
   */
  own?: OwnDecl;
  /**
   * Rows two companies share (docs/partners.md, Two-sided records): the owner (`company`) and the
   * partner company the chain `partner.path` ends at. Both read them, in every list, record,
   * count, label and action; nobody else does.
   */
  partner?: PartnerDecl;
  /**
   * A read-only view of another resource's rows (its table, a chosen few of its fields), scoped
   * its own way, e.g. the contracts shared with a partner (`partner/railcontract` of `contract`).
   * No create, update, delete or copy routes; its actions are its own.
   */
  viewOf?: string;
  /**
   * Rows only the server writes (the audit trail, docs/audit.md): the API lists and reads them and
   * has no create, update, delete or copy route; writes to them are not themselves audited.
   */
  readOnly?: true;
  /** `uuid` for the v3 terminal entities addressed by UUID. */
  idKind?: 'serial' | 'uuid';
  /**
   * The time zone the record's dates and times belong to (docs/architecture.md, Time zones): the
   * chain of references from the row to the text field that holds an IANA zone, e.g.
   * `['created_by_server', 'timezone']` for a ticket of a site, or `['timezone']` on the site
   * itself. The record gets a read-only computed `time_zone` (the company's zone where the chain
   * ends empty), and every screen, print and export writes its times in that zone. `localDates`
   * names dates that are a time's local date there (`{ ticket_date: 'start_time' }`): a required
   * one may be left out when the time is given, and the resource's hooks derive and check it.
   */
  timeZone?: TimeZoneDecl;
  fields: Record<string, Field>;
  list?: {
    columns?: string[];
    search?: string[];
    /** Default ordering, e.g. `['name']` or `['-created_at']`. */
    ordering?: string[];
    /**
     * Further orderings users often read a `large` list in, one field each (e.g. `['code']`): each
     * gets the indexes the default ordering gets, so a filtered page in it reads only its own rows
     * (docs/architecture.md "List indexes"). An index per filter column: declare only orderings
     * measured to need it.
     */
    orderings?: string[];
    /** Without `page_size`, paged resources answer `{count, next, previous, results}`, others a plain array. */
    paged?: boolean;
    /** The key columns a phone shows (docs/table.md, Phones); by default the first three list columns. */
    compact?: string[];
  };
  /**
   * The fields a record's label is made of (src/resources/record-label.ts), e.g. `['first_name',
   * 'last_name']`; by default the first text field, else the id. The label shown in choices,
   * pickers and reference cells and the order a reference column sorts by both derive from it.
   */
  labelFields?: LabelDecl;
  /** Columns that together are unique (within the tenant when tenant is set). */
  unique?: string[][];
  /**
   * Rules the database itself holds for every row (CHECK constraints), by name: an SQL condition
   * over the table's columns, e.g. `{ booked_within_capacity: 'booked <= capacity' }`. For the
   * invariants concurrent writers must not break even past the engine (two server processes).
   */
  checks?: Record<string, string>;
  /** Composite indexes for list shapes a screen is known to ask for, e.g. `[['company', 'class', 'name']]`. */
  indexes?: string[][];
  /**
   * The list grows large (hundreds of thousands of rows per company): every filterable list column
   * then also gets a (tenant, column, ordering...) index, so a page filtered on any column stays
   * fast (server/db/tables.ts `listIndexShapes`, docs/architecture.md "List indexes"). Costs an
   * index per column on every write: declare it for lists measured to need it.
   */
  large?: boolean;
  actions?: Record<string, ActionDecl>;
  form?: { sections: FormSection[] };
  /** Extra permission codenames of this model (beyond view/add/change/delete). */
  extraCodenames?: Record<string, string>;
  /** Table name override (default derives from the name). */
  table?: string;
  /** The company feature (subscription) this resource belongs to, e.g. `terminalboss`; without it the server refuses every route of it. */
  feature?: string;
  /** Further API paths serving the same records (e.g. the older `terminalboss/product` beside `terminalboss/v3/product`). */
  aliases?: string[];
}

export interface PartnerDecl {
  /** References from the row to the partner company, e.g. `['partner_company']` or `['party', 'platform_company']`. */
  path: readonly string[];
  /**
   * More chains to partner companies: the row is shared with the company any chain ends at (a
   * terminal ticket with the company its shipper is and with the company its consignee is).
   */
  also?: readonly (readonly string[])[];
  /**
   * A second chain that must also end at the partner for it to read the row: the partnership
   * still holds (the order's contract is still shared with it). When the partnership ends, the
   * owner keeps the rows and the former partner reads none of them.
   */
  through?: readonly string[];
  /** Rows the owner does not see while this field holds one of these values (the partner's drafts). */
  hiddenFromOwner?: { field: string; values: readonly string[] };
  /** The owner sees only its rows that name a partner other than itself (a view of what it shares). */
  sharedOnly?: boolean;
  /** The partner reads only the rows whose field holds one of these values (issued bills of lading, not the owner's open work). */
  partnerSees?: { field: string; values: readonly string[] };
}

export interface TimeZoneDecl { path: readonly string[]; localDates?: Readonly<Record<string, string>> }

export interface Resource extends Required<Pick<ResourceInput, 'name' | 'label' | 'perms' | 'fields'>> {
  pluralLabel: string;
  feature?: string;
  screen?: ScreenDecl;
  tenant?: 'company' | 'self';
  platformRows?: true;
  own?: OwnDecl;
  partner?: PartnerDecl;
  viewOf?: string;
  readOnly?: true;
  idKind: 'serial' | 'uuid';
  timeZone?: TimeZoneDecl;
  table: string;
  list: { columns: string[]; search: string[]; ordering: string[]; orderings: string[]; paged: boolean; compact: string[] };
  /** The record's label, derived from `labelFields`. */
  choiceLabel: (row: Record<string, unknown>) => string;
  /** `labelFields` as the engine reads them: what a reference to this resource sorts by. */
  labelPieces: LabelPiece[];
  unique: string[][];
  checks: Record<string, string>;
  indexes: string[][];
  large: boolean;
  actions: Record<string, ActionDecl>;
  form: { sections: FormSection[] };
  extraCodenames: Record<string, string>;
  aliases: string[];
}

const SYSTEM_FIELDS = ['id', 'version', 'created_at', 'updated_at'];

export function defineResource(input: ResourceInput): Resource {
  const fields: Record<string, Field> = { ...input.fields };
  if (input.tenant === 'company' && !fields.company) {
    fields.company = ref('company', { label: 'Company', onDelete: 'cascade', index: true });
  }
  for (const name of Object.keys(fields)) {
    if (SYSTEM_FIELDS.includes(name)) throw new Error(`${input.name}: "${name}" is a system field`);
  }
  if (input.timeZone && TIME_ZONE_FIELD in fields) throw new Error(`${input.name}: "${TIME_ZONE_FIELD}" is derived from timeZone`);
  const names = Object.keys(fields);
  const columns = input.list?.columns ?? names.filter((n) => !['json', 'longtext', 'password', 'file'].includes(fields[n].kind)).slice(0, 8);
  const firstText = names.find((n) => fields[n].kind === 'text');
  const pieces = labelPieces(input.labelFields ?? (firstText ? [[firstText, 'id']] : ['id']));
  const resource: Resource = {
    name: input.name,
    label: input.label,
    pluralLabel: input.pluralLabel ?? `${input.label}s`,
    perms: input.perms,
    tenant: input.tenant,
    platformRows: input.platformRows,
    own: input.own,
    partner: input.partner,
    viewOf: input.viewOf,
    readOnly: input.readOnly,
    feature: input.feature,
    screen: input.screen,
    idKind: input.idKind ?? 'serial',
    timeZone: input.timeZone,
    // Added after the default columns and form are read from the declared fields: the zone is shown where times are.
    fields: input.timeZone ? { ...fields, [TIME_ZONE_FIELD]: timeZoneField() } : fields,
    table: input.table ?? input.name.replace(/[/-]/g, '_'),
    list: {
      columns,
      search: input.list?.search ?? (firstText ? [firstText] : []),
      ordering: input.list?.ordering ?? ['id'],
      orderings: input.list?.orderings ?? [],
      paged: input.list?.paged ?? true,
      compact: input.list?.compact ?? columns.slice(0, 3),
    },
    choiceLabel: labelFunction(pieces, fields),
    labelPieces: pieces,
    unique: input.unique ?? [],
    checks: input.checks ?? {},
    indexes: input.indexes ?? [],
    large: input.large ?? false,
    actions: input.actions ?? {},
    form: input.form ?? { sections: [{ label: input.label, fields: names.filter((n) => !fields[n].readOnly && n !== 'company') }] },
    extraCodenames: { ...input.extraCodenames, ...(input.own && !input.own.personal ? { [ownCodename(input)]: `Can view own ${(input.pluralLabel ?? `${input.label}s`).toLowerCase()}` } : {}) },
    aliases: input.aliases ?? [],
  };
  validateDeclaration(resource);
  return resource;
}

/** The zone each row's times are shown in, derived from `timeZone` by the engine (server/engine/computed.ts). */
const timeZoneField = () => text({ max: 64, readOnly: true, computed: true, label: 'Time zone', help: 'IANA time zone the times of this record are shown in.' });

/** Catch declaration mistakes at load time rather than at the first request. */
function validateDeclaration(r: Resource) {
  const known = new Set([...Object.keys(r.fields), ...SYSTEM_FIELDS]);
  const check = (where: string, name: string) => {
    if (!known.has(name.replace(/^-/, ''))) throw new Error(`${r.name}: ${where} names unknown field "${name}"`);
  };
  r.list.columns.forEach((c) => check('list.columns', c));
  r.list.search.forEach((c) => check('list.search', c));
  r.list.compact.forEach((c) => check('list.compact', c));
  r.list.ordering.forEach((c) => check('list.ordering', c));
  r.list.orderings.forEach((c) => check('list.orderings', c));
  r.unique.flat().forEach((c) => check('unique', c));
  r.indexes.flat().forEach((c) => check('indexes', c));
  Object.values(r.fields).flatMap((f) => f.sortBy ?? []).forEach((c) => check('sortBy', c));
  r.form.sections.flatMap((s) => s.fields).forEach((c) => check('form', c));
  if (r.timeZone) validateTimeZone(r, r.timeZone);
  r.labelPieces.flatMap((p) => p.fields).forEach((c) => check('labelFields', c));
  if (r.partner) {
    if (r.tenant !== 'company') throw new Error(`${r.name}: a partner record belongs to a company (tenant: 'company')`);
    for (const chain of [r.partner.path, ...r.partner.also ?? [], r.partner.through ?? []].filter((x) => x.length)) {
      if (r.fields[chain[0]]?.kind !== 'ref') throw new Error(`${r.name}: a partner chain must start with a reference field, not "${chain[0]}"`);
    }
    for (const [key, rule] of [['hiddenFromOwner', r.partner.hiddenFromOwner], ['partnerSees', r.partner.partnerSees]] as const) {
      if (rule && r.fields[rule.field]?.kind !== 'choice') throw new Error(`${r.name}: partner.${key} names "${rule.field}", which is not a choice`);
    }
  }
  if (r.platformRows && (r.tenant !== 'company' || r.partner || r.own)) throw new Error(`${r.name}: platform rows are rows of no company beside a company's own (tenant: 'company', not shared with a partner, not own rows)`);
  if (r.own) {
    const first = r.fields[r.own.path[0]];
    if (!first || first.kind !== 'ref') throw new Error(`${r.name}: own path must start with a reference field, not "${r.own.path[0]}"`);
  }
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind !== 'decimal' || f.unitField === undefined) continue;
    if (r.fields[f.unitField]?.kind !== 'ref' || f.unit) throw new Error(`${r.name}: ${name} takes its unit from a reference field of its own, not "${f.unitField}" (and declares no unit of its own)`);
  }
  for (const [name, f] of Object.entries(r.fields)) {
    if (f.kind !== 'choice' || !f.transitions) continue;
    const t = f.transitions;
    for (const state of t.final ?? []) if (t.moves[state]?.length) throw new Error(`${r.name}: ${name} moves out of the final state "${state}"`);
    for (const state of t.deletable ?? []) if (t.final?.includes(state) || !(state in t.moves)) throw new Error(`${r.name}: ${name} may not be deletable in "${state}"`);
    Object.values(t.requires ?? {}).flatMap((x) => Object.keys(x)).forEach((c) => check(`${name} requires`, c));
    for (const c of [t.permission, ...Object.values(t.codenames ?? {})]) {
      if (c && !(c in r.extraCodenames)) throw new Error(`${r.name}: ${name} needs the undeclared codename "${c}"`);
    }
    for (const state of Object.keys(t.codenames ?? {})) if (!(state in t.moves)) throw new Error(`${r.name}: ${name} names "${state}", which is no state of its lifecycle`);
    // A final state is already never edited; a locked one is left by a move.
    for (const state of Object.keys(t.locked ?? {})) if (!(state in t.moves) || t.final?.includes(state)) throw new Error(`${r.name}: ${name} locks "${state}", which is no state a record leaves by a move`);
  }
}

function validateTimeZone(r: Resource, tz: TimeZoneDecl) {
  const [first, ...rest] = tz.path;
  const f = r.fields[first];
  // The rest of the chain lies in other declarations, checked when the engine builds its SQL.
  if (!f || (rest.length ? f.kind !== 'ref' : f.kind !== 'text')) throw new Error(`${r.name}: timeZone path must start with a reference (or be a text field), not "${first}"`);
  for (const [day, time] of Object.entries(tz.localDates ?? {})) {
    if (r.fields[day]?.kind !== 'date' || r.fields[time]?.kind !== 'datetime') throw new Error(`${r.name}: timeZone.localDates pairs a date field with a datetime field, not "${day}" with "${time}"`);
  }
}

/** The fields an ordering by `name` sorts by (see `sortBy`). */
export const sortFields = (r: Pick<Resource, 'fields'>, name: string): readonly string[] => r.fields[name]?.sortBy ?? [name];

/** A view of another resource's rows: read only, no table of its own. */
export const isView = (r: Pick<Resource, 'viewOf'>): boolean => r.viewOf !== undefined;

/** No generic write route: a view (written through the resource it shows) or rows only the server writes. */
export const isReadOnly = (r: Pick<Resource, 'viewOf' | 'readOnly'>): boolean => isView(r) || r.readOnly === true;

/** `view_product`, `add_product`... (Django-style codenames). */
export const codename = (r: Pick<Resource, 'perms'>, verb: Verb) => `${verb}_${r.perms.model}`;
/** `view_own_ticket`: reading only one's own rows of a resource that declares `own`. */
export const ownCodename = (r: Pick<Resource, 'perms'>) => `view_own_${r.perms.model}`;
/** An action's path under its resource, e.g. `{id}/ship/`, `print_multiple/`, `route/{id}/`; `id` is written where the record's id goes. */
export function actionPath(name: string, a: Pick<ActionDecl, 'on' | 'path'>, id = '{id}'): string {
  const segment = a.path ?? name;
  if (a.on === 'detail' && segment.includes('{id}')) return `${segment.replace('{id}', id)}/`;
  return `${a.on === 'detail' ? `${id}/` : ''}${segment}/`;
}

export const contentType = (r: Pick<Resource, 'perms'>) => `${r.perms.app}.${r.perms.model}`;
export const VERBS: readonly Verb[] = ['view', 'add', 'change', 'delete'];
/**
 * The codenames an action accepts, any one of them enough; null for any signed-in user. `view` on a
 * resource with own rows also accepts `view_own_<model>`: the engine then reads the record, or
 * the listed records, among the caller's own.
 */
export function actionCodenames(r: ActionModel, a: ActionDecl): string[] | null {
  if (a.permission === 'authenticated') return null;
  const m = actionModel(r, a);
  const named = typeof a.permission === 'string' ? [a.permission] : [...a.permission];
  return named.flatMap((p) => {
    if (!VERBS.includes(p as Verb)) return [p];
    return p === 'view' && m.own ? [codename(m, 'view'), ownCodename(m)] : [codename(m, p as Verb)];
  });
}

/** The model an action's codenames belong to: its own resource's, or the one it is `of`. */
export const actionModel = (r: ActionModel, a: ActionDecl): ActionModel => a.of ?? r;

export const fieldLabel = (r: Resource, name: string) => {
  const system: Record<string, string> = { id: 'ID', version: 'Version', created_at: 'Created', updated_at: 'Updated' };
  return system[name] ?? labelOf(name, r.fields[name]);
};
