/**
 * createApp: the BFF's middleware order, written once. Read top to bottom, it is the security
 * policy: identify, log and count the request, set headers, then the gateway routes behind their
 * guards (path, CSRF, body type and size, rate limits), health checks and metrics, the session
 * and redirect routes, then the SPA.
 */
import { randomBytes } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { ENDPOINTS, GATEWAY_BASE, UPLOAD_GATEWAY_BASE } from '@shared/contract/endpoints';
import { environmentFromHost, isLoopbackHost, type AppEnv } from '@shared/environment';
import { LOOPBACK_ORIGINS } from '@shared/origins';
import { BFF_PATHS } from '@shared/routes';
import type { OutboxMessage } from '@shared/api/dev-paths';
import { publicOriginFor, type Config } from './config';
import { createHealthRoutes } from './health/routes';
import { sendError } from './http-errors';
import { accessLog } from './log';
import { createMetrics, METRICS_PATH, metricsHandler, routeOf, routeTemplate } from './metrics/metrics';
import { traceRequests } from './tracing/context';
import { createGateway } from './proxy/gateway';
import {
  gatewayCallOf,
  resolveGatewayCall,
  UAA_GATEWAY_ENDPOINTS,
  uaaCallRulePath,
  UPLOAD_GATEWAY_ENDPOINTS,
  type GatewayRequest,
} from './proxy/gateway-call';
import { jsonShapeProblem, validateGatewayBody } from './proxy/json-body';
import { isSafeProxyPath } from './proxy/path-guard';
import { limitStreamedBody } from './proxy/upload-limit';
import { requireStringIdentifier, type RateLimits } from './rate-limit/limiter';
import { documentCallOf } from './rate-limit/rules';
import type { AllowlistSource } from './redirect/allowlist';
import { createRedirectRoutes } from './redirect/routes';
import { hasBody } from './request-body';
import { JSON_TYPES, ownOrigin, requireCsrf, requireJsonBody } from './security/csrf';
import { securityHeaders } from './security/headers';
import { createRefusedTokens } from './session/refused-tokens';
import { stepUpBinding } from './session/step-up';
import { accountGuard, userIdOfReply } from './session/account-guard';
import { contextOf, type SecurityEvents } from './security-events/events';
import { emitRateLimitEvents, gatewayEvents, refusalEvents } from './security-events/gateway-events';
import type { ShipperStats } from './security-events/syslog';
import { createSecurityTrail } from './security-events/trail';
import {
  clearPlantedSessionCookies,
  clearSessionCookie,
  readSessionToken,
  sessionCookiePolicy,
  sessionCookieState,
} from './session/cookie';
import type { AppConfig } from '@shared/api/runtime-config';
import { createFirstScreenLoader } from './spa/first-screen';
import { createDocuments } from './spa/document';
import { pageFactsOf } from './spa/page-facts';
import { renderSignedIn, type ServerRenderer } from './spa/server-render';
import { renderOutbox } from './dev/outbox-page';
import { createDevProxy } from './dev/dev-proxy';
import { isSuccess } from '@shared/api/envelope';
import {
  abortOnHangUp,
  createUpstreamClient,
  noteUpstreamCall,
  sessionCallHeaders,
  UPSTREAM_TIMEOUT_MS,
  type UpstreamClient,
} from './upstream/client';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Base URL of the UAA actually used (the configured one or the embedded local UAA). */
  upstream: string;
  allowlist: AllowlistSource;
  /** The rate limits of DESIGN.md §6; the owner reloads them on SIGHUP and closes them. */
  rateLimits: RateLimits;
  /** Present only when the local UAA is embedded (demo mode). */
  outbox?: () => Promise<OutboxMessage[]>;
  /**
   * Demo mode: the embedded local UAA's base URL. Its `/__dev/*` pages (simulated GitHub, WeChat
   * and CARSI consent pages, uploaded files, test switches) are served through the BFF.
   */
  devUpstream?: string;
  upstreamTimeoutMs?: number;
  /** The one upstream client (index.ts shares it with the allow-list); made from the config when absent. */
  client?: UpstreamClient;
  /** The renderer of the signed-in pages (spa/server-render.ts); its owner closes it. Without it, the shell. */
  renderer?: ServerRenderer;
  /** The security events' stream; made from the config (SECURITY_LOG_FILE, else stdout) when absent. */
  securityEvents?: SecurityEvents;
  /** The security events' syslog shipper's state, for the metrics (SECURITY_LOG_SYSLOG). */
  securityShipping?: () => ShipperStats;
}

const JSON_LIMIT = '100kb';
const CAPTCHA_SCRIPT_ORIGIN = 'https://o.alicdn.com';

export function createApp(deps: AppDeps): Express {
  const { config, logger, allowlist, rateLimits } = deps;
  const envOf = (req: Request): AppEnv => config.appEnv ?? environmentFromHost(req.hostname);
  const cookie = sessionCookiePolicy(config, envOf);
  const client = deps.client ?? createUpstreamClient({ caFile: config.uaaCaFile });
  const timeoutMs = deps.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const demo = deps.outbox !== undefined;

  const configFor = (req: Request): AppConfig => {
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
  const publicOrigin = publicOriginFor(config);
  const events = deps.securityEvents ?? createSecurityTrail(config, logger).events;
  // A secret every replica shares (one of the two is required in production); else this process's.
  const stepUp = stepUpBinding(
    cookie,
    config.rateLimitHashKey ?? config.securityLogHashKey ?? randomBytes(32),
  );
  // Tokens the UAA just answered 401 for: a document carrying one calls nobody (issue 30).
  const refusedTokens = createRefusedTokens();
  const onRefusedToken = (token: string) => {
    refusedTokens.remember(token);
    account.users.forget(token);
  };
  // A call lands only on the account its page shows: whose a session is, from the UAA's replies,
  // else from one user info call (issue 40).
  const account = accountGuard({
    cookie,
    lookUp: async (req, token) => {
      const startedAt = performance.now();
      try {
        const reply = await client.call({
          method: 'POST',
          url: `${deps.upstream}${ENDPOINTS.userInfo.path}`,
          headers: sessionCallHeaders(req, token, publicOrigin),
          body: '{}',
          timeoutMs,
          abort: abortOnHangUp(req.res!),
        });
        noteUpstreamCall(req.res, startedAt);
        if (reply.status === 401) {
          reply.done();
          onRefusedToken(token);
          return { refused: true };
        }
        if (reply.status !== 200) {
          reply.done();
          return {};
        }
        const body: unknown = JSON.parse((await reply.bytes()).toString('utf8'));
        return { userId: isSuccess(body) ? userIdOfReply(body) : undefined };
      } catch {
        return {};
      }
    },
  });
  // A session the UAA refused while a document was served (the gateway's own say so themselves).
  const onDocumentRefusedToken = (req: Request, token: string) => {
    onRefusedToken(token);
    events.emit(req, { type: 'session_end', action: 'expired', outcome: 'success', token });
  };
  /** The session a document acts for: the cookie's token, unless the UAA just refused it. */
  const documentToken = (req: Request): string | undefined => {
    const token = readSessionToken(req, cookie);
    return token === undefined || refusedTokens.has(token) ? undefined : token;
  };
  const firstScreen = createFirstScreenLoader({
    client,
    upstream: deps.upstream,
    tokenJsonPaths: config.tokenJsonPaths,
    publicOrigin,
    onRefusedToken: onDocumentRefusedToken,
    onUser: (token, userId) => account.users.learn(token, userId),
    admit: async (req, call) => (await rateLimits.admit(req, req.res!, uaaCallRulePath(call))) === 'admitted',
    timeoutMs: config.firstScreenTimeoutMs,
  });
  const documents = createDocuments({
    staticDir: config.staticDir,
    configFor,
    hasSession: (req) => documentToken(req) !== undefined,
  });
  /**
   * What a page shows first comes with it (issue 17): a signed-in user's data; a visitor learns
   * only that there is no session, as /bff/session would answer. Over the per-address limits
   * (step 3) the page comes without it, and its own calls meet the limits in turn.
   */
  const firstScreenOf = async (req: Request, res: Response) => {
    const token = documentToken(req);
    if (token === undefined) return { authenticated: false };
    return res.locals.rateLimit ? undefined : firstScreen(req, token, abortOnHangUp(res));
  };
  const metrics = createMetrics({
    allowlist,
    rateLimitStoreUp: () => rateLimits.storeUp(),
    rateLimitsHeld: () => rateLimits.held(),
    securityShipping: deps.securityShipping,
    renderer: deps.renderer,
  });

  const app = express();
  app.disable('x-powered-by');
  // A hop count or a list of addresses, CIDRs and names (loopback, uniquelocal...), as Express takes it.
  app.set('trust proxy', config.trustProxy);

  app.use(
    // 1. Identify, trace, log and count every request (a traced one's span named by its route);
    // secrets never reach the log.
    ...(config.tracing
      ? [traceRequests({ ratio: config.tracingRatio, routeOf: (req) => routeTemplate(routeOf(req)) })]
      : []),
    accessLog(logger, routeOf),
    metrics.middleware,
    // 2. Security headers on every response (other sites may frame only the intern widget's documents).
    ...securityHeaders({
      captchaScriptOrigin: config.captcha.provider === 'aliyun' ? CAPTCHA_SCRIPT_ORIGIN : undefined,
      domains: () => allowlist.domains(),
      envOf,
      openerOrigins: (req) => configFor(req).openerOrigins,
      brandPrefix: config.brandPrefix,
    }),
    cookieParser(),
    // Two session cookies (one planted from a sibling subdomain) or one a header cannot carry:
    // no session, and every copy this response can reach is cleared.
    (req, res, next) => {
      const state = sessionCookieState(req, cookie);
      if (state === 'duplicate' || state === 'malformed') {
        logger.warn({ reqId: req.id, state }, 'session cookie refused');
        events.emit(req, {
          type: 'session_end',
          action: 'refused-cookie',
          outcome: 'success',
          details: { reason: state },
        });
        clearPlantedSessionCookies(req, res, cookie);
      }
      next();
    },
  );

  // 3. The gateways, each behind the same guards, in this order. They come first: they carry most
  //    of the traffic, and nothing below answers under their paths.
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
  const guardedGateway = (
    mount: string,
    endpoints: Parameters<typeof resolveGatewayCall>[1],
    target: string,
  ) => {
    const gateway = express.Router();
    gateway.use(
      // Every call, refused or answered, is the security event the table says it is.
      gatewayEvents(events, cookie),
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
        client,
        target,
        cookie,
        tokenJsonPaths: config.tokenJsonPaths,
        publicOrigin,
        onRefusedToken,
        logger,
        timeoutMs,
        onAnswer: (req, res, msgCode) => {
          stepUp.onAnswer(req, res, msgCode);
          account.onAnswer(req, res, msgCode);
        },
      }),
    );
    return gateway;
  };
  app.use(GATEWAY_BASE, guardedGateway(GATEWAY_BASE, UAA_GATEWAY_ENDPOINTS, deps.upstream));
  app.use(
    UPLOAD_GATEWAY_BASE,
    guardedGateway(UPLOAD_GATEWAY_BASE, UPLOAD_GATEWAY_ENDPOINTS, config.uploadUpstream ?? deps.upstream),
  );

  // Documents that call the UAA (a signed-in page's first screen, the one-time code of
  // /authentication) count as the call they make under the per-address rules: a flood of
  // documents meets the same budget as a flood of API calls. A token the UAA just refused makes
  // no call, and its cookie goes.
  app.use((req, res, next) => {
    const call = documentCallOf(req.method, req.path, config.brandPrefix);
    if (!call) return next();
    const token = readSessionToken(req, cookie);
    if (token === undefined) return next();
    if (refusedTokens.has(token)) {
      clearSessionCookie(req, res, cookie);
      return next();
    }
    // A refusal is left on res.locals (logged, metered, and an event once the page is answered,
    // with those of the first screen's further calls); the page is served without the call.
    const context = contextOf(req);
    res.once('finish', () => emitRateLimitEvents(events, context, res, token, req.path));
    rateLimits.admit(req, res, uaaCallRulePath(call)).then(() => next(), next);
  });

  // 4. Health and metrics (metrics only for a local scraper or the holder of METRICS_TOKEN).
  app.use(createHealthRoutes({ upstream: deps.upstream, allowlist, client }));
  app.get(METRICS_PATH, refusalEvents(events, cookie), metricsHandler(metrics, config.metricsToken));

  // 5. Session, redirects and the one-time-code redirect.
  app.get(BFF_PATHS.session, (req, res) => {
    res.set('Cache-Control', 'no-store').json({ authenticated: readSessionToken(req, cookie) !== undefined });
  });
  app.use(
    createRedirectRoutes({
      upstream: deps.upstream,
      client,
      allowlist,
      cookie,
      envOf,
      documents,
      logger,
      upstreamTimeoutMs: timeoutMs,
      publicOrigin,
      sessionToken: documentToken,
      onRefusedToken: onDocumentRefusedToken,
      events,
      clientRedirects: config.clientRedirects,
      brandPrefix: config.brandPrefix,
    }),
  );

  // 6. The local UAA's outbox, only in demo mode and never in production.
  if (deps.outbox) {
    const outbox = deps.outbox;
    app.get(BFF_PATHS.outbox, async (req, res) => {
      if (envOf(req) === 'production') return sendError(req, res, 404, 'A0100', 'notFound');
      const messages = await outbox();
      res.set('Cache-Control', 'no-store');
      if (req.accepts(['json', 'html']) === 'html') res.type('html').send(renderOutbox(messages));
      else res.json(messages);
    });
  }

  if (deps.devUpstream) {
    const devProxy = createDevProxy({ client, target: deps.devUpstream, timeoutMs, publicOrigin });
    app.use(
      BFF_PATHS.dev,
      refusalEvents(events, cookie),
      (req, res, next) => {
        if (envOf(req) === 'production') return sendError(req, res, 404, 'A0100', 'notFound');
        if (req.method === 'GET' || req.method === 'HEAD') return next();
        // The simulated consent pages post a plain HTML form, which cannot send X-CSRF: they are
        // admitted from our own origin only. Every other dev switch needs the header.
        if (req.path.startsWith('/oauth/') && req.get('origin') === ownOrigin(req)) return next();
        return requireCsrf(req, res, next);
      },
      devProxy,
    );
  }

  // 7. The app: its files, then every other GET is a document (spa/document.ts), with its first
  // screen's data (the UAA calls above), drawn by the server renderer when it can.
  app.use(documents.files);
  app.get(/.*/, async (req, res) => {
    // A HEAD request reads no page, so it costs the UAA nothing.
    const firstScreen = req.method === 'HEAD' ? undefined : await firstScreenOf(req, res);
    const pageConfig = configFor(req);
    const rendered = await renderSignedIn(deps.renderer, pageFactsOf(req), pageConfig, firstScreen);
    documents.send(req, res, { config: pageConfig, firstScreen, rendered });
  });
  // Any other method on any other path: the JSON envelope, as every error of the BFF is.
  app.use((req, res) => sendError(req, res, 404, 'A0100', 'notFound'));

  // 8. One error handler: body parser refusals are the client's fault, the rest is ours.
  const onError: ErrorRequestHandler = (err: { type?: string; status?: number }, req, res, _next) => {
    if (err.type === 'entity.too.large')
      return sendError(req, res, 413, 'A0100', 'payloadTooLarge', { reason: 'body-too-large' });
    // A charset or Content-Encoding the parser does not take (`application/json; charset=latin1`).
    if (err.status === 415)
      return sendError(req, res, 415, 'A0100', 'unsupportedMediaType', { reason: 'body-type' });
    if (err.status === 404) return sendError(req, res, 404, 'A0100', 'notFound');
    // Every other refusal of the request itself (parse errors, aborted or mis-sized bodies).
    if (err.type === 'entity.verify.failed')
      return sendError(req, res, 400, 'A0100', 'badBody', { reason: 'body' });
    if (
      err.type === 'entity.parse.failed' ||
      (typeof err.status === 'number' && err.status >= 400 && err.status < 500)
    )
      return sendError(req, res, 400, 'A0100', { serverCode: 'A0100' }, { reason: 'body' });
    logger.error({ reqId: req.id, err }, 'unhandled error');
    sendError(req, res, 500, '-1', 'internalError');
  };
  app.use(onError);
  return app;
}
