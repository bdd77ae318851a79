/**
 * The labels of referenced records that the server sends with a record (`_labels`, asked for with
 * `?labels=1`; docs/security.md, Reference labels): per reference field a label, or for a list of
 * references the labels in order; null where the label may not be sent.
 */
export type SentLabels = Record<string, string | null | (string | null)[]>;

export const sentLabels = (record: Record<string, unknown> | null | undefined): SentLabels | undefined =>
  (record?._labels ?? undefined) as SentLabels | undefined;

/**
 * The label the server sent for the record a reference field points at: null when it may not be
 * sent, undefined when the record came without labels.
 */
export function sentLabel(record: Record<string, unknown> | null | undefined, field: string): string | null | undefined {
  const v = sentLabels(record)?.[field];
  return typeof v === 'string' || v === null ? v : undefined;
}

/** Per id, the labels the server sent for a reference field (single or list) of these records. */
export function sentLabelMap(records: readonly Record<string, unknown>[], field: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rec of records) {
    const labels = sentLabels(rec)?.[field];
    if (labels === undefined || labels === null) continue;
    const ids = rec[field];
    if (Array.isArray(labels) && Array.isArray(ids)) labels.forEach((l, i) => { if (l !== null) out.set(String(ids[i]), l); });
    else if (typeof labels === 'string' && ids !== null && ids !== undefined) out.set(String(ids), labels);
  }
  return out;
}
