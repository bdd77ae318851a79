/**
 * A 400 answer `{field: ['msg', ...], non_field_errors: [...]}` split into what the form shows on
 * its fields (several messages joined by new lines, docs/shell.md, Errors) and what is left for a toast.
 */
const texts = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(texts) : typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(texts) : [];

export function splitSubmitErrors(body: unknown, formFields: readonly string[]): { fields: Record<string, string>; rest: Record<string, string> } {
  const fields: Record<string, string> = {};
  const rest: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { fields, rest: { detail: texts(body).join('\n') } };
  // The data provider adds react-admin's `errors` map beside the server's own keys; prefer the
  // server's keys, and fall back to the map (its `root.serverError` is the non-field message).
  const { errors, ...own } = body as Record<string, unknown>;
  const nested = errors && typeof errors === 'object' && !Array.isArray(errors)
    ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === 'root.serverError' ? 'non_field_errors' : k, v]))
    : {};
  const source: Record<string, unknown> = Object.keys(own).length ? own : nested;
  for (const [key, value] of Object.entries(source)) {
    const message = texts(value).join('\n');
    if (!message) continue;
    if (formFields.includes(key)) fields[key] = message;
    else rest[key] = message;
  }
  return { fields, rest };
}

export const httpStatus = (e: unknown): number | undefined =>
  e && typeof e === 'object' && 'status' in e && typeof e.status === 'number' ? e.status : undefined;

export const httpBody = (e: unknown): unknown => (e && typeof e === 'object' && 'body' in e ? e.body : undefined);

/**
 * What a failed save shows, for every form: a 409/412 goes to `onConflict`; a 400 lands on the
 * form's fields (returned, for react-admin's onSubmit) and the rest becomes a toast; anything else
 * is a toast.
 */
export function submitErrorsOf(e: unknown, formFields: readonly string[], o: { onConflict(): void; notifyError(error: unknown): void }): Record<string, string> | undefined {
  const status = httpStatus(e);
  if (status === 409 || status === 412) { o.onConflict(); return undefined; }
  if (status === 400) {
    const { fields, rest } = splitSubmitErrors(httpBody(e), formFields);
    if (Object.keys(rest).length) o.notifyError(rest);
    return Object.keys(fields).length ? fields : undefined;
  }
  o.notifyError(e);
  return undefined;
}
