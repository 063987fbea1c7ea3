import type { Router } from 'express';
import { ALLOWLIST_JSON_PATH } from '@shared/contract/endpoints';
import type { RedirectWhiteList } from '@shared/contract/endpoints';
import type { RouteDeps } from './deps';

/** The static allow-list file of the legacy deployment: plain JSON, no envelope. */
export function registerAllowlistRoutes(router: Router, { store }: RouteDeps): void {
  router.get(ALLOWLIST_JSON_PATH, (_req, res) => {
    res.json({ redirectWhiteList: [...store.allowlist] } satisfies RedirectWhiteList);
  });
}
