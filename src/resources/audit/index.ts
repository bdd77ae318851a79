/** The audit trail (docs/audit.md): record changes and requests, written by the server, read through the API. */
import { crudEvent } from './crud-event';
import { requestEvent } from './request-event';

export const auditResources = [crudEvent, requestEvent];
