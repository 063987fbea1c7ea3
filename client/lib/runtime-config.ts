/** The runtime configuration the BFF injects into index.html (bff/documents/document.ts). */
import type { AppConfig } from '@shared/api/runtime-config';
import { environmentFromHost } from '@shared/environment';
import { BRAND_PREFIX_PATTERN, DEFAULT_BRAND_PREFIX } from '@shared/routes';

export type { PlatformLinks } from '@shared/api/runtime-config';
export type RuntimeConfig = AppConfig;

function fallback(): RuntimeConfig {
  // The Rsbuild dev server serves index.html without the BFF: derive what can be derived.
  const env = environmentFromHost(window.location.host);
  return {
    env,
    demo: env === 'development',
    brandPrefix: DEFAULT_BRAND_PREFIX,
    links: {
      home: '/',
      feedback: '/feedback',
      default: { agreement: '/agreement', privacy: '/privacy' },
      platforms: {},
    },
    captcha: { provider: 'local' },
    openerOrigins: [window.location.origin],
  };
}

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const node = document.getElementById('app-config');
  try {
    cached = node?.textContent ? (JSON.parse(node.textContent) as RuntimeConfig) : fallback();
    if (!BRAND_PREFIX_PATTERN.test(cached.brandPrefix ?? '')) cached.brandPrefix = DEFAULT_BRAND_PREFIX;
  } catch {
    cached = fallback();
  }
  return cached;
}
