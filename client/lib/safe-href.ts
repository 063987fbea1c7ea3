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

const OWN = 'https://own.invalid';

/**
 * A path of this origin to navigate to from storage or the query (`/usercenter?tab=keys`), in the
 * form the URL parser reads it, else undefined: `//evil.example`, `/\evil.example` or a tab that
 * the parser drops (`/\t/evil.example`) leave the origin and are never followed.
 */
export function ownPath(path: string | null | undefined): string | undefined {
  if (!path?.startsWith('/')) return undefined;
  const parsed = new URL(path, OWN);
  // `/..//evil.example` parses to the path `//evil.example`, which a navigation reads as a host.
  if (parsed.origin !== OWN || parsed.pathname.startsWith('//')) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
