/** Every implemented domain action, keyed `resource.action`; the engine refuses to start when a declared one is missing. */
import type { ActionHandler } from './registry';
import { me, updateMe } from './accounts/profile';
import { backendVersion, changeCompany, regenerateToken, setPassword, userTokens } from './accounts/user-actions';
import { getCompanyConfig } from './accounts/company-config';
import { getUserPopups, viewUserPopup } from './accounts/popups';
import { productColors } from './logistics/product-colors';
import './accounts/hooks';
import './fleet/car';
import './fleet/car-event';
import { ticketActionHandlers } from './terminal/ticket-handlers';
import { masterDataActions } from './terminal/master-data';

export const actionHandlers: Record<string, ActionHandler> = {
  'user.me': me,
  'user.me_update': updateMe,
  'user.backend_version': backendVersion,
  'user.change_company': changeCompany,
  'user.user_tokens': userTokens,
  'user.set_password': setPassword,
  'user.regenerate_token': regenerateToken,
  'application_configuration.get_company_config': getCompanyConfig,
  'user_popup.get_user_popups': getUserPopups,
  'user_popup.view_user_popup': viewUserPopup,
  'product.product_colors': productColors,
  ...ticketActionHandlers,
  ...masterDataActions,
};
