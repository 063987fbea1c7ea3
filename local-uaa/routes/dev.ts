import type { Router } from 'express';
import type { RouteDeps } from './deps';

/** Where developers and tests read what the local UAA "sent" (DESIGN.md §8). */
export const DEV_OUTBOX_PATH = '/__dev/outbox';

export function registerDevRoutes(router: Router, { outbox }: RouteDeps): void {
  router.get(DEV_OUTBOX_PATH, (_req, res) => {
    res.json(outbox.list());
  });
}
