/**
 * Traces (issue 26): a login through Debian's nginx (the repository's nginx.conf, TLS on
 * loopback), one BFF replica (the deploy build, tracing on) with its Redis, and the local UAA
 * behind an nginx of its own (TLS, gzip, a path prefix, as the real one) carrying OpenTelemetry's
 * HTTP instrumentation as the real UAA carries an agent. An OTLP/HTTP receiver of the test's own
 * (JSON: OTEL_EXPORTER_OTLP_PROTOCOL=http/json) collects every span (every trace sampled).
 * Checks one trace joins the BFF's server span, named by its route, its Redis and upstream spans
 * to the UAA's; no attribute holds a secret; a
 * browser's `traceparent` is not continued, a trusted proxy's is; the trace id is in the access
 * log and the security events; a server render is a span of its own within its document's trace.
 *
 * Needs a build: scripts/test-deploy.sh points DEPLOY_CLIENT_DIST and DEPLOY_SERVER_DIST at the
 * runtime tree of the Dockerfile it performed (defaults dist/client-deploy, dist/server-deploy).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import { TIME_ZONE_COOKIE } from '@shared/documents';
import { startNginxUpstream, type NginxUpstream } from '../support/nginx-upstream';
import {
  CLIENT_DIST,
  freePort,
  GW,
  NODE_FLAGS,
  REDIS,
  redisPing,
  requireDeployTree,
  ROOT,
  selfSignedCertificate,
  send,
  SERVER_DIST,
  start,
  startLocalUaa,
  startNginx,
  stop,
  waitFor,
  type Proc,
  type Reply,
} from './harness';

const JSON_CALL = { 'X-CSRF': '1', 'Content-Type': 'application/json' };
const PASSWORD = 'Admin12345';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
/** A trace context as a browser (or an attacker) would send it. */
const FOREIGN_TRACE = '0af7651916cd43dd8448eb211c80319c';
const FOREIGN_PARENT = `00-${FOREIGN_TRACE}-b7ad6b7169203331-01`;
/** One a trusted proxy sends. */
const PROXY_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PROXY_PARENT = `00-${PROXY_TRACE}-00f067aa0ba902b7-01`;

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  /** OTLP's status: code 2 is ERROR; UNSET leaves it out. */
  status?: { code?: number; message?: string };
}
const SERVER = 2;
const CLIENT = 3;
const STATUS_ERROR = 2;

let dir: string;
let procs: Record<string, Proc | undefined> = {};
let collector: Server | undefined;
let uaaNginx: NginxUpstream | undefined;
let tls: Agent;
let origin: string;
let bffPort: number;
/** A second BFF, sampling none of the traces it starts (parentbased_traceidratio, ratio 0). */
let bffNonePort: number;
const spans: Span[] = [];
/** Every export request's body as received: the whole of what left the processes. */
const exported: string[] = [];

/** OTLP/JSON: resourceSpans → scopeSpans → spans, attributes as key/value lists. */
function collect(body: string): void {
  exported.push(body);
  type Value = Record<string, unknown>;
  type Attribute = { key: string; value: Value };
  const valueOf = (v: Value) => Object.values(v)[0];
  const attributes = (list: Attribute[] | undefined) =>
    Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));
  const message = JSON.parse(body) as {
    resourceSpans: {
      resource: { attributes: Attribute[] };
      scopeSpans: { spans: (Omit<Span, 'service' | 'attributes'> & { attributes?: Attribute[] })[] }[];
    }[];
  };
  for (const rs of message.resourceSpans) {
    const service = String(attributes(rs.resource.attributes)['service.name']);
    for (const ss of rs.scopeSpans)
      for (const s of ss.spans)
        spans.push({
          ...s,
          service,
          parentSpanId: s.parentSpanId || undefined,
          attributes: attributes(s.attributes),
        });
  }
}

/** The spans of the BFF's server span for `urlPath`, once it has been exported. */
async function serverSpan(urlPath: string, since: number): Promise<Span> {
  let found: Span | undefined;
  await waitFor(`the BFF's span of ${urlPath}`, async () => {
    found = spans
      .slice(since)
      .find((s) => s.service === 'uaa-sso-bff' && s.kind === SERVER && s.attributes['url.path'] === urlPath);
    return found !== undefined;
  });
  return found!;
}

function traceOf(traceId: string): Span[] {
  return spans.filter((s) => s.traceId === traceId);
}

function viaNginx(pathAndQuery: string, opts: Parameters<typeof send>[1] = {}): Promise<Reply> {
  return send(`${origin}${pathAndQuery}`, { agent: tls, ...opts });
}

/** Logs the demo admin in, through nginx unless `via` says otherwise. */
async function login(
  headers: Record<string, string> = {},
  via: typeof viaNginx = viaNginx,
): Promise<{ cookie: string; reply: Reply; encrypted: string }> {
  const key = (await via(`${GW}/cipher/getPubKey`, { method: 'POST', headers: JSON_CALL, body: '{}' })).json<{
    data: { pubKey: string };
  }>();
  const encrypted = encryptPassword(key.data.pubKey, PASSWORD, 'login');
  const reply = await via(`${GW}/login/byAccount`, {
    method: 'POST',
    headers: {
      ...JSON_CALL,
      captchaVerifyParam: LOCAL_CAPTCHA_PASS,
      sceneId: 'local',
      prefix: 'local',
      ...headers,
    },
    body: JSON.stringify({ account: 'admin', password: encrypted, autoLogin: false }),
  });
  expect(reply.json().msgCode).toBe('10000');
  const cookie = (reply.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('uaa-token=') && !c.startsWith('uaa-token=;'))!
    .split(';')[0]!;
  return { cookie, reply, encrypted };
}

beforeAll(async () => {
  requireDeployTree();
  dir = mkdtempSync(path.join(tmpdir(), 'uaa-tracing-'));
  const ports = {
    redis: await freePort(),
    uaa: await freePort(),
    collector: await freePort(),
    bff: await freePort(),
    bffNone: await freePort(),
    http: await freePort(),
    https: await freePort(),
  };
  bffPort = ports.bff;
  bffNonePort = ports.bffNone;
  origin = `https://localhost:${ports.https}`;
  const certificate = selfSignedCertificate(dir);
  tls = new Agent({ ca: readFileSync(certificate.cert), keepAlive: true });

  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') collect(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector!.listen(ports.collector, '127.0.0.1', resolve));
  const otel = {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${ports.collector}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Spans leave within 50 ms, not the SDK's 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '50',
    // Every trace, where the BFF's default keeps a tenth of those it starts.
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
  };

  procs.redis = start('redis', REDIS, ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', ''], {
    dir,
  });
  await waitFor('redis-server', () => redisPing(ports.redis), procs.redis);

  procs.uaa = await startLocalUaa({
    dir,
    serverDist: SERVER_DIST,
    port: ports.uaa,
    publicUrl: origin,
    nodeArgs: ['--import', path.join(ROOT, 'tests/deploy/traced-upstream.mjs')],
    env: { ...otel, OTEL_SERVICE_NAME: 'uaa' },
  });
  const uaa = `http://127.0.0.1:${ports.uaa}`;
  uaaNginx = await startNginxUpstream({ target: uaa, prefix: '/uaa-be', tls: true, gzip: true });

  procs.bff = start('bff', process.execPath, [...NODE_FLAGS, path.join(SERVER_DIST, 'index.js')], {
    dir,
    cwd: ROOT,
    env: {
      ...otel,
      PORT: String(ports.bff),
      HOST: '127.0.0.1',
      UAA_UPSTREAM: uaaNginx.url,
      UAA_CA_FILE: uaaNginx.caFile,
      APP_ENV: 'staging',
      CAPTCHA_PROVIDER: 'local',
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      RATE_LIMIT_HASH_KEY: 'tracing-test-hash-key-0123456789',
      TRUST_PROXY: 'loopback',
      STATIC_DIR: CLIENT_DIST,
      PUBLIC_ORIGIN: origin,
      SECURITY_LOG_FILE: path.join(dir, 'security.jsonl'),
      LOG_LEVEL: 'info',
    },
  });
  await waitFor(
    'the BFF',
    async () => (await send(`http://127.0.0.1:${ports.bff}/readyz`, { timeoutMs: 1000 })).status === 200,
    procs.bff,
  );
  procs.bffNone = start('bff-none', process.execPath, [...NODE_FLAGS, path.join(SERVER_DIST, 'index.js')], {
    dir,
    cwd: ROOT,
    env: {
      ...otel,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0',
      OTEL_SERVICE_NAME: 'uaa-sso-bff-none',
      PORT: String(ports.bffNone),
      HOST: '127.0.0.1',
      UAA_UPSTREAM: uaaNginx.url,
      UAA_CA_FILE: uaaNginx.caFile,
      APP_ENV: 'staging',
      CAPTCHA_PROVIDER: 'local',
      // Its rate limits in Redis too: their commands start no trace of their own.
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      RATE_LIMIT_HASH_KEY: 'tracing-test-hash-key-0123456789',
      TRUST_PROXY: 'loopback',
      STATIC_DIR: CLIENT_DIST,
      PUBLIC_ORIGIN: origin,
      SECURITY_LOG_FILE: path.join(dir, 'security-none.jsonl'),
      LOG_LEVEL: 'warn',
    },
  });
  await waitFor(
    'the BFF sampling none',
    async () => (await send(`http://127.0.0.1:${ports.bffNone}/readyz`, { timeoutMs: 1000 })).status === 200,
    procs.bffNone,
  );
  procs.nginx = startNginx({
    name: 'nginx',
    dir,
    prefix: dir,
    listen: { http: ports.http, https: ports.https },
    replicaPorts: [ports.bff],
    certificate,
    staticRoot: CLIENT_DIST,
  });
  await waitFor(
    'nginx',
    async () => (await viaNginx('/healthz', { timeoutMs: 1000 })).status === 200,
    procs.nginx,
  );
});

afterAll(async () => {
  await Promise.all(
    ['nginx', 'bff', 'bffNone', 'uaa', 'redis'].map((name) => stop(procs[name]).catch(() => undefined)),
  );
  await uaaNginx?.close().catch(() => undefined);
  await new Promise((resolve) => (collector ? collector.close(resolve) : resolve(undefined)));
  tls?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
  procs = {};
});

describe('a login, traced through nginx, the BFF and the UAA', () => {
  let trace: Span[];
  let bffServer: Span;
  let secrets: string[];

  beforeAll(async () => {
    const since = spans.length;
    // The browser sends a trace context of its own: nginx drops it, the BFF would not trust it.
    const { cookie, encrypted } = await login({ traceparent: FOREIGN_PARENT, tracestate: 'evil=1' });
    secrets = [PASSWORD, encrypted, cookie.slice('uaa-token='.length)];
    bffServer = await serverSpan(`${GW}/login/byAccount`, since);
    // The UAA's span comes in its own export, maybe after the BFF's.
    await waitFor('the UAA span of the login', async () =>
      traceOf(bffServer.traceId).some((s) => s.service === 'uaa'),
    );
    trace = traceOf(bffServer.traceId);
  });

  it('is one trace: the BFF server span, named by its route, Redis, the call to the UAA and the UAA itself', () => {
    expect(bffServer.parentSpanId).toBeUndefined();
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const descendsFrom = (span: Span, ancestor: Span): boolean => {
      for (let p = span.parentSpanId; p; p = byId.get(p)?.parentSpanId)
        if (p === ancestor.spanId) return true;
      return false;
    };
    const redis = trace.filter(
      (s) => s.attributes['db.system'] === 'redis' || s.attributes['db.system.name'] === 'redis',
    );
    const upstream = trace.find(
      (s) =>
        s.service === 'uaa-sso-bff' &&
        s.kind === CLIENT &&
        String(s.attributes['url.full']).includes('/uaa-be/api/v1/login/byAccount'),
    );
    const uaa = trace.find((s) => s.service === 'uaa' && s.kind === SERVER);
    // The endpoint the call was, as the metrics' route class (no Express span: tracing/start.ts).
    expect(bffServer.attributes['http.route']).toBe(`${GW}/login/byAccount`);
    expect(bffServer.name).toBe(`POST ${GW}/login/byAccount`);
    expect(redis.length, 'the rate limits’ Redis calls').toBeGreaterThan(0);
    expect(upstream, 'the call to the UAA, through its nginx').toBeDefined();
    expect(uaa, 'the UAA’s own span').toBeDefined();
    for (const span of [...redis, upstream!]) expect(descendsFrom(span, bffServer), span.name).toBe(true);
    // The UAA continued the context the BFF sent through the UAA's nginx.
    expect(uaa!.parentSpanId).toBe(upstream!.spanId);
    expect(uaa!.attributes['url.path']).toBe('/api/v1/login/byAccount');
  });

  it('continues no trace context a browser sent', () => {
    expect(spans.some((s) => s.traceId === FOREIGN_TRACE)).toBe(false);
  });

  it('holds no password, encrypted password or session token in any span', () => {
    const all = exported.join('\n');
    for (const secret of secrets)
      expect(all.includes(secret), `a secret of ${secret.length} characters`).toBe(false);
  });

  it('puts the trace id in the access log line and the security event of the login', () => {
    const logLine = readFileSync(path.join(dir, 'bff.log'), 'utf8')
      .split('\n')
      .filter((l) => l.includes('/login/byAccount') && l.includes('request completed'))
      .map((l) => JSON.parse(l) as { traceId?: string })
      .at(-1);
    expect(logLine?.traceId).toBe(bffServer.traceId);
    const event = readFileSync(path.join(dir, 'security.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; outcome: string; traceId?: string })
      .filter((e) => e.type === 'login')
      .at(-1);
    expect(event).toMatchObject({ outcome: 'success', traceId: bffServer.traceId });
  });
});

describe('trace context', () => {
  it('continues the traceparent of a trusted proxy (TRUST_PROXY: loopback, here)', async () => {
    const since = spans.length;
    const r = await send(`http://127.0.0.1:${bffPort}${GW}/login/getLocationInfo`, {
      headers: { 'X-CSRF': '1', traceparent: PROXY_PARENT },
    });
    expect(r.status).toBe(200);
    const span = await serverSpan(`${GW}/login/getLocationInfo`, since);
    expect(span.traceId).toBe(PROXY_TRACE);
    expect(span.parentSpanId).toBe('00f067aa0ba902b7');
  });

  it("decides an unsampled call before instrumenting it: no span, no trace context to the UAA, no Redis span; a trusted proxy's sampled one is still continued", async () => {
    // The BFF samples none of the traces it starts (ratio 0): the sampling is decided before any
    // work for the trace (tracing/context.ts traceRequests); a sampled parent still wins.
    const since = spans.length;
    const call = (headers: Record<string, string> = {}) =>
      send(`http://127.0.0.1:${bffNonePort}${GW}/login/getLocationInfo`, {
        headers: { 'X-CSRF': '1', ...headers },
      });
    expect((await call()).status).toBe(200);
    // A login, whose rate limits count in Redis, unsampled as well.
    await login({}, (pathAndQuery, opts) => send(`http://127.0.0.1:${bffNonePort}${pathAndQuery}`, opts));
    const parentTrace = '5bf92f3577b34da6a3ce929d0e0e4737';
    expect((await call({ traceparent: `00-${parentTrace}-00f067aa0ba902b8-01` })).status).toBe(200);
    // Each service exports on its own schedule.
    await waitFor('the sampled call, through the UAA', async () =>
      ['uaa', 'uaa-sso-bff-none'].every((service) =>
        spans.slice(since).some((s) => s.service === service && s.traceId === parentTrace),
      ),
    );
    const mine = spans.slice(since);
    const bffSpans = mine.filter((s) => s.service === 'uaa-sso-bff-none');
    expect(bffSpans.length).toBeGreaterThan(0);
    expect(bffSpans.every((s) => s.traceId === parentTrace)).toBe(true);
    expect(bffSpans.map((s) => s.kind)).toEqual(expect.arrayContaining([SERVER, CLIENT]));
    // The unsampled call reached the UAA without a trace context: the UAA's agent began its own.
    const uaaRoots = mine.filter(
      (s) => s.service === 'uaa' && s.kind === SERVER && s.traceId !== parentTrace,
    );
    expect(uaaRoots.length).toBeGreaterThan(0);
    expect(uaaRoots.every((s) => s.parentSpanId === undefined)).toBe(true);
  });

  it('draws a signed-in page in a "server render" span of its document’s trace', async () => {
    const { cookie } = await login();
    const since = spans.length;
    const page = await viaNginx('/usercenter', {
      headers: { Cookie: `${cookie}; ${TIME_ZONE_COOKIE}=Asia/Shanghai`, 'User-Agent': DESKTOP },
    });
    expect(page.status).toBe(200);
    const document = await serverSpan('/usercenter', since);
    await waitFor('the server render span', async () =>
      traceOf(document.traceId).some((s) => s.name === 'server render'),
    );
    const trace = traceOf(document.traceId);
    const render = trace.find((s) => s.name === 'server render')!;
    expect(render.attributes['url.path']).toBe('/usercenter');
    // Within the document's trace, beside the UAA calls its first screen made.
    expect(
      trace.some((s) => s.kind === CLIENT && String(s.attributes['url.full']).includes('/uaa-be/')),
    ).toBe(true);
    expect(render.parentSpanId).toBeDefined();
  });
});

describe('a failed answer', () => {
  it("is an error on the BFF's server span when it is the server's (5xx), not when it is the caller's (4xx)", async () => {
    // Without X-CSRF: refused by the BFF, the caller's fault.
    let since = spans.length;
    const refused = await viaNginx(`${GW}/login/getLocationInfo`);
    expect(refused.status).toBe(403);
    expect((await serverSpan(`${GW}/login/getLocationInfo`, since)).status?.code).not.toBe(STATUS_ERROR);
    // The UAA's nginx gone: 502, the server's (last in the file: the UAA stays away).
    await uaaNginx?.close();
    uaaNginx = undefined;
    since = spans.length;
    const failed = await viaNginx(`${GW}/login/getLocationInfo`, { headers: { 'X-CSRF': '1' } });
    expect(failed.status).toBe(502);
    expect((await serverSpan(`${GW}/login/getLocationInfo`, since)).status?.code).toBe(STATUS_ERROR);
  });
});
