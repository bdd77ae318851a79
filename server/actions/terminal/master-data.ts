/**
 * Terminal master data: the rules (hooks, registered on import) and the declared actions, keyed
 * `resource.action` for server/actions/index.ts.
 */
import type { ActionHandler } from '../registry';
import { TB_LOCATION, TB_USER, TB_VEHICLE } from '../../../src/resources/terminal/common';
import { VEHICLE_TYPES } from '../../../src/resources/terminal/vehicle';
import { asValueLabels, containerVolumes, locationTypes } from './location-actions';
import { availableNumericUsername, generatePassword, setTerminalUserPassword } from './terminal-user-actions';
import { staticDensities } from './gc-analysis';
import { bulkSetExpiry, uploadCertificate } from './certificates';
import { HELD_CERTIFICATES } from '../../../src/resources/terminal/held-certificates';
import './location-land';
import './terminal-company';
import './company-hierarchy';

export const masterDataActions: Record<string, ActionHandler> = {
  [`${TB_LOCATION}.types`]: locationTypes,
  [`${TB_LOCATION}.container_volumes`]: containerVolumes,
  [`${TB_VEHICLE}.types`]: async () => asValueLabels(VEHICLE_TYPES),
  [`${TB_USER}.generate_password`]: generatePassword,
  [`${TB_USER}.get_available_numeric_username`]: availableNumericUsername,
  [`${TB_USER}.set_password`]: setTerminalUserPassword,
  'terminalboss/v3/gcanalysis.static_densities': staticDensities,
  ...Object.fromEntries(HELD_CERTIFICATES.flatMap((r) => [
    [`${r.name}.upload_certificate`, uploadCertificate],
    [`${r.name}.bulk_update_date`, bulkSetExpiry],
    [`${r.name}.bulk_delete_date`, bulkSetExpiry],
  ])),
};
