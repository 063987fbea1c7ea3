/**
 * The runtime configuration injected into index.html as JSON: everything the SPA needs from
 * the environment, and nothing secret.
 */
import type { AppEnv } from '@shared/environment';
import type { PlatformKey } from '@shared/platforms';

export interface PlatformLinks {
  agreement: string;
  privacy: string;
}

export interface AppConfig {
  env: AppEnv;
  demo: boolean;
  links: {
    home: string;
    feedback: string;
    default: PlatformLinks;
    platforms: Partial<Record<PlatformKey, PlatformLinks>>;
  };
  captcha: { provider: 'local' | 'aliyun'; sceneId?: string; prefix?: string; region?: string };
  openerOrigins: string[];
  /** Set when the BFF answers a page with an error the SPA should show (e.g. a refused redirect). */
  pageError?: 'redirectFailed';
}

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
