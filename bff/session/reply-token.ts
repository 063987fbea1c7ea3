/**
 * Tokens in the UAA's replies: every reply's are taken out before its body reaches a browser or a
 * page (the gateway moves a login's into the session cookie; a document's first screen drops them).
 */

/** Removes and returns a string at a dotted path (`data.token`). */
export function takeAt(body: unknown, dotted: string): string | undefined {
  const keys = dotted.split('.');
  let node: unknown = body;
  for (const key of keys.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  const last = keys.at(-1);
  if (typeof node !== 'object' || node === null || last === undefined) return undefined;
  const record = node as Record<string, unknown>;
  const value = record[last];
  if (typeof value !== 'string' || value === '') return undefined;
  delete record[last];
  return value;
}
