/**
 * The one redirect checker (spec §5, issue "BFF hardening"): the BFF uses it authoritatively,
 * the SPA for early feedback. It admits only an absolute https URL (http and any port only for
 * loopback outside production) whose host is an allow-listed domain or a dot-boundary subdomain
 * of one, and refuses anything a browser or a server might read differently.
 */
import { isLoopbackHost, type AppEnv } from './environment';

export type RedirectVerdict =
  | { ok: true; url: URL }
  | { ok: false; reason: 'syntax' | 'scheme' | 'userinfo' | 'authority' | 'port' | 'host' };

// Control characters, space, DEL, backslash and anything outside ASCII.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const FORBIDDEN_CHARS = /[\u0000-\u0020\u007f-\uffff\\]/;

export function normalizeDomain(entry: string): string {
  return entry
    .trim()
    .toLowerCase()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
}

export function checkRedirect(raw: unknown, allowlist: readonly string[], env: AppEnv): RedirectVerdict {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048 || FORBIDDEN_CHARS.test(raw)) {
    return { ok: false, reason: 'syntax' };
  }
  const match = /^(https?):\/\/([^/?#]*)/i.exec(raw);
  if (!match) return { ok: false, reason: 'scheme' };
  const authority = match[2] ?? '';
  if (authority.includes('@')) return { ok: false, reason: 'userinfo' };
  if (authority.includes('%') || authority === '') return { ok: false, reason: 'authority' };

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'syntax' };
  }
  if (url.username || url.password) return { ok: false, reason: 'userinfo' };
  const host = url.hostname.toLowerCase();
  // The host as written must be the host as parsed: no numeric IPv4 shorthand or IPv6 rewrite.
  if (authority.replace(/:\d*$/, '').toLowerCase() !== host) return { ok: false, reason: 'authority' };
  const loopbackAllowed = env !== 'production' && isLoopbackHost(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed)) {
    return { ok: false, reason: 'scheme' };
  }
  if (url.port !== '' && !loopbackAllowed) return { ok: false, reason: 'port' };
  if (loopbackAllowed) return { ok: true, url };
  // Browsers resolve every `*.localhost` to the visitor's own machine: in production no code goes there.
  if (host.endsWith('.') || isLoopbackHost(host) || (env === 'production' && host.endsWith('.localhost')))
    return { ok: false, reason: 'host' };
  // Letters, digits and hyphens in non-empty dot-separated labels: `evil.com;.example.com` or `evil.com&.example.com`
  // is a valid URL host, but other parsers cut it at the `;` or `&` (PayloadsAllTheThings).
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) return { ok: false, reason: 'host' };

  const admitted = allowlist.some((entry) => {
    const domain = normalizeDomain(entry);
    return domain !== '' && (host === domain || host.endsWith(`.${domain}`));
  });
  return admitted ? { ok: true, url } : { ok: false, reason: 'host' };
}

/** A clientId as CLIENT_REDIRECTS_FILE names one and /authentication takes it: visible ASCII, 1-128. */
export const CLIENT_ID = /^[\x21-\x7e]{1,128}$/;

/** The canonical Location for a one-time-code redirect: code set before the fragment, replacing any. */
export function withCode(url: URL, code: string, state?: string): string {
  const target = new URL(url.href);
  target.searchParams.set('code', code);
  if (state !== undefined) target.searchParams.set('state', state);
  return target.href;
}
