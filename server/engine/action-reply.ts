/**
 * What an action handler answers beyond a plain value (sent as JSON with 200, or 204 when the
 * handler returns nothing): a status, headers and a body, so that handlers never touch the reply.
 */
export class ActionReply {
  constructor(readonly status: number, readonly body: unknown, readonly headers: Readonly<Record<string, string>> = {}) {}
}

/** A record the action created: 201. */
export const created = (record: unknown) => new ActionReply(201, record);

/** A file to download under a name safe in a header (anything but letters, digits, `.`, `_` and `-` becomes `_`). */
export function download(filename: string, contentType: string, data: Buffer, headers: Record<string, string> = {}) {
  const safe = filename.replace(/[^\w.-]+/g, '_');
  return new ActionReply(200, data, { 'content-type': contentType, 'content-disposition': `attachment; filename="${safe}"`, ...headers });
}
