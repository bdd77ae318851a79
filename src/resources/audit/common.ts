/** What the audit trail's two resources share: where their screens sit and the codenames of record history. */
import type { ScreenDecl } from '../define';

/**
 * `config/audit/{changes|requests}/`: the administrators' audit screens (docs/audit.md, Screens);
 * a change opens as a person reads it (`config/audit/changes/{entryId}/`), a request has no page.
 */
export const auditScreen = (slug: string, label: string, record?: string): ScreenDecl =>
  ({ at: 'config/audit', slug, label, ...(record ? { paths: { record } } : { detail: false }) });

/**
 * Reading a record's history (the History tab of every record page) besides reading the record:
 * the whole audit screen is `view_crudevent`.
 */
export const RECORD_HISTORY = 'can_view_record_history';
export const AUDIT_CODES = { [RECORD_HISTORY]: "Can view a record's history" };
