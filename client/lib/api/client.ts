/**
 * The one HTTP client of the SPA (STYLE.md habit 3). It adds the CSRF header, the language, the
 * iframe marker and the 6 s timeout; turns replies that are not msgCode '10000' into ApiError;
 * shows the error toast (except for silent calls); and applies spec §4 to 401 and 403.
 */
import type { z } from 'zod/mini';
import { GATEWAY_BASE, type Endpoint, type ReplyFor, type RequestFor } from '@shared/contract/endpoint';
import { actsForShownAccount } from '@shared/contract/user-endpoints';
import { HEADERS, IFRAME_MARKER_VALUE, SUCCESS_CODE, type Envelope } from '@shared/api/envelope';
import type { CaptchaResult } from '@shared/api/envelope';
import { ACCOUNT_CHANGED_CODE, productMessage, type ProductMessage } from '@shared/errors/catalogue';
import { currentLocale } from '../i18n/locale-context';
import { notify, preloadToasts } from '../notify';
import { onUnauthorized, reloadForAnotherAccount, setPermitted, shownAccount } from './session-events';

export const REQUEST_TIMEOUT_MS = 6000;

export class ApiError extends Error {
  constructor(
    readonly msgCode: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Do not toast failures (the caller shows them itself). */
  silent?: boolean;
  /**
   * A lookup beside the page's own data (platform names on the user list): its 403 does without
   * it, instead of showing the whole page as not permitted.
   */
  aside?: boolean;
  captcha?: CaptchaResult;
  query?: Record<string, string>;
}

export function inIframe(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

function networkFailure(key: ProductMessage, code: string, silent: boolean): ApiError {
  const message = productMessage(key, currentLocale());
  if (!silent) notify.warning(message);
  return new ApiError(code, message, 0);
}

/** The headers every UAA call carries (CSRF, language, iframe marker). */
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'X-CSRF': '1',
    [HEADERS.lang]: currentLocale(),
    Accept: 'application/json',
  };
  if (inIframe()) headers[HEADERS.iframe] = IFRAME_MARKER_VALUE;
  return headers;
}

/** A call's body (optional when its schema admits none) and options. */
export type CallArgs<E extends Endpoint> =
  undefined extends RequestFor<E>
    ? [body?: RequestFor<E>, options?: CallOptions]
    : [body: RequestFor<E>, options?: CallOptions];

/**
 * One UAA call, to an endpoint of the contract's tables (USER_ENDPOINTS and the others, which
 * come with the pages that make their calls): the body is typed by the endpoint's request
 * schema, the reply checked by its reply schema.
 */
export async function call<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<Envelope<ReplyFor<E>>> {
  const [body, options = {}] = args as [unknown, CallOptions?];
  const silent = options.silent ?? endpoint.silent ?? false;
  // A call that may toast brings the toasts' code while it is under way (notify.ts).
  if (!silent) void preloadToasts().catch(() => undefined);
  const headers = baseHeaders();
  // The account this page shows: the BFF refuses the call when the session is another's (issue 40).
  const account = shownAccount();
  if (account !== undefined && actsForShownAccount(endpoint)) headers[HEADERS.account] = account;
  if (options.captcha) {
    headers.captchaVerifyParam = options.captcha.captchaVerifyParam;
    headers.sceneId = options.captcha.sceneId;
    headers.prefix = options.captcha.prefix;
  }
  let url = `${GATEWAY_BASE}${endpoint.path}`;
  if (options.query)
    url += `${url.includes('?') ? '&' : '?'}${new URLSearchParams(options.query).toString()}`;
  const init: RequestInit = { method: endpoint.method, headers };
  if (endpoint.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  // send's answer is checked by endpoint.reply, whose output is ReplyFor<E> (TypeScript loses E there).
  return send(url, init, silent, endpoint.reply, options.aside) as Promise<Envelope<ReplyFor<E>>>;
}

/**
 * Sends a prepared request (headers from baseHeaders) with the timeout and applies the reply
 * handling of call(): toasts, 401 and 403, and the check of a success's data against `data`
 * (a reply that breaks the contract is a malformed reply). Exported for the multipart upload.
 */
export async function send<S extends z.ZodMiniType>(
  url: string,
  init: RequestInit,
  silent: boolean,
  data: S,
  aside = false,
): Promise<Envelope<z.output<S>>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    throw timedOut
      ? networkFailure('networkTimeout', 'timeout', silent)
      : networkFailure('networkError', 'network', silent);
  }
  if (response.status === 504) throw networkFailure('networkTimeout', 'timeout', silent);

  let reply: Envelope | undefined;
  try {
    reply = (await response.json()) as Envelope;
  } catch {
    reply = undefined;
  }
  if (response.status === 401) {
    const message = productMessage('identityExpired', currentLocale());
    onUnauthorized();
    throw new ApiError(reply?.msgCode ?? 'A0211', message, 401);
  }
  if (response.status === 403 && !aside) setPermitted(false);
  if (response.status === 409 && reply?.msgCode === ACCOUNT_CHANGED_CODE) {
    // Made for the account this page shows, which is no longer the browser's: the page is
    // reloaded as whoever is signed in now, and says so then (not this refusal's text).
    reloadForAnotherAccount();
    throw new ApiError(reply.msgCode, reply.msg, 409);
  }
  if (!reply || typeof reply.msgCode !== 'string') {
    throw networkFailure('networkError', 'network', silent);
  }
  if (reply.msgCode !== SUCCESS_CODE) {
    const message = reply.msg || productMessage('networkError', currentLocale());
    // A refusal of the rate limits says when to try again (issue 29): the reply's Retry-After.
    const retry = response.status === 429 ? retryAdvice(response.headers.get('retry-after')) : '';
    const joined = retry ? `${message}${currentLocale() === 'zh-CN' ? '，' : '. '}${retry}` : message;
    const error = new ApiError(reply.msgCode, joined, response.status);
    if (!silent) notify.error(error.message);
    throw error;
  }
  // A success without data (absent or null) is the legacy UAA's "done"; data it does send must fit.
  const { data: sent, ...envelope } = reply;
  if (sent === undefined || sent === null) return envelope;
  const checked = data.safeParse(sent);
  if (!checked.success) throw networkFailure('networkError', 'network', silent);
  return { ...envelope, data: checked.data };
}

/** "Try again in 12 minutes.", from a Retry-After in seconds; '' without a usable one. */
export function retryAdvice(header: string | null): string {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds <= 0) return '';
  const locale = currentLocale();
  const [key, n]: [ProductMessage, number] =
    seconds < 120
      ? ['retryInSeconds', Math.ceil(seconds)]
      : seconds < 2 * 3600
        ? ['retryInMinutes', Math.ceil(seconds / 60)]
        : ['retryInHours', Math.ceil(seconds / 3600)];
  return productMessage(key, locale).replace('{n}', String(n));
}

/** BFF endpoints of our own (not the UAA): same headers, plain JSON. */
export async function bffGet<T>(path: string): Promise<T> {
  const response = await fetch(path, {
    headers: { 'X-CSRF': '1', Accept: 'application/json' },
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new ApiError(String(response.status), response.statusText, response.status);
  return (await response.json()) as T;
}
