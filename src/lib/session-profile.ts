/**
 * The session user profile served by GET /api/user/me/ (docs/api.md, Users and the session profile), as the screens read it. The auth
 * provider's getPermissions() resolves to this object.
 */
import type { AccessProfile } from '../authProvider/permissions';

export interface CompanyChoice { id: number; name: string; subscribed: boolean }

export interface SessionProfile extends AccessProfile {
  id: number;
  email: string;
  name: string | null;
  username?: string | null;
  company: (NonNullable<AccessProfile['company']> & {
    subscribed?: boolean;
    companies?: CompanyChoice[];
    application_configuration?: {
      company_universal_timezone: string;
      application_title?: string | null;
      quantity_decimals?: string | null;
      settings?: Record<string, unknown>;
    } | null;
  }) | null;
  ui_config?: Record<string, unknown>;
  app_config?: { dark_mode?: boolean | null } & Record<string, unknown>;
}
