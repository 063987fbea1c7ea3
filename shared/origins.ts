/**
 * Origins the SPA may postMessage to (popup openers, the widget's embedder). An entry is an exact
 * origin, or an origin with `:*` for any port (the loopback entries outside production).
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (entry === origin) return true;
    if (!entry.endsWith(':*')) return false;
    const base = entry.slice(0, -2);
    return (
      origin === base || (origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1)))
    );
  });
}

/**
 * The origin of the address an opener or embedder declared (`openerOrigin`, a referrer), when it
 * is one the page may talk to; else null (no address, not a URL, not allowed).
 */
export function allowedOriginOf(declared: string | null, allowed: readonly string[]): string | null {
  if (!declared) return null;
  try {
    const origin = new URL(declared).origin;
    return originAllowed(origin, allowed) ? origin : null;
  } catch {
    return null;
  }
}

/** Loopback origins on any port: development and staging only. */
export const LOOPBACK_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'] as const;
