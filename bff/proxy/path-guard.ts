/** Paths that could mean something else once decoded or normalized upstream never leave the BFF. */
const SUSPICIOUS = /(\.\.|%2e|%2f|%5c|\\|;|%00)/i;
// A `.` segment is dropped by the upstream's normalizer; a browser never sends one (URL parsing removes it).
const DOT_SEGMENT = /(^|\/)\.(\/|$)/;

export function isSafeProxyPath(rawUrl: string): boolean {
  const path = rawUrl.split('?')[0] ?? '';
  return !SUSPICIOUS.test(path) && !DOT_SEGMENT.test(path);
}
