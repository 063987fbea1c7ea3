import { useSearchParams } from 'react-router-dom';
import { platformFromRedirect, type PlatformKey } from '@shared/platforms';
import { useRuntimeConfig } from '../render-context';
import type { PlatformLinks } from '../runtime-config';

/** The sub-platform named by the redirect address (spec §1); null is the main platform. */
export function usePlatform(): PlatformKey | null {
  const [params] = useSearchParams();
  return platformFromRedirect(params.get('redirect') ?? params.get('redirect_url'));
}

export function usePlatformLinks(): PlatformLinks {
  const platform = usePlatform();
  const { links } = useRuntimeConfig();
  return (platform && links.platforms[platform]) || links.default;
}
