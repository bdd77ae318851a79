/** What the audit trail's actions answer (docs/audit.md, Reading the trail). */
import { instant, int, listOf, maybe, obj, oneOfChoices, str } from '../answers';

export const EVENT_TYPES = [['create', 'Created'], ['update', 'Changed'], ['delete', 'Deleted']] as const;

/** One changed field: its label, kind, and the values before and after as stored and as read. */
const FIELD_CHANGE = obj({
  field: str('The field, as the API names it.'),
  label: str('The field as forms label it.'),
  kind: str('The field kind (text, decimal, datetime, ref, choice, …), for formatting.'),
  before: maybe(str('The value before, as stored (null: none).')),
  after: maybe(str('The value after, as stored (null: none).')),
  before_text: maybe(str('The value before as a person reads it: a record\'s label, a choice\'s label, Yes or No.')),
  after_text: maybe(str('The value after as a person reads it.')),
});

export const READABLE_ENTRY = obj({
  id: int(),
  at: instant(),
  event_type: oneOfChoices(EVENT_TYPES),
  model: str('The resource, as the API names it.'),
  model_label: str('The resource as screens name it.'),
  object_id: str(),
  record_label: maybe(str('The record\'s label now, or as it was when deleted.')),
  user: maybe(int()),
  user_label: maybe(str('Who, as named then; null for the system (a job, a start).')),
  via: maybe(str('The call, e.g. `POST schedule/booking/{id}/cancel_booking/`.')),
  request_id: maybe(str()),
  remote_ip: maybe(str()),
  fields: listOf(FIELD_CHANGE, 'The changed fields, in the form\'s order.'),
});

export const PAGE_OF_ENTRIES = obj({ count: int('Entries of the record in all.'), results: listOf(READABLE_ENTRY, 'Newest first.') });
