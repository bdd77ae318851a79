/** What the account resources do beyond their declarations: hooks and action handlers, one entry per resource. */
import { defineBehaviour } from '../../engine/behaviour';
import { applicationConfiguration } from '../../../src/resources/accounts/application-configuration';
import { company } from '../../../src/resources/accounts/company';
import { group } from '../../../src/resources/accounts/group';
import { permission } from '../../../src/resources/accounts/permission';
import { user } from '../../../src/resources/accounts/user';
import { userPopup } from '../../../src/resources/accounts/user-popup';
import { getCompanyConfig } from './company-config';
import { corsAnywhere } from './cors-anywhere';
import { companyHooks, groupHooks, permissionHooks, userHooks } from './hooks';
import { erpExportHooks, testSend } from './erp-export';
import { erpExport } from '../../../src/resources/accounts/erp-export';
import { additionalField } from '../../../src/resources/accounts/additional-field';
import { additionalFieldHooks, getModelFields, updateAdditionalFields } from './additional-fields';
import { getUserPopups, viewUserPopup } from './popups';
import { me, updateMe } from './profile';
import { backendVersion, changeCompany, regenerateToken, setPassword, userTokens } from './user-actions';
import { createRelatedCarrierCompany, wheelhouse } from '../rail/company';
import { companyContracts } from '../rail/contract-lists';
import { companyFacilities } from '../rail/facility';

export const accountBehaviours = [
  defineBehaviour(user, {
    hooks: userHooks,
    actions: {
      me, me_update: updateMe, backend_version: backendVersion, change_company: changeCompany,
      user_tokens: userTokens, set_password: setPassword, regenerate_token: regenerateToken, cors_anywhere: corsAnywhere,
    },
  }),
  defineBehaviour(group, { hooks: groupHooks }),
  // The rail desk's views of the company (docs/rail.md §6.7) are said here, with the company's hooks: a resource's behaviour is said once.
  defineBehaviour(company, {
    hooks: companyHooks,
    actions: { contracts: companyContracts, facilities: companyFacilities, create_related_carrier_company: createRelatedCarrierCompany, wheelhouse },
  }),
  defineBehaviour(permission, { hooks: permissionHooks }),
  defineBehaviour(erpExport, { hooks: erpExportHooks, actions: { test_send: testSend } }),
  defineBehaviour(additionalField, { hooks: additionalFieldHooks, actions: { get_model_fields: getModelFields, update_additional_fields: updateAdditionalFields } }),
  defineBehaviour(applicationConfiguration, { actions: { get_company_config: getCompanyConfig } }),
  defineBehaviour(userPopup, { actions: { get_user_popups: getUserPopups, view_user_popup: viewUserPopup } }),
];
