/**
 * Development pages and switches (DESIGN.md §8; never in production): the outbox, the location
 * switch, uploaded pictures and recorded tracking events. The BFF passes /__dev/* through in
 * demo mode (GET freely, other methods with X-CSRF: 1).
 */
import type { Router } from 'express';
import { z } from 'zod';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { parseBody } from '../input';
import { UaaError } from '../reply';
import type { RouteDeps } from './deps';

/** Kept for the callers of the first slice; the table lives in shared/api/dev-paths.ts. */
export const DEV_OUTBOX_PATH = DEV_PATHS.outbox;

const locationBody = z.object({ overseas: z.boolean(), city: z.string().trim().max(64) });

export function registerDevRoutes(router: Router, { outbox, dev, store }: RouteDeps): void {
  router.get(DEV_PATHS.outbox, (_req, res) => {
    res.json(outbox.list());
  });

  router.get(DEV_PATHS.location, (_req, res) => {
    res.json(dev.location);
  });

  // Sets what getLocationInfo answers for everybody until the next POST or a DELETE.
  router.post(DEV_PATHS.location, (req, res) => {
    dev.location = parseBody(req, locationBody);
    res.json(dev.location);
  });

  router.delete(DEV_PATHS.location, (_req, res) => {
    dev.resetLocation();
    res.json(dev.location);
  });

  router.get(DEV_PATHS.tracking, (_req, res) => {
    res.json(dev.trackingEvents());
  });

  router.get(`${DEV_PATHS.files}/:id`, async (req, res) => {
    const file = await store.files.read(req.params.id);
    if (!file) throw new UaaError('A0108', 404);
    res
      .set({
        'Content-Type': file.record.mime,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
        // Ids are random and files never change, so a browser may keep them.
        'Cache-Control': 'public, max-age=86400, immutable',
      })
      .send(file.bytes);
  });
}
