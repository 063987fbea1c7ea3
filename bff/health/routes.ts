import express, { type Router } from 'express';
import type { AllowlistSource } from '../redirect/allowlist';
import type { UpstreamClient } from '../upstream/client';

/** Liveness answers while the process serves; readiness needs the upstream and an allow-list. */
export function createHealthRoutes(deps: {
  upstream: string;
  allowlist: AllowlistSource;
  client: UpstreamClient;
}): Router {
  async function probeUpstream(): Promise<boolean> {
    try {
      // Any HTTP answer means the upstream is there; only a network failure counts as down.
      // Through the one client: the same TLS trust, path prefix and pool as every real call.
      const reply = await deps.client.call({ method: 'HEAD', url: deps.upstream, timeoutMs: 2000 });
      reply.done();
      return true;
    } catch {
      return false;
    }
  }
  // One probe at a time, shared by every /readyz that comes while it runs: /readyz is open to
  // anyone, and a flood of it must not become a flood of the UAA.
  let inFlight: Promise<boolean> | undefined;
  function upstreamAnswers(): Promise<boolean> {
    inFlight ??= probeUpstream().finally(() => (inFlight = undefined));
    return inFlight;
  }

  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const upstreamUp = await upstreamAnswers();
    const ready = upstreamUp && deps.allowlist.loaded();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: ready ? 'ready' : 'not-ready',
        upstream: upstreamUp,
        allowlist: deps.allowlist.loaded(),
      });
  });
  return router;
}
