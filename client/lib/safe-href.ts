/**
 * The address a link or a navigation may take from data (a UAA reply, say): an absolute `http:` or
 * `https:` URL, as the browser's URL parser reads it, else undefined. `javascript:`, `data:`, a
 * relative or protocol-relative address is never followed; the page shows it as text.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  // The parsed form: what was checked is what the browser follows (no spaces or tabs to read apart).
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
}
