/**
 * The runtime configuration injected into index.html as JSON: everything the SPA needs from
 * the environment, and nothing secret.
 */
import type { AppConfig } from '@shared/api/runtime-config';
import type { AppEnv } from '@shared/environment';

export type { AppConfig, PlatformLinks } from '@shared/api/runtime-config';

export type LinksTable = Record<AppEnv, AppConfig['links']>;

const MAIN_SITE: Record<AppEnv, string> = {
  development: 'http://localhost:8080',
  staging: 'https://staging.openxlab.example',
  production: 'https://openxlab.example',
};

/** Built-in links; operators replace them with LINKS_FILE. */
export function builtInLinks(): LinksTable {
  const table = {} as LinksTable;
  for (const env of ['development', 'staging', 'production'] as const) {
    const site = MAIN_SITE[env];
    table[env] = {
      home: site,
      feedback: `${site}/feedback`,
      default: { agreement: `${site}/agreement`, privacy: `${site}/privacy` },
      platforms: {},
    };
  }
  return table;
}

/** `<` is escaped so that no value can close the script element. */
export function serializeConfig(config: AppConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}
