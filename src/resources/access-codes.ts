/**
 * Permission codenames that are not tied to one resource's add/change/delete: menu entries,
 * configuration pages and named abilities (docs/shell.md, Permissions). Each lives on a pseudo model so that the
 * `app.model` permission rule applies to them like to any other.
 */
import { type Resource, VERBS, actionCodenames, actionModel, codename, contentType } from './define';
import { labelOf } from './fields';

export const MENU_CODES = [
  'access_menu__contract', 'access_menu__contract_shipments', 'access_menu__shipments', 'access_menu__fleet',
  'access_menu__track_and_trace', 'access_menu__reports', 'access_menu__dashboard',
  'access_menu__invoice', 'access_menu__invoice_car', 'access_menu__invoice_price', 'access_menu__invoice_product',
  'access_menu__customs_forms', 'access_menu__customs_cars', 'access_menu__gauge_table',
  'access_menu__truck_scheduler_slots', 'access_menu__truck_scheduler_locations', 'access_menu__truck_scheduler_templates',
  'access_menu__invitations', 'partner_tboss_v2_tickets', 'partner_tboss_v3_tickets', 'partner_rail_shipments', 'partner_rail_contracts',
  'access_menu__gip_mass_balance', 'access_menu__v3__overview', 'access_menu__v2__overview',
] as const;

export const CONFIGURATION_CODES = [
  'configuration__parties', 'configuration__facilities', 'configuration__products', 'configuration__contracts',
  'configuration__user_administration', 'configuration__bol_number', 'configuration__code_generators',
  'configuration__risers', 'configuration__railrates', 'configuration__forms',
] as const;

/** Uploaded files are not a declared resource (they are stored for the file fields of others); uploading one needs this. */
export const FILE_CONTENT_TYPE = 'files.storedfile';
export const UPLOAD_FILE_CODE = 'add_storedfile';

export const MENU_CONTENT_TYPE = 'accounts.menu';
export const CONFIGURATION_CONTENT_TYPE = 'accounts.configuration';

export interface PermissionDef { content_type: string; codename: string; name: string }

/** Every permission the product knows, derived from the declarations plus the codes above. */
export function permissionCatalogue(resources: readonly Resource[]): PermissionDef[] {
  const out = new Map<string, PermissionDef>();
  const add = (ct: string, code: string, name: string) => out.set(`${ct}|${code}`, { content_type: ct, codename: code, name });
  for (const r of resources) {
    const ct = contentType(r);
    for (const v of VERBS) add(ct, codename(r, v), `Can ${v} ${r.label.toLowerCase()}`);
    for (const [code, name] of Object.entries(r.extraCodenames)) add(ct, code, name);
    for (const a of Object.values(r.actions)) {
      const act = contentType(actionModel(r, a));
      for (const code of actionCodenames(r, a) ?? []) if (!out.has(`${act}|${code}`)) add(act, code, labelOf(code));
    }
  }
  add(FILE_CONTENT_TYPE, UPLOAD_FILE_CODE, 'Can upload files');
  for (const code of MENU_CODES) add(MENU_CONTENT_TYPE, code, `Menu: ${labelOf(code.replace(/^access_menu__/, ''))}`);
  for (const code of CONFIGURATION_CODES) add(CONFIGURATION_CONTENT_TYPE, code, `Configuration: ${labelOf(code.replace(/^configuration__/, ''))}`);
  return [...out.values()];
}
