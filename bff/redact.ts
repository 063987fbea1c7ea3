/**
 * The secrets a URL may carry, redacted wherever one is written down: the access log (log.ts)
 * and the spans of traces (tracing/start.ts). No dependency: tracing loads it before the modules
 * it instruments.
 */
export const REDACTED = '[REDACTED]';

/** Query parameters that carry one-time codes, activation secrets or tokens. */
export const SECRET_QUERY_PARAMS = [
  'code',
  'token',
  'sign',
  'ticket',
  'password',
  'sk',
  'access_token',
] as const;

const SECRET_PARAMS = new RegExp(`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#]*`, 'gi');

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, `$1${REDACTED}`);
}
