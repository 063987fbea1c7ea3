/**
 * The runtime configuration injected into index.html as JSON: everything the SPA needs from
 * the environment, and nothing secret.
 */
import type { AppConfig } from '@shared/api/runtime-config';
import type { AppEnv } from '@shared/environment';
import { PLATFORM_KEYS } from '@shared/platforms';
import { DEMO_PAGES } from '@shared/routes';

export type { AppConfig, PlatformLinks } from '@shared/api/runtime-config';

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

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a `<script type="application/json">` element: `<`, `>` and `&` are escaped so that no
 * value (a nickname holding `</script>` or `<!--`) can close or bend the element; JSON.parse reads
 * them back unchanged.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);
}
