/**
 * A query string (`location.search`: '' or '?…') with some parameters changed: a value replaces
 * the first of its name where it stands (any later ones go) or is added at the end; null removes
 * them all. Every other parameter stays exactly as written: a prerendered page's query is the
 * placeholder the server fills in per request (shared/documents.ts PLACEHOLDERS), which a round
 * trip through URLSearchParams would rewrite, and a visitor's own encoding is theirs.
 */
export function withParams(search: string, changes: Readonly<Record<string, string | null>>): string {
  const changed = new Map(Object.entries(changes));
  const written = new Set<string>();
  const kept: string[] = [];
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (!pair) continue;
    const name = nameOf(pair);
    if (!changed.has(name)) kept.push(pair);
    else if (!written.has(name)) {
      written.add(name);
      const value = changed.get(name);
      if (value != null) kept.push(encoded(name, value));
    }
  }
  for (const [name, value] of changed)
    if (value !== null && !written.has(name)) kept.push(encoded(name, value));
  return kept.length ? `?${kept.join('&')}` : '';
}

/**
 * The parameter's name, decoded as URLSearchParams decodes it; after a `&`, so that a pair's own
 * leading `?` (`/login??tab=x`: the name is `?tab`) is kept, as it is in the whole query.
 */
const nameOf = (pair: string) => [...new URLSearchParams(`&${pair}`).keys()][0] ?? '';

const encoded = (name: string, value: string) => new URLSearchParams([[name, value]]).toString();
