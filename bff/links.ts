/**
 * The environment's links the app shows (home, feedback, each platform's agreement and privacy
 * pages; spec §1): the built-in table, and LINKS_FILE's, checked (config.ts reads both). They go
 * to the app in its runtime config.
 */
import { z } from 'zod';
import type { AppConfig } from '@shared/api/runtime-config';
import type { AppEnv } from '@shared/environment';
import { PLATFORM_KEYS } from '@shared/platforms';
import { DEMO_PAGES } from '@shared/routes';

export type LinksTable = Record<AppEnv, AppConfig['links']>;

/** The main site and each sub-platform's site outside development (spec §1: links vary by environment). */
const SITES: Record<Exclude<AppEnv, 'development'>, { main: string; platform(key: string): string }> = {
  staging: {
    main: 'https://staging.openxlab.example',
    platform: (key) => `https://${key}.staging.openxlab.example`,
  },
  production: {
    main: 'https://openxlab.example',
    platform: (key) => `https://${key}.openxlab.example`,
  },
};

/**
 * Built-in links; operators replace them with LINKS_FILE. Each platform publishes its own
 * agreement and privacy policy. In development the links are paths, so they resolve against
 * whichever origin serves the page, where the demo pages answer them.
 */
export function builtInLinks(): LinksTable {
  const demoPage = (page: string, platform?: string) =>
    platform ? `${page}?${new URLSearchParams({ platform }).toString()}` : page;
  const development: AppConfig['links'] = {
    home: DEMO_PAGES.home,
    feedback: DEMO_PAGES.feedback,
    default: { agreement: DEMO_PAGES.agreement, privacy: DEMO_PAGES.privacy },
    platforms: Object.fromEntries(
      PLATFORM_KEYS.map((key) => [
        key,
        { agreement: demoPage(DEMO_PAGES.agreement, key), privacy: demoPage(DEMO_PAGES.privacy, key) },
      ]),
    ),
  };
  const deployed = (env: keyof typeof SITES): AppConfig['links'] => {
    const site = SITES[env];
    return {
      home: site.main,
      feedback: `${site.main}/feedback`,
      default: { agreement: `${site.main}/agreement`, privacy: `${site.main}/privacy` },
      platforms: Object.fromEntries(
        PLATFORM_KEYS.map((key) => [
          key,
          {
            agreement: `${site.platform(key)}/legal/agreement`,
            privacy: `${site.platform(key)}/legal/privacy`,
          },
        ]),
      ),
    };
  };
  return { development, staging: deployed('staging'), production: deployed('production') };
}

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
