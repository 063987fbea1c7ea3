/** Paths that could mean something else once decoded or normalized upstream never leave the BFF. */
const SUSPICIOUS = /(\.\.|%2e|%2f|%5c|\\|;|%00)/i;

export function isSafeProxyPath(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0] ?? '';
  return !SUSPICIOUS.test(path);
}
