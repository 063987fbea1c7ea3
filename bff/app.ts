/**
 * createApp: the BFF's middleware order, written once. Read top to bottom, it is the security
 * policy: identify and log the request, set headers, answer health checks, then the session,
 * redirect and gateway routes behind their guards, then the SPA.
 */
import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type Request } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { ENDPOINTS, GATEWAY_BASE, UPLOAD_GATEWAY_BASE } from '@shared/api/endpoints';
import { environmentFromHost, type AppEnv } from '@shared/environment';
import { BFF_PATHS } from '@shared/routes';
import type { OutboxMessage } from '@shared/api/types';
import type { Config } from './config';
import { createHealthRoutes } from './health/routes';
import { sendError } from './http-errors';
import { redactUrl } from './log';
import { createGateway, UPSTREAM_TIMEOUT_MS, type GatewayRequest } from './proxy/gateway';
import { isSafeProxyPath } from './proxy/path-guard';
import type { AllowlistSource } from './redirect/allowlist';
import { createRedirectRoutes } from './redirect/routes';
import { requireCsrf, requireJsonBody } from './security/csrf';
import { readSessionToken, type CookiePolicy } from './session/cookie';
import { loadLinks } from './spa/links';
import type { AppConfig } from './spa/runtime-config';
import { createSpa } from './spa/static';
import { renderOutbox } from './dev/outbox-page';

export interface AppDeps {
  config: Config;
  logger: Logger;
  /** Base URL of the UAA actually used (the configured one or the embedded local UAA). */
  upstream: string;
  allowlist: AllowlistSource;
  /** Present only when the local UAA is embedded (demo mode). */
  outbox?: () => Promise<OutboxMessage[]>;
  /**
   * Demo mode: the embedded local UAA's base URL. Its `/__dev/*` pages (simulated GitHub, WeChat
   * and CARSI consent pages, uploaded files, test switches) are served through the BFF.
   */
  devUpstream?: string;
  upstreamTimeoutMs?: number;
}

const JSON_LIMIT = '100kb';
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function createApp(deps: AppDeps): Express {
  const { config, logger, allowlist } = deps;
  const envOf = (req: Request): AppEnv => config.appEnv ?? environmentFromHost(req.hostname);
  const cookie: CookiePolicy = {
    name: config.cookieName,
    secure: (req) => config.cookieSecure ?? envOf(req) !== 'development',
  };
  const links = loadLinks(config.linksFile);
  const demo = deps.outbox !== undefined;

  const configFor = (req: Request): AppConfig => {
    const env = envOf(req);
    const origin = `${req.protocol}://${req.get('host') ?? ''}`;
    return {
      env,
      demo: demo && env !== 'production',
      links: links[env],
      captcha:
        config.captcha.provider === 'aliyun'
          ? {
              provider: 'aliyun',
              sceneId: config.captcha.sceneId,
              prefix: config.captcha.prefix,
              region: config.captcha.region,
            }
          : { provider: 'local' },
      openerOrigins: config.openerOrigins ?? [origin, ...allowlist.domains().map((d) => `https://${d}`)],
    };
  };
  const spa = createSpa({ staticDir: config.staticDir, configFor });

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // 1. Identify and log every request; secrets never reach the log.
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customProps: (_req, res) => {
        const upstreamMs = (res as unknown as { locals?: { upstreamMs?: number } }).locals?.upstreamMs;
        return upstreamMs === undefined ? {} : { upstreamMs: Math.round(upstreamMs * 10) / 10 };
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );

  // 2. Security headers on every response.
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(config.captcha.provider === 'aliyun' ? ['https://o.alicdn.com'] : [])],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
    }),
  );
  app.use((req, res, next) => {
    if (envOf(req) !== 'development')
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  });

  // 3. Health.
  app.use(createHealthRoutes({ upstream: deps.upstream, allowlist }));

  // 4. Session, redirects and the one-time-code redirect.
  app.use(cookieParser());
  app.get(BFF_PATHS.session, (req, res) => {
    res.set('Cache-Control', 'no-store').json({ authenticated: readSessionToken(req, cookie) !== undefined });
  });
  app.use(
    createRedirectRoutes({
      upstream: deps.upstream,
      allowlist,
      cookie,
      envOf,
      spa,
      logger,
      upstreamTimeoutMs: deps.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
    }),
  );

  // 5. The local UAA's outbox, only in demo mode and never in production.
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
    const devProxy = createProxyMiddleware<Request, express.Response>({
      target: `${deps.devUpstream}/__dev`,
      changeOrigin: true,
      proxyTimeout: deps.upstreamTimeoutMs ?? UPSTREAM_TIMEOUT_MS,
      on: {
        error: (_err, req, res) =>
          sendError(req as Request, res as express.Response, 502, 'B0300', 'upstreamUnavailable'),
      },
    });
    app.use(
      BFF_PATHS.dev,
      (req, res, next) => {
        if (envOf(req) === 'production') return sendError(req, res, 404, 'A0100', 'notFound');
        // Test switches change state: they need the CSRF header like every other state change.
        if (req.method !== 'GET' && req.method !== 'HEAD') return requireCsrf(req, res, next);
        next();
      },
      devProxy,
    );
  }

  // 6. The gateways: path guard, CSRF, JSON-only bodies with a size limit, then the proxy.
  const gatewayGuards = [
    (req: Request, res: express.Response, next: express.NextFunction) =>
      isSafeProxyPath(req.originalUrl) ? next() : sendError(req, res, 400, 'A0100', 'badPath'),
    requireCsrf,
  ];
  const jsonBody = express.json({
    limit: JSON_LIMIT,
    type: ['application/json', 'application/*+json'],
    verify: (req, _res, buf) => {
      (req as GatewayRequest).rawBody = buf;
    },
  });
  const uploadPath = ENDPOINTS.uploadFile.path.split('?')[0] as string;
  app.use(
    GATEWAY_BASE,
    ...gatewayGuards,
    requireJsonBody({ multipartPaths: [uploadPath] }),
    jsonBody,
    createGateway({
      target: deps.upstream,
      cookie,
      tokenJsonPaths: config.tokenJsonPaths,
      logger,
      timeoutMs: deps.upstreamTimeoutMs,
    }),
  );
  app.use(
    UPLOAD_GATEWAY_BASE,
    ...gatewayGuards,
    requireJsonBody({ multipartPaths: [uploadPath] }),
    jsonBody,
    createGateway({
      target: config.uploadUpstream ?? deps.upstream,
      cookie,
      tokenJsonPaths: [],
      logger,
      timeoutMs: deps.upstreamTimeoutMs,
    }),
  );

  // 7. The SPA.
  app.use(spa.router);

  // 8. One error handler: body parser refusals are the client's fault, the rest is ours.
  const onError: ErrorRequestHandler = (err: { type?: string; status?: number }, req, res, _next) => {
    if (err.type === 'entity.too.large') return sendError(req, res, 413, 'A0100', 'payloadTooLarge');
    if (err.type === 'entity.parse.failed' || err.status === 400)
      return sendError(req, res, 400, 'A0100', { serverCode: 'A0100' });
    if (err.status === 404) return sendError(req, res, 404, 'A0100', 'notFound');
    logger.error({ reqId: req.id, err }, 'unhandled error');
    sendError(req, res, 500, '-1', 'internalError');
  };
  app.use(onError);
  return app;
}
