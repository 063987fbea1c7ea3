/**
 * Demo mode only: the local UAA's `/__dev/*` pages (simulated GitHub, WeChat and CARSI consent
 * pages, uploaded files, test switches) served through the BFF by the one upstream client. The
 * reply streams through as the local UAA wrote it (its status, Location and type), minus
 * hop-by-hop headers; the request carries only what those pages read.
 */
import type { RequestHandler } from 'express';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';
import {
  abortOnHangUp,
  forwardingHeaders,
  UpstreamTimeoutError,
  type PublicOrigin,
  type UpstreamClient,
} from '../upstream/client';

const PASSED_TO_DEV = ['accept', 'accept-language', 'content-type', 'content-length', 'lang', 'x-csrf'];
const DROPPED_FROM_DEV = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'x-powered-by',
]);

export function createDevProxy(opts: {
  client: UpstreamClient;
  target: string;
  timeoutMs: number;
  publicOrigin: PublicOrigin;
}): RequestHandler {
  const base = `${opts.target.replace(/\/+$/, '')}/__dev`;
  return (req, res) => {
    const headers: Record<string, string> = forwardingHeaders(req, opts.publicOrigin);
    for (const name of PASSED_TO_DEV) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const aborter = abortOnHangUp(res);
    opts.client
      .call({
        method: req.method,
        url: `${base}${req.url}`,
        headers,
        body: hasBody(req) ? req : null,
        timeoutMs: opts.timeoutMs,
        abort: aborter,
      })
      .then((reply) => {
        res.status(reply.status);
        for (const [name, value] of Object.entries(reply.headers)) {
          if (value !== undefined && !DROPPED_FROM_DEV.has(name)) res.setHeader(name, value);
        }
        reply.stream.on('end', reply.done);
        reply.stream.on('error', () => {
          reply.done();
          res.destroy();
        });
        reply.stream.pipe(res);
      })
      .catch((err: unknown) => {
        if (res.headersSent || res.destroyed) return;
        if (err instanceof UpstreamTimeoutError) sendError(req, res, 504, 'B0300', 'upstreamTimeout');
        else sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
      });
  };
}
