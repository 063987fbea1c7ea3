import { z } from 'zod';
import { PLATFORM_KEYS } from '@shared/platforms';
import type { LinksTable } from './runtime-config';

// An address, or a path on the origin serving the page (as the built-in development links are).
const url = z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/(?!\/)[^\\\s]*$/)]);
const pair = z.object({ agreement: url, privacy: url });
const envLinks = z.object({
  home: url,
  feedback: url,
  default: pair,
  platforms: z.partialRecord(z.enum(PLATFORM_KEYS), pair).default({}),
});
const table = z.object({ development: envLinks, staging: envLinks, production: envLinks });

/** LINKS_FILE's contents (parseConfig reads the file): the table, or one line per problem. */
export function parseLinks(json: unknown): { ok: true; links: LinksTable } | { ok: false; errors: string[] } {
  const parsed = table.safeParse(json);
  if (parsed.success) return { ok: true, links: parsed.data as LinksTable };
  return { ok: false, errors: parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`) };
}
