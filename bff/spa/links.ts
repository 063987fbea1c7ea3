import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PLATFORM_KEYS } from '@shared/platforms';
import { builtInLinks, type LinksTable } from './runtime-config';

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

/** LINKS_FILE or the built-in table; a bad file is a configuration error (thrown at start). */
export function loadLinks(file: string | undefined): LinksTable {
  if (!file) return builtInLinks();
  const parsed = table.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `LINKS_FILE=${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data as LinksTable;
}
