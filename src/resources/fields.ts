/**
 * Field kinds of a resource declaration. A field says what a value is; the server derives the
 * column, the validation and the API metadata from it, and the browser derives the input.
 * Plain data only: this module is imported by both the server and the browser.
 */

export type Choice = readonly [value: string, label: string];
/** What a status value means for its chip's colour (docs/shell.md, Status chips). */
export type ChipState = 'active' | 'inactive';

interface Common {
  label?: string;
  help?: string;
  /** Must be given on create (and may not be cleared). */
  required?: boolean;
  /** Never written by clients; the server fills it. */
  readOnly?: boolean;
  /**
   * Written only by platform staff (superusers and users of the platform operator's company):
   * billing and identity fields a tenant must not change about itself (docs/security.md).
   */
  staffOnly?: boolean;
  /** Applied on create when the client does not send the field. */
  default?: unknown;
  /** `false`: a copy (clone) leaves the value out, so it gets its default or is assigned on save (numbers, signatures). */
  copy?: false;
  /**
   * `false`: the audit trail ignores the column (docs/audit.md): a value the server keeps current as
   * the record is used (the last sign-in) is no change of the record.
   */
  audit?: false;
  /** Build a database index for this column (lists filter or sort by it). */
  index?: boolean;
  unique?: boolean;
  /** Hide from list filters / ordering (e.g. long text). Defaults to true for most kinds. */
  filterable?: boolean;
  sortable?: boolean;
  /** No column: the server derives the value on every read (server/engine/computed.ts). Also set `readOnly`. */
  computed?: boolean;
  /** Sorting by this field sorts by these fields instead: a computed label (`TILX 1234`) sorts by what it is made of. */
  sortBy?: readonly string[];
}

export interface TextField extends Common {
  kind: 'text';
  max: number;
  format?: 'email' | 'url';
  /** A whole-value pattern (JavaScript regex source) and the message shown when it does not match. */
  pattern?: { source: string; message: string };
  /** A further domain check (e.g. a check digit); returns the error message, or nothing. */
  check?: (value: string) => string | undefined;
  /** Stored upper-case: input in any case is accepted (the pattern sees it as sent) and upper-cased, and so are filter values. */
  upper?: boolean;
  /** Surrounding spaces are dropped before any check (a number typed or pasted with a stray space). */
  trim?: boolean;
  /** The values a form offers to pick from, read when the form is shown (the server still checks the value). */
  suggest?: () => readonly Choice[];
}
export interface LongTextField extends Common { kind: 'longtext' }
export interface IntegerField extends Common {
  kind: 'integer'; min?: number; max?: number;
  /** Numbered by the database (an identity column), e.g. the short number older screens address a record by. */
  identity?: boolean;
  /** A number that names something (a car number): shown as written, without thousands separators. */
  identifier?: boolean;
  /** A 0-or-1 setting kept as a number, as the older screens keep it (an allocation's loading warning): edited as a switch, shown as Yes or No. */
  flag?: boolean;
}
export interface DecimalField extends Common {
  kind: 'decimal'; digits: number; places: number; unit?: string;
  /** Shown with the places it was written with rather than padded to `places` (a company's own number field). */
  asWritten?: boolean;
  /**
   * The unit is each row's own: the reference field of the same record that names it (a ticket's
   * volumes are in its `volume_unit`). Instead of `unit`; the CSV header then says where the unit is
   * and the export carries that column (docs/table.md, Export).
   */
  unitField?: string;
  /** Inclusive bounds (e.g. a latitude), checked on input. */
  min?: number; max?: number;
  /**
   * The whole digits a list column makes room for where its values run larger than most
   * (docs/table.md, Column widths): an invoice's total in the millions. Default: at most five.
   */
  columnDigits?: number;
}
export interface BooleanField extends Common { kind: 'boolean' }
export interface DateField extends Common { kind: 'date' }
export interface DateTimeField extends Common { kind: 'datetime' }
/**
 * A lifecycle declared on a status field (docs/architecture.md "Lifecycles"). The server refuses
 * any other move, checks each move's codename and required fields, keeps final records final, and
 * records every transition; the screens offer only the moves this user may make on this record.
 */
export interface Lifecycle {
  /** The states a new record may start in. */
  initial: readonly string[];
  /** The states each state may move to. */
  moves: Readonly<Record<string, readonly string[]>>;
  /** States a record never leaves, and in which it is neither edited nor deleted ("void, never delete"). */
  final?: readonly string[];
  /**
   * The states a record may still be deleted in, e.g. a draft keyed by mistake. Records that carry
   * legal or measurement meaning (tickets, bills of lading, invoices) list only these: past them
   * they are voided, never deleted. Left out, any state but a final one.
   */
  deletable?: readonly string[];
  /**
   * What the delete refusal past the deletable states tells the user to do instead, where the
   * first final state's name is no verb: `'Cancel it instead.'` (default: `'Void it instead.'` from
   * a final state labelled Void).
   */
  instead?: string;
  /** The codename a move needs beyond `change_<model>` (on the resource's own model), e.g. `can_change_ticket_status`. */
  permission?: string;
  /**
   * The codename a move *into* a state needs beyond those, per state (`{ shipped: 'ship_railshipment',
   * void: 'void_railshipment' }`), where each move is its own act with its own right.
   */
  codenames?: Readonly<Record<string, string>>;
  /**
   * States a record is not edited in but may leave by a declared move, each with the hint that
   * follows the refusal: `{ shipped: 'Open it for correction first.' }`. In one, a write may change
   * only the lifecycle field, the fields the move requires, and the read-only fields the running
   * action declares it writes.
   */
  locked?: Readonly<Record<string, string>>;
  /**
   * Fields a move into a state needs filled (the why of that transition), each with the message
   * shown when it is blank: `{ void: { void_reason: 'Give the reason for voiding the ticket.' } }`.
   */
  requires?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface ChoiceField extends Common {
  kind: 'choice'; choices: readonly Choice[];
  transitions?: Lifecycle;
  /**
   * Show values as status chips (active green, inactive red, anything else the warning colour).
   * Coded values name which of them mean active or inactive: `{ P: 'active', I: 'inactive' }`.
   */
  chip?: boolean | Readonly<Record<string, ChipState>>;
}
export interface RefField extends Common {
  kind: 'ref';
  to: string;
  onDelete: 'cascade' | 'restrict' | 'set null';
  /**
   * False: the column holds the id without a foreign key, so the row outlives what it names (an
   * audit entry keeps the id of a deleted record, user or company, and never blocks the delete).
   */
  foreignKey?: false;
}
export interface RefsField extends Common {
  kind: 'refs'; to: string;
  /** At most this many ids (an action's list of records, e.g. 500 tickets per call). */
  max?: number;
}
export interface JsonField extends Common {
  kind: 'json'; shape: 'object' | 'array' | 'any';
  /** Largest value accepted, in bytes of its JSON text (default JSON_MAX_BYTES); validation only, no column change. */
  maxBytes?: number;
}
/** A JSON value is a setting or a small document, not a store: 64 KB unless the field says otherwise. */
export const JSON_MAX_BYTES = 64 * 1024;
export interface FileField extends Common { kind: 'file'; accept: readonly string[]; maxBytes: number }
/**
 * Write-only secret, never returned: a person's password, stored hashed; or with `secret` a
 * credential the server itself presents elsewhere (an ERP endpoint's authorization), stored as given.
 */
export interface PasswordField extends Common { kind: 'password'; secret?: true }
/** A list of short strings (roles, tags). */
export interface TagsField extends Common {
  kind: 'tags'; choices?: readonly Choice[];
  /** At most this many items (an action's list of recipients). */
  max?: number;
  /** Every item an email address (kept trimmed and lower-cased). */
  format?: 'email';
}

export type Field =
  | TextField | LongTextField | IntegerField | DecimalField | BooleanField | DateField
  | DateTimeField | ChoiceField | RefField | RefsField | JsonField | FileField | PasswordField
  | TagsField;

export type FieldKind = Field['kind'];

type Opts<F> = Omit<F, 'kind'>;
type Partly<F, K extends keyof F> = Omit<Opts<F>, K> & Partial<Pick<F, K>>;

export const text = (o: Partly<TextField, 'max'> = {}): TextField => ({ kind: 'text', max: 255, ...o });
export const longText = (o: Opts<LongTextField> = {}): LongTextField => ({ kind: 'longtext', filterable: false, sortable: false, ...o });
export const integer = (o: Opts<IntegerField> = {}): IntegerField => ({ kind: 'integer', ...(o.identity ? { readOnly: true } : {}), ...o });
export const decimal = (o: Partly<DecimalField, 'digits' | 'places'> = {}): DecimalField =>
  ({ kind: 'decimal', digits: 18, places: 6, ...o });
export const bool = (o: Opts<BooleanField> = {}): BooleanField => ({ kind: 'boolean', ...o });
export const date = (o: Opts<DateField> = {}): DateField => ({ kind: 'date', ...o });
export const datetime = (o: Opts<DateTimeField> = {}): DateTimeField => ({ kind: 'datetime', ...o });
export const choice = (choices: readonly Choice[], o: Opts<Omit<ChoiceField, 'choices'>> = {}): ChoiceField =>
  ({ kind: 'choice', choices, ...o });
export const ref = (to: string, o: Partly<RefField, 'to' | 'onDelete'> = {}): RefField =>
  ({ kind: 'ref', to, onDelete: o.required ? 'restrict' : 'set null', ...o });
export const refs = (to: string, o: Partly<RefsField, 'to'> = {}): RefsField => ({ kind: 'refs', to, filterable: true, sortable: false, ...o });
export const json = (o: Partly<JsonField, 'shape'> = {}): JsonField =>
  ({ kind: 'json', shape: 'object', filterable: false, sortable: false, ...o });
export const file = (o: Partly<FileField, 'accept' | 'maxBytes'> = {}): FileField =>
  ({ kind: 'file', accept: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 10 * 1024 * 1024, filterable: false, sortable: false, ...o });
export const password = (o: Opts<PasswordField> = {}): PasswordField =>
  ({ kind: 'password', filterable: false, sortable: false, ...o });
export const tags = (o: Opts<TagsField> = {}): TagsField => ({ kind: 'tags', sortable: false, ...o });

/** The label of a choice's value (`'outage'` -> `Outage`), or the value itself when it is none of them. */
export const choiceWord = (choices: readonly Choice[], value: unknown): string => choices.find(([v]) => v === value)?.[1] ?? String(value);

/** Human label from a snake_case or camelCase field name: `harmonizedCode` -> `Harmonized code`. */
export function labelOf(name: string, field?: { label?: string }): string {
  if (field?.label) return field.label;
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isFilterable = (f: Field) => f.filterable ?? !['longtext', 'json', 'file', 'password'].includes(f.kind);
export const isSortable = (f: Field) => f.sortable ?? !['longtext', 'json', 'file', 'password', 'refs', 'tags'].includes(f.kind);
