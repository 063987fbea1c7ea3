/**
 * Stage 4, the gateways: `/gw/uaa-be` to the UAA and `/gw/upload` to UPLOAD_UPSTREAM, each behind
 * the same guards in the order below (docs/architecture.md, "The request pipeline"). They come
 * before every other route: they carry most of the traffic, and nothing else answers under their
 * paths.
 */
import express, { type Request, type Router } from 'express';
import type { Logger } from 'pino';
import { ENDPOINTS, GATEWAY_BASE, UPLOAD_GATEWAY_BASE, type Endpoint } from '@shared/contract/endpoints';
import { sendError } from '../http-errors';
import { createGateway } from '../proxy/gateway';
import {
  gatewayCallOf,
  resolveGatewayCall,
  UAA_GATEWAY_ENDPOINTS,
  UPLOAD_GATEWAY_ENDPOINTS,
  type GatewayRequest,
} from '../proxy/gateway-call';
import { jsonShapeProblem, validateGatewayBody } from '../proxy/json-body';
import { isSafeProxyPath } from '../proxy/path-guard';
import { limitStreamedBody } from '../proxy/upload-limit';
import { requireStringIdentifier, type RateLimits } from '../rate-limit/limiter';
import { hasBody } from '../request-body';
import { JSON_TYPES, requireCsrf, requireJsonBody } from '../security/csrf';
import type { SecurityEvents } from '../security-events/events';
import { gatewayEvents } from '../security-events/gateway-events';
import type { PublicOrigin, UpstreamClient } from '../upstream/client';
import type { Sessions } from './sessions';

const JSON_LIMIT = '100kb';

export interface GatewaysOptions {
  client: UpstreamClient;
  /** The UAA's base URL, its path prefix included. */
  upstream: string;
  /** UPLOAD_UPSTREAM: where the upload call goes; the UAA when unset. */
  uploadUpstream?: string;
  tokenJsonPaths: readonly string[];
  publicOrigin: PublicOrigin;
  timeoutMs: number;
  sessions: Sessions;
  rateLimits: RateLimits;
  events: SecurityEvents;
  logger: Logger;
}

/** The JSON body parser: at most 100 KB, UTF-8, no key twice and not nested too deep, never parsed otherwise. */
const jsonBody = express.json({
  limit: JSON_LIMIT,
  type: JSON_TYPES,
  // Before the parse: a key given twice or a body nested too deep is refused, never parsed.
  verify: (req, _res, buf, encoding) => {
    // The scan reads UTF-8; a body the parser would decode otherwise is refused, not read two
    // ways (`encoding` is the charset the parser itself took from the Content-Type).
    if (encoding.toLowerCase() !== 'utf-8')
      throw Object.assign(new Error('charset'), { status: 415, type: 'charset.unsupported' });
    const problem = jsonShapeProblem(buf.toString('utf8'));
    if (problem) throw Object.assign(new Error(problem), { status: 400, type: 'entity.verify.failed' });
    (req as GatewayRequest).forwardBody = buf;
  },
});

const isUpload = (req: Request) => gatewayCallOf(req)?.endpoint === ENDPOINTS.uploadFile;

/** Both gateways, each at its mount. */
export function gateways(opts: GatewaysOptions): Router {
  const router = express.Router();
  router.use(GATEWAY_BASE, guardedGateway(opts, GATEWAY_BASE, UAA_GATEWAY_ENDPOINTS, opts.upstream));
  router.use(
    UPLOAD_GATEWAY_BASE,
    guardedGateway(opts, UPLOAD_GATEWAY_BASE, UPLOAD_GATEWAY_ENDPOINTS, opts.uploadUpstream ?? opts.upstream),
  );
  return router;
}

function guardedGateway(
  opts: GatewaysOptions,
  mount: string,
  endpoints: readonly Endpoint[],
  target: string,
): Router {
  const { sessions, rateLimits } = opts;
  const { cookie, stepUp, account } = sessions;
  return express.Router().use(
    // Every call, refused or answered, is the security event the table says it is.
    gatewayEvents(opts.events, cookie),
    // No path that could mean something else upstream (.., encoded separators, ;).
    (req, res, next) =>
      isSafeProxyPath(req.originalUrl)
        ? next()
        : sendError(req, res, 400, 'A0100', 'badPath', { reason: 'path' }),
    // X-CSRF: 1 always; unsafe methods only from this origin.
    requireCsrf,
    // Only the calls of the endpoint table, in any spelling; anything else 404, upstream untouched.
    resolveGatewayCall(mount, endpoints),
    // JSON bodies only (multipart on the upload endpoint), at most 100 KB, parsed for the next steps.
    requireJsonBody({ multipart: isUpload }),
    (req, res, next) => (hasBody(req) ? jsonBody(req, res, next) : next()),
    // The phone, e-mail or account a call names is one string, or the call goes nowhere.
    requireStringIdentifier,
    // One parse: canonical identifiers, the endpoint's strict request schema, and the bytes to forward.
    validateGatewayBody(isUpload),
    // A flow's later step goes upstream only from the session that passed its first step.
    stepUp.guard,
    // A call made for another account than the session's goes nowhere (as far as this process knows).
    account.known,
    // Uploads stream through, cut off at 5 MB.
    limitStreamedBody(),
    // DESIGN.md §6: per address, network, target or endpoint; a refusal never reaches the upstream.
    rateLimits.middleware,
    // A session this process does not know yet: whose it is, one user info call, before the call is made for it.
    account.lookedUp,
    // Every mount moves tokens out of replies into the cookie: none reaches JavaScript.
    createGateway({
      client: opts.client,
      target,
      cookie,
      tokenJsonPaths: opts.tokenJsonPaths,
      publicOrigin: opts.publicOrigin,
      onRefusedToken: sessions.onRefusedToken,
      logger: opts.logger,
      timeoutMs: opts.timeoutMs,
      onAnswer: (req, res, msgCode) => {
        stepUp.onAnswer(req, res, msgCode);
        account.onAnswer(req, res, msgCode);
      },
    }),
  );
}
