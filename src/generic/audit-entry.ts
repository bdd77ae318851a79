/** An audit entry as the server reads it for people (`audit/crud/{id}/prettify/`, `audit/crud/record/`; docs/audit.md). */
import { EVENT_TYPES } from '../resources/audit/answers';

export interface FieldChange { field: string; label: string; kind: string; before: string | null; after: string | null; before_text: string | null; after_text: string | null }

export interface ReadableEntry {
  id: number; at: string; event_type: string; model: string; model_label: string; object_id: string; record_label: string | null;
  user_label: string | null; via: string | null; request_id: string | null; remote_ip: string | null; fields: FieldChange[];
}

const SAID: Record<string, string> = Object.fromEntries(EVENT_TYPES);

/** `Created`, `Changed`, `Deleted`. */
export const eventLabel = (type: string) => SAID[type] ?? type;
