/**
 * Every behaviour of the product, by area: each entry names one resource's hooks, computed fields
 * and action handlers (server/engine/behaviour.ts). Installed here, once; the engine refuses to
 * start when a declared action has no handler.
 */
import { installBehaviours } from '../engine/behaviour';
import { accountBehaviours } from './accounts/behaviours';
import { carBehaviour } from './fleet/car';
import { carEventBehaviour } from './fleet/car-event';
import { productBehaviour } from './logistics/product-colors';
import { terminalBehaviours } from './terminal/behaviours';
import { railBehaviours } from './rail/behaviours';
import { invitationBehaviour } from './partner/invitations';
import { partnerContractBehaviour, partnerOrderBehaviour } from './partner/orders';
import { partnerNominationBehaviour } from './partner/nominations';
import { partnerShipmentBehaviour } from './partner/shipments';
import { partnerTicketBehaviour } from './partner/tickets';
import { traceBehaviours } from './trace/behaviours';
import { billOfLadingAttachmentBehaviour, billOfLadingBehaviour } from './documents/bills-of-lading';
import { scheduleBehaviours } from './schedule/behaviours';
import { auditBehaviours } from './audit/behaviours';
import { notificationBehaviour } from './notifications/behaviours';
import { reportBehaviour } from './reports/reports';
import { invoiceBehaviours } from './invoice/behaviours';
import { yardBehaviours } from './yard/behaviours';

export const behaviours = [...accountBehaviours, productBehaviour, carBehaviour, carEventBehaviour, ...terminalBehaviours, ...railBehaviours, ...invoiceBehaviours, ...yardBehaviours, invitationBehaviour, partnerContractBehaviour, partnerOrderBehaviour, partnerNominationBehaviour, partnerShipmentBehaviour, partnerTicketBehaviour, ...traceBehaviours, billOfLadingBehaviour, billOfLadingAttachmentBehaviour, ...scheduleBehaviours, ...auditBehaviours, notificationBehaviour, reportBehaviour];

export const actionHandlers = installBehaviours(behaviours);
