/**
 * The runtime configuration the BFF injects into index.html as JSON and the SPA reads at start:
 * everything the SPA needs from the environment, and nothing secret. One shape for both sides.
 */
import type { AppEnv } from '../environment';
import type { PlatformKey } from '../platforms';

export interface PlatformLinks {
  agreement: string;
  privacy: string;
}

export interface AppConfig {
  env: AppEnv;
  demo: boolean;
  /** The sub-brand's route prefix (`/${brandPrefix}-login` …). */
  brandPrefix: string;
  links: {
    home: string;
    feedback: string;
    default: PlatformLinks;
    platforms: Partial<Record<PlatformKey, PlatformLinks>>;
  };
  captcha: { provider: 'local' | 'aliyun'; sceneId?: string; prefix?: string; region?: string };
  /** Origins the SPA may postMessage to; `:*` stands for any port. */
  openerOrigins: string[];
  /** Set when the BFF answers a page with an error the SPA should show (e.g. a refused redirect). */
  pageError?: 'redirectFailed' | 'tooManyRequests' | 'platformLoginFailed';
}
