/**
 * Prometheus metrics (prom-client), one registry per app: requests by route and status, their
 * answer times, upstream latency, rate-limit refusals, the allow-list's age, the signed-in pages'
 * render host. Route labels come from a fixed set (the endpoint table, the BFF's own paths, 'spa',
 * 'static'), never from raw URLs.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { endpointForPath, GATEWAY_BASE, UPLOAD_GATEWAY_BASE } from '@shared/contract/endpoints';
import { BFF_PATHS, ROUTES } from '@shared/routes';
import { sendError } from '../http-errors';
import { gatewayCallOf } from '../proxy/gateway-call';
import type { AllowlistSource } from '../redirect/allowlist';
import type { ShipperStats } from '../security-events/syslog';
import { RENDER_OUTCOMES, type RenderHost } from '../documents/server-render';

export const METRICS_PATH = BFF_PATHS.metrics;

const OWN_ROUTES = new Map<string, string>([
  [BFF_PATHS.healthz, 'healthz'],
  [BFF_PATHS.readyz, 'readyz'],
  [METRICS_PATH, 'metrics'],
  [BFF_PATHS.session, 'bff:session'],
  [BFF_PATHS.redirect, 'bff:redirect'],
  [ROUTES.authentication, 'authentication'],
]);

/** A bounded label for a request: what it asked for, without ids or queries. */
export function routeLabel(url: string): string {
  const path = (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
  // Express mounts match in any case: so does the label, by the table's one spelling of the call.
  const lower = path.toLowerCase();
  for (const [base, name] of [
    [GATEWAY_BASE, 'gateway'],
    [UPLOAD_GATEWAY_BASE, 'upload'],
  ] as const) {
    if (lower.startsWith(`${base}/`)) {
      const endpoint = endpointForPath(path.slice(base.length));
      return endpoint ? `${name}:${endpoint.path.split('?')[0]}` : `${name}:other`;
    }
  }
  if (path === BFF_PATHS.dev || path.startsWith(`${BFF_PATHS.dev}/`)) return 'dev';
  if (path.startsWith('/static/')) return 'static';
  // The sub-brand's twin, whatever its configured prefix.
  if (/^\/[a-z][a-z0-9]{0,19}-authentication$/.test(path)) return 'authentication:branded';
  return OWN_ROUTES.get(path) ?? 'spa';
}

/**
 * The route class as OpenTelemetry's `http.route` writes it, a path template: the endpoint's
 * path under its gateway (`/gw/uaa-be/api/v1/login/byAccount`), `/gw/uaa-be/*` for the rest,
 * `/static/*`, `/*` for the SPA's documents, the BFF's own paths as they are.
 */
export function routeTemplate(label: string): string {
  const [kind, path] = label.split(/:(.*)/s) as [string, string | undefined];
  if (kind === 'gateway' || kind === 'upload') {
    const base = kind === 'gateway' ? GATEWAY_BASE : UPLOAD_GATEWAY_BASE;
    return path === 'other' ? `${base}/*` : `${base}${path}`;
  }
  if (label === 'authentication:branded') return '/:brand-authentication';
  const own = [...OWN_ROUTES].find(([, name]) => name === label)?.[0];
  return own ?? { dev: `${BFF_PATHS.dev}/*`, static: '/static/*' }[label] ?? '/*';
}

const ROUTE = Symbol('route label');

/** A request's route label, worked out once for the log line and the metrics alike. */
export function routeOf(req: Request): string {
  const labelled = req as Request & { [ROUTE]?: string };
  return (labelled[ROUTE] ??= routeLabel(req.originalUrl));
}

/** "2xx" for 204: the class a latency is read by (OpenTelemetry's and Prometheus's buckets of status). */
export function statusClass(status: number): string {
  return `${Math.trunc(status / 100)}xx`;
}

export interface Metrics {
  registry: Registry;
  /** Counts every response when it is finished. */
  middleware: RequestHandler;
}

export function createMetrics(deps: {
  allowlist: AllowlistSource;
  rateLimitStoreUp(): boolean | undefined;
  rateLimitsHeld(): number | undefined;
  /** The security events' syslog shipper, when SECURITY_LOG_SYSLOG is set. */
  securityShipping?: () => ShipperStats;
  /** The signed-in pages' render host (documents/server-render.ts), if any: its renders, restarts, queue. */
  renderHost?: Pick<RenderHost, 'observe' | 'queueLength'>;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'bff_' });
  const requests = new Counter({
    name: 'bff_http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  // OpenTelemetry's http.server.request.duration, by the same bounded routes: what a person waited for.
  const answerTimes = new Histogram({
    name: 'bff_http_server_request_duration_seconds',
    help: 'Time from a request reaching the BFF to its reply handed to the network, by route and status class',
    labelNames: ['route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'bff_upstream_duration_seconds',
    help: 'Time from sending a request to the upstream to its reply headers, by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 6],
    registers: [registry],
  });
  const upstreamCalls = new Counter({
    name: 'bff_upstream_calls_total',
    help: 'Calls made to the UAA, by the route of the request that made them (a signed-in document makes 1 to 3)',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'bff_rate_limit_refusals_total',
    help: 'Requests refused by a rate-limit rule (reason limit) or because its store was down (reason store-down); mode shadow: what a shadow rule would have refused, let through',
    labelNames: ['rule', 'reason', 'mode'] as const,
    registers: [registry],
  });
  const codeSends = new Counter({
    name: 'bff_code_sends_total',
    help: 'Calls that make the UAA send an SMS or e-mail code, as dispatched upstream, by endpoint (alert on the daily rate before the bill does)',
    labelNames: ['endpoint'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'bff_allowlist_age_seconds',
    help: 'Seconds since the redirect allow-list was last fetched (+Inf before the first fetch)',
    registers: [registry],
    collect() {
      this.set(deps.allowlist.ageSeconds() ?? Infinity);
    },
  });
  if (deps.rateLimitStoreUp() !== undefined) {
    new Gauge({
      name: 'bff_rate_limit_store_up',
      help: '1 while the shared rate-limit store (Redis) answers, else 0',
      registers: [registry],
      collect() {
        this.set(deps.rateLimitStoreUp() ? 1 : 0);
      },
    });
  }

  if (deps.rateLimitsHeld() !== undefined) {
    new Gauge({
      name: 'bff_rate_limit_keys',
      help: 'Rate-limit counters held in this process (keys and distinct targets): bounded by what was admitted, never by what was refused',
      registers: [registry],
      collect() {
        this.set(deps.rateLimitsHeld() ?? 0);
      },
    });
  }

  const shipping = deps.securityShipping;
  if (shipping) {
    new Gauge({
      name: 'bff_security_events_ship_queued',
      help: 'Security events waiting for the syslog collector (SECURITY_LOG_SYSLOG_BUFFER at most)',
      registers: [registry],
      collect() {
        this.set(shipping().queued);
      },
    });
    new Gauge({
      name: 'bff_security_events_ship_connected',
      help: '1 while the syslog collector of the security events is connected, else 0',
      registers: [registry],
      collect() {
        this.set(shipping().connected ? 1 : 0);
      },
    });
    new Counter({
      name: 'bff_security_events_ship_dropped_total',
      help: 'Security events not shipped because the queue for the syslog collector was full (each is in the local stream)',
      registers: [registry],
      // The shipper counts; a counter read at scrape time is set to its count (it only grows).
      collect() {
        this.reset();
        this.inc(shipping().dropped);
      },
    });
  }
  if (deps.renderHost) renderMetrics(registry, deps.renderHost);

  const middleware: RequestHandler = (req, res, next) => {
    const arrived = performance.now();
    res.once('finish', () => {
      const route = routeOf(req);
      requests.inc({ route, status: String(res.statusCode) });
      answerTimes.observe(
        { route, status_class: statusClass(res.statusCode) },
        (performance.now() - arrived) / 1000,
      );
      const upstreamMs = res.locals.upstreamMs;
      if (upstreamMs !== undefined) upstream.observe({ route }, upstreamMs / 1000);
      const calls = res.locals.upstreamCalls;
      if (calls !== undefined) upstreamCalls.inc({ route }, calls);
      const refusal = res.locals.rateLimit;
      if (refusal) refusals.inc({ rule: refusal.rule, reason: refusal.reason, mode: 'enforce' });
      for (const rule of res.locals.rateLimitShadow ?? [])
        refusals.inc({ rule, reason: 'limit', mode: 'shadow' });
      const call = gatewayCallOf(req);
      if (call?.endpoint.sendsCode && res.locals.upstreamDispatched)
        codeSends.inc({ endpoint: call.rulePath });
    });
    next();
  };
  return { registry, middleware };
}

/** The render host's renders by outcome, their time, its restarts and its queue. */
function renderMetrics(registry: Registry, host: Pick<RenderHost, 'observe' | 'queueLength'>): void {
  const renders = new Counter({
    name: 'bff_render_total',
    help: 'Signed-in pages given to the renderer, by outcome: rendered, declined (the page goes elsewhere), or the shell instead for timeout, error, too_big, host_down (no renderer ready, or it died) or busy (its queue full)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // Every outcome from the start: a rate of failures is 0, not absent, until the first one.
  for (const outcome of RENDER_OUTCOMES) renders.inc({ outcome }, 0);
  const durations = new Histogram({
    name: 'bff_render_duration_seconds',
    help: "Time from a page sent to the renderer to its answer, its time-out or its renderer's death",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.35, 0.5, 1],
    registers: [registry],
  });
  const restarts = new Counter({
    name: 'bff_render_host_restarts_total',
    help: 'Renderer processes started again after one died or was ended (a hung render, its heap cap)',
    registers: [registry],
  });
  new Gauge({
    name: 'bff_render_queue_length',
    help: 'Pages waiting for the renderer now (beyond 8 the shell answers)',
    registers: [registry],
    collect() {
      this.set(host.queueLength());
    },
  });
  host.observe({
    rendered(outcome, seconds) {
      renders.inc({ outcome });
      if (seconds !== undefined) durations.observe(seconds);
    },
    restarted: () => restarts.inc(),
  });
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever presents it as a bearer token; without,
 * only a scraper on this host talking to the BFF directly (a request that came through a
 * reverse proxy carries forwarding headers and is refused).
 */
export function mayReadMetrics(req: Request, token: string | undefined): boolean {
  if (token !== undefined) {
    const presented = Buffer.from(req.get('authorization') ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }
  const peer = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const direct = FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
  return direct && (peer === '::1' || /^127\./.test(peer));
}

export function metricsHandler(metrics: Metrics, token: string | undefined) {
  return async (req: Request, res: Response): Promise<void> => {
    // Unknown to anyone not allowed: the same answer as any other missing page.
    if (!mayReadMetrics(req, token))
      return sendError(req, res, 404, 'A0100', 'notFound', { reason: 'metrics-access' });
    const body = await metrics.registry.metrics();
    // res.end, not res.send: the exposition format's Content-Type is sent exactly as prom-client names it.
    res.status(200).set('Cache-Control', 'no-store').setHeader('Content-Type', metrics.registry.contentType);
    res.end(body);
  };
}
