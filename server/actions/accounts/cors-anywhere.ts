/**
 * `POST user/cors_anywhere/ {url}`: the server fetches a URL the browser may not (no CORS headers on
 * the remote), within the operator's rules (server/http/outbound-fetch.ts). The answer is the
 * remote's body with its type, as an attachment that runs nothing in the app's origin; a refused
 * URL is the caller's error (400, on `url`), a remote that fails or answers an error is 502, one
 * that does not answer in time 504.
 */
import type { ActionHandler } from '../../engine/action-handler';
import { ActionReply } from '../../engine/action-reply';
import { HttpError, fieldError } from '../../engine/errors';
import { FetchRefused, guardedFetch } from '../../http/outbound-fetch';

export const corsAnywhere: ActionHandler = async ({ services, input }) => {
  try {
    const got = await guardedFetch(String(input.url), services.config.fetch);
    if (got.status < 200 || got.status >= 300) throw new HttpError(502, { detail: `The remote server answered ${got.status}.` });
    return new ActionReply(200, got.body, {
      'content-type': got.contentType,
      'content-disposition': 'attachment',
      'content-security-policy': "sandbox; default-src 'none'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
  } catch (e) {
    if (!(e instanceof FetchRefused)) throw e;
    if (e.status === 400) throw fieldError('url', e.message);
    throw new HttpError(e.status, { detail: e.message });
  }
};
