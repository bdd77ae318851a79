/**
 * What each demo group holds, from its rule in GROUP_RULES (demo-data.ts). The base seed grants it
 * when it creates the groups; a later area's seed (the fleet) grants its own permissions the same
 * way, so a demo database created before that area existed gets them too.
 */
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { joinTableOf, tableOf } from '../db/tables';
import { group } from '../../src/resources/accounts/group';
import { permission } from '../../src/resources/accounts/permission';
import { DRIVER_OWN_ROWS, GROUP_RULES } from './demo-data';

/**
 * Platform-level models that only the platform operator (superusers) changes; others may view them.
 * Groups are not among them: a company's administrator makes and changes his company's own roles
 * (the platform's groups stay the platform's: server/engine/platform-rows.ts).
 */
const PLATFORM_MODELS = ['auth.permission', 'accounts.company', 'accounts.userpopup', 'trace.stcc'];

type Perm = { content_type: string; codename: string };

/**
 * Codenames that guard what some demo groups did before the codes existed, and those groups:
 * uploading files (operators attach scans), emailing tickets (operators and drivers mail what
 * they may view). Site Administration holds every codename anyway. Mailing tickets outside the
 * company's known contacts (`can_email_tickets_to_anyone`) stays with Site Administration.
 */
export const ADDED_GRANTS: Record<string, readonly string[]> = {
  Operator: ['add_storedfile', 'can_email_tickets'],
  Driver: ['can_email_tickets', ...DRIVER_OWN_ROWS],
};
export const ADDED_CODES = ['add_group', 'change_group', 'delete_group', 'view_contractdefaults', 'add_contractdefaults', 'change_contractdefaults', 'delete_contractdefaults', 'view_erpexport', 'add_erpexport', 'change_erpexport', 'delete_erpexport',
  ...['riser', 'riserschedulecompanyconfig', 'form', 'additionalfield', 'servicecontract', 'servicecontractticket', 'ticketinvoice', 'ticketinvoiceline', 'crossbordercontract', 'limit', 'limitperiod', 'limitproperties', 'allocation', 'transferlimit', 'invoiceproduct', 'invoiceproductcondition', 'unitprice', 'invoice', 'invoiceitem', 'customsinvoice', 'customsitem', 'railyard', 'railyardtrack', 'railyardcar', 'railyardmove', 'railcarswitchlist'].flatMap((m) => ['view', 'add', 'change', 'delete'].map((v) => `${v}_${m}`)), 'add_storedfile', 'can_email_tickets', 'can_email_tickets_to_anyone', ...DRIVER_OWN_ROWS, 'view_crudevent', 'view_requestevent', 'can_view_record_history',
  'approve_ticketinvoice', 'send_ticketinvoice', 'issue_invoice', 'void_invoice', 'send_customsinvoice', 'void_customsinvoice', 'plan_railyard', 'switch_railyard'];
/**
 * What a group gave up when it got an added code: drivers read every ticket before they read only
 * their own, and read the terminal's products only after.
 */
const REPLACED: Record<string, { code: string; withdraw: string[]; grant: string[] }> = {
  Driver: {
    code: 'view_own_ticket',
    withdraw: ['terminalboss.ticket:view_ticket', 'terminalboss.ticketentry:view_ticketentry', 'terminalboss.ticketproperty:view_ticketproperty'],
    grant: ['terminalboss.product:view_product'],
  },
};

export function grants(rule: (typeof GROUP_RULES)[string], p: Perm): boolean {
  const name = Object.keys(GROUP_RULES).find((k) => GROUP_RULES[k] === rule);
  if (name && ADDED_GRANTS[name]?.includes(p.codename)) return true;
  const model = p.content_type.split('.')[1];
  // Models a rule grants other verbs on than its own (a dispatcher ships without deleting shipments).
  const more = rule.more?.find((m) => m.models.includes(p.content_type));
  if (more) return more.verbs.some((v) => p.codename === `${v}_${model}`) || (!['view', 'add', 'change', 'delete'].some((v) => p.codename === `${v}_${model}`) && (rule.codes.includes('*') || rule.codes.includes(p.codename)));
  const verb = rule.verbs.find((v) => p.codename === `${v}_${model}`);
  if (!verb && ['view', 'add', 'change', 'delete'].some((v) => p.codename === `${v}_${model}`)) return false;
  if (verb) {
    if (verb === 'view' && rule.viewModels?.includes(p.content_type)) return true;
    if (rule.models !== '*') return rule.models.includes(p.content_type);
    // A company's own administrator may edit its company (not its name, subscription or features:
    // those are platform staff's), but not create or delete companies.
    if (p.content_type === 'accounts.company') return verb === 'view' || verb === 'change';
    return !PLATFORM_MODELS.includes(p.content_type) || verb === 'view';
  }
  return rule.codes.includes('*') || rule.codes.includes(p.codename);
}

/**
 * Links every demo group that exists to the permissions of `contentTypes` its rule grants (or only
 * to those of `codenames`, when given); links already there stay.
 */
export async function grantDemoGroups(db: Db, contentTypes: readonly string[], codenames?: readonly string[]) {
  const p = tableOf(permission);
  const perms = await db.select().from(p).where(and(inArray(p.content_type, [...contentTypes]), codenames ? inArray(p.codename, [...codenames]) : undefined));
  const g = tableOf(group);
  for (const [name, rule] of Object.entries(GROUP_RULES)) {
    const [found] = await db.select({ id: g.id }).from(g).where(and(eq(g.name, name), isNull(g.company)));
    const granted = perms.filter((p) => grants(rule, p as Perm));
    if (found && granted.length) {
      await db.insert(joinTableOf(group, 'permissions')).values(granted.map((p) => ({ owner_id: found.id, target_id: p.id }))).onConflictDoNothing();
    }
  }
}

/**
 * A demo database made before ADDED_CODES existed: each of those codenames that no group holds
 * yet is new to it, and goes to the demo groups whose rule grants it. A codename some group
 * already holds is left alone, so an administrator's later changes stay.
 */
export async function grantAddedCodes(db: Db) {
  const p = tableOf(permission);
  const gp = joinTableOf(group, 'permissions');
  const fresh = await db.select().from(p).where(and(
    inArray(p.codename, ADDED_CODES),
    notExists(db.select({ one: sql`1` }).from(gp).where(eq(gp.target_id, p.id))),
  ));
  if (!fresh.length) return;
  const g = tableOf(group);
  for (const [name, rule] of Object.entries(GROUP_RULES)) {
    const [found] = await db.select({ id: g.id }).from(g).where(and(eq(g.name, name), isNull(g.company)));
    const granted = fresh.filter((x) => grants(rule, x as Perm));
    if (found && granted.length) await db.insert(gp).values(granted.map((x) => ({ owner_id: found.id, target_id: x.id }))).onConflictDoNothing();
    const replaced = REPLACED[name];
    if (found && replaced && granted.some((x) => x.codename === replaced.code)) await replaceGrants(db, found.id, replaced);
  }
}

async function replaceGrants(db: Db, groupId: number, r: (typeof REPLACED)[string]) {
  const gp = joinTableOf(group, 'permissions');
  const withdrawn = await permissionIds(db, r.withdraw);
  if (withdrawn.length) await db.delete(gp).where(and(eq(gp.owner_id, groupId), inArray(gp.target_id, withdrawn)));
  const granted = await permissionIds(db, r.grant);
  if (granted.length) await db.insert(gp).values(granted.map((id) => ({ owner_id: groupId, target_id: id }))).onConflictDoNothing();
}

/** Ids of permissions named `content_type:codename`. */
async function permissionIds(db: Db, named: readonly string[]): Promise<number[]> {
  const p = tableOf(permission);
  const out: number[] = [];
  for (const entry of named) {
    const [contentType, codename] = entry.split(':');
    const [perm] = await db.select({ id: p.id }).from(p).where(and(eq(p.content_type, contentType), eq(p.codename, codename)));
    if (perm) out.push(perm.id);
  }
  return out;
}
