/**
 * What one stage of the BFF leaves on a request for the stages after it: Express's `res.locals`,
 * typed where Express documents it (the `Express.Locals` interface, merged here), so that each
 * key is named once, with its type and who writes and reads it, and the compiler checks every use.
 * Nothing here is sent to the browser or rendered: `res.locals` feeds the log line, the metrics
 * and the security events of the request.
 */
import type { Refusal } from './http-errors';
import type { RateLimitRefusal, ShadowRefusals } from './rate-limit/limiter';
import type { TraceIds } from './tracing/context';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own way to type res.locals
  namespace Express {
    interface Locals {
      /** The BFF's own refusal of the request (http-errors.ts sendError): its security event. */
      refusal?: Refusal;
      /** The rule that refused the request, or the store's outage (rate-limit/limiter.ts). */
      rateLimit?: RateLimitRefusal;
      /** The shadow rules that would have refused it; it went on (rate-limit/limiter.ts). */
      rateLimitShadow?: ShadowRefusals;
      /** How many calls the request made to the UAA, and their time in ms (upstream/client.ts). */
      upstreamCalls?: number;
      upstreamMs?: number;
      /** The gateway sent the call upstream (proxy/gateway.ts): a refund or an event depends on it. */
      upstreamDispatched?: boolean;
      /** The UAA's msgCode for the gateway's call (proxy/gateway.ts). */
      upstreamMsgCode?: string;
      /** The UAA's parsed reply to the gateway's call, for the account guard and the events. */
      upstreamReply?: Record<string, unknown>;
      /** The session token a login's reply issued (proxy/gateway.ts), never logged. */
      issuedToken?: string;
      /** The ids of the request's recorded trace (tracing/context.ts traceRequests), for its access line. */
      traceIds?: TraceIds;
    }
  }
}
