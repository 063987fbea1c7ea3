/**
 * createApp: the BFF's middleware order, written once. Read top to bottom, it is the security
 * policy, in the order a request meets it (docs/architecture.md, "The request pipeline", numbers
 * the same stages): identify, log and count the request, set headers, check the session cookie,
 * then the gateways behind their guards, the documents that call the UAA, health checks and
 * metrics, the session and redirect routes, the development pages and the app's documents. Each
 * stage is a module of its own (bff/stages/ and the folders they wire); this file only orders them.
 */
import express, { type Express, type Request } from 'express';
import type { Logger } from 'pino';
import { environmentFromHost, type AppEnv } from '@shared/environment';
import { BFF_PATHS } from '@shared/routes';
import type { OutboxMessage } from '@shared/api/dev-paths';
import cookieParser from 'cookie-parser';
import { publicOriginFor, type Config } from './config';
import { createHealthRoutes } from './health/routes';
import { accessLog } from './log';
import { createMetrics, METRICS_PATH, metricsHandler, routeOf, routeTemplate } from './metrics/metrics';
import type { RateLimits } from './rate-limit/limiter';
import type { AllowlistSource } from './redirect/allowlist';
import { createRedirectRoutes } from './redirect/routes';
import { securityHeaders } from './security/headers';
import type { SecurityEvents } from './security-events/events';
import { refusalEvents } from './security-events/gateway-events';
import type { ShipperStats } from './security-events/syslog';
import { createSecurityTrail } from './security-events/trail';
import { readSessionToken } from './session/cookie';
import type { RenderHost } from './documents/server-render';
import { refusePlantedSessionCookies } from './stages/cookie-check';
import { devRoutes } from './stages/dev-routes';
import { countDocumentCalls } from './stages/document-calls';
import { errorHandler, notFound } from './stages/errors';
import { gateways } from './stages/gateways';
import { pages } from './stages/pages';
import { runtimeConfigFor } from './stages/runtime-config';
import { createSessions } from './stages/sessions';
import { traceRequests } from './tracing/context';
import { createUpstreamClient, UPSTREAM_TIMEOUT_MS, type UpstreamClient } from './upstream/client';

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
  /**
   * The signed-in pages' render host (documents/server-render.ts); its owner closes it. Without it,
   * the shell.
   */
  renderHost?: RenderHost;
  /** The security events' stream; made from the config (SECURITY_LOG_FILE, else stdout) when absent. */
  securityEvents?: SecurityEvents;
  /** The security events' syslog shipper's state, for the metrics (SECURITY_LOG_SYSLOG). */
  securityShipping?: () => ShipperStats;
}

const CAPTCHA_SCRIPT_ORIGIN = 'https://o.alicdn.com';

export function createApp(deps: AppDeps): Express {
  const { config, logger, allowlist, rateLimits } = deps;
  const envOf = (req: Request): AppEnv => config.appEnv ?? environmentFromHost(req.hostname);
  const upstream = {
    client: deps.client ?? createUpstreamClient({ caFile: config.uaaCaFile }),
    upstream: deps.upstream,
    publicOrigin: publicOriginFor(config),
  };
  const { client, publicOrigin } = upstream;
  const timeoutMs = deps.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const events = deps.securityEvents ?? createSecurityTrail(config, logger).events;
  const configFor = runtimeConfigFor({ config, envOf, allowlist, demo: deps.outbox !== undefined });
  const sessions = createSessions({ config, envOf, upstream, timeoutMs, events });
  const { cookie } = sessions;
  const metrics = createMetrics({
    allowlist,
    rateLimitStoreUp: () => rateLimits.storeUp(),
    rateLimitsHeld: () => rateLimits.held(),
    securityShipping: deps.securityShipping,
    renderHost: deps.renderHost,
  });
  const { documents, routes: pageRoutes } = pages({
    staticDir: config.staticDir,
    configFor,
    upstream,
    tokenJsonPaths: config.tokenJsonPaths,
    firstScreenTimeoutMs: config.firstScreenTimeoutMs,
    sessions,
    rateLimits,
    renderHost: deps.renderHost,
  });

  const app = express();
  app.disable('x-powered-by');
  // A hop count or a list of addresses, CIDRs and names (loopback, uniquelocal...), as Express takes it.
  app.set('trust proxy', config.trustProxy);
  app.use(
    // 1. Identify, trace, log and count every request (a traced one's span named by its route);
    //    secrets never reach the log.
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
    // 3. The session cookie check: a planted or malformed one is no session, and is cleared.
    cookieParser(),
    refusePlantedSessionCookies(cookie, events, logger),
    // 4. The gateways, each behind the same guards (path, CSRF, the call, body type and size,
    //    identifiers, schema, step-up, account, upload size, rate limits).
    gateways({
      ...upstream,
      uploadUpstream: config.uploadUpstream,
      tokenJsonPaths: config.tokenJsonPaths,
      timeoutMs,
      sessions,
      rateLimits,
      events,
      logger,
    }),
    // 5. Documents that call the UAA count as the call they make under the rate limits.
    countDocumentCalls({ brandPrefix: config.brandPrefix, sessions, rateLimits, events }),
    // 6. Health and metrics (metrics only for a local scraper or the holder of METRICS_TOKEN).
    createHealthRoutes({ upstream: deps.upstream, allowlist, client }),
  );
  app.get(METRICS_PATH, refusalEvents(events, cookie), metricsHandler(metrics, config.metricsToken));
  // 7. Session, redirects and the one-time-code redirect.
  app.get(BFF_PATHS.session, (req, res) => {
    res.set('Cache-Control', 'no-store').json({ authenticated: readSessionToken(req, cookie) !== undefined });
  });
  app.use(
    createRedirectRoutes({
      ...upstream,
      allowlist,
      cookie,
      envOf,
      documents,
      logger,
      upstreamTimeoutMs: timeoutMs,
      sessionToken: sessions.documentToken,
      onRefusedToken: sessions.onDocumentRefusedToken,
      events,
      clientRedirects: config.clientRedirects,
      brandPrefix: config.brandPrefix,
    }),
    // 8. The local UAA's development pages, only in demo mode and never in production.
    devRoutes({
      envOf,
      outbox: deps.outbox,
      devUpstream: deps.devUpstream,
      client,
      publicOrigin,
      timeoutMs,
      events,
      cookie,
    }),
    // 9. The app: its files, then a document for every other GET, its first screen inlined.
    pageRoutes,
    // Any other method on any other path: the JSON envelope, as every error of the BFF is.
    notFound,
  );
  // 10. One error handler: body parser refusals are the client's fault, the rest is ours.
  app.use(errorHandler(logger));
  return app;
}
