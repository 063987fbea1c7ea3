/**
 * The runtime configuration a page gets inlined (DESIGN.md §4): its environment, links, captcha,
 * brand prefix and the origins that may open it; nothing secret. One function of the request, read
 * by every document and by the security headers (the opener origins).
 */
import type { Request } from 'express';
import type { AppConfig } from '@shared/api/runtime-config';
import { isLoopbackHost, type AppEnv } from '@shared/environment';
import { LOOPBACK_ORIGINS } from '@shared/origins';
import type { Config } from '../config';
import type { AllowlistSource } from '../redirect/allowlist';

export interface RuntimeConfigOptions {
  config: Pick<Config, 'brandPrefix' | 'links' | 'captcha' | 'openerOrigins'>;
  envOf: (req: Request) => AppEnv;
  allowlist: AllowlistSource;
  /** The local UAA is embedded: the demo's hints, outside production. */
  demo: boolean;
}

export function runtimeConfigFor({ config, envOf, allowlist, demo }: RuntimeConfigOptions) {
  return (req: Request): AppConfig => {
    const env = envOf(req);
    const origin = `${req.protocol}://${req.get('host') ?? ''}`;
    return {
      env,
      demo: demo && env !== 'production',
      brandPrefix: config.brandPrefix,
      links: config.links[env],
      captcha:
        config.captcha.provider === 'aliyun'
          ? {
              provider: 'aliyun',
              sceneId: config.captcha.sceneId,
              prefix: config.captcha.prefix,
              region: config.captcha.region,
            }
          : { provider: 'local' },
      openerOrigins: config.openerOrigins ?? [
        origin,
        ...allowlist
          .domains()
          .filter((d) => env !== 'production' || !isLoopbackHost(d))
          .map((d) => `https://${d}`),
        // Like frame-ancestors: local embedders on any port, never in production.
        ...(env === 'production' ? [] : LOOPBACK_ORIGINS),
      ],
    };
  };
}
