/**
 * The BFF process (started by ./index.ts with its configuration): embed the local UAA when no
 * upstream is configured, listen; on SIGHUP re-read RATE_LIMITS_FILE; on SIGTERM stop accepting,
 * let in-flight requests finish, flush the traces, and exit within 10 s.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ALLOWLIST_JSON_PATH } from '@shared/contract/endpoints';
import { ROUTES } from '@shared/routes';
import type { OutboxMessage } from '@shared/api/dev-paths';
import { createApp } from './app';
import type { Config } from './config';
import { createLogger } from './log';
import { createRateLimits, reloadFromFile } from './rate-limit/limiter';
import { watchRulesFile } from './rate-limit/watch';
import { createAllowlist } from './redirect/allowlist';
import { createAppServer, listenAvoiding, SERVER_TIMEOUTS } from './server';
import { createUpstreamClient, localUaaOutbox } from './upstream/client';
import { startRenderHost } from './documents/server-render';
import { createSecurityTrail } from './security-events/trail';

const SHUTDOWN_GRACE_MS = 10_000;

export interface ProcessHooks {
  /** Sends the spans still buffered (./tracing/start.ts), when tracing is on. */
  flushTraces?: () => Promise<void>;
}

export async function main(config: Config, hooks: ProcessHooks = {}): Promise<void> {
  const logger = createLogger(config.logLevel, undefined, { traced: config.tracing });

  // One client for every upstream call: the gateway, /authentication, the allow-list, /readyz.
  const client = createUpstreamClient({ caFile: config.uaaCaFile });
  let upstream = config.uaaUpstream;
  let closeLocalUaa: (() => Promise<void>) | undefined;
  let outbox: (() => Promise<OutboxMessage[]>) | undefined;
  let devUpstream = config.devUpstream;
  // A local UAA reached over HTTP (the realistic test stack): its dev pages as in demo mode.
  if (devUpstream) outbox = localUaaOutbox(client, devUpstream);
  if (!upstream) {
    const { createLocalUaa } = await import('../local-uaa/app');
    const publicUrl = `http://localhost:${config.port}`;
    const local = createLocalUaa({ publicUrl, dataFile: config.localUaaData });
    const { server: localServer, port: localPort } = await listenAvoiding(
      () => local.app.listen(0, '127.0.0.1'),
      config.port,
    );
    const base = `http://127.0.0.1:${localPort}`;
    upstream = base;
    devUpstream = base;
    outbox = localUaaOutbox(client, base);
    closeLocalUaa = async () => {
      await new Promise((resolve) => localServer.close(resolve));
      await local.close();
    };
    logger.info({ upstream: base }, 'local UAA embedded (demo mode)');
  }

  const allowlist = createAllowlist({
    url: config.allowlistUrl ?? `${upstream}${ALLOWLIST_JSON_PATH}`,
    ttlS: config.allowlistTtlS,
    extra: config.redirectAllowlist,
    logger,
    client,
  });
  await allowlist.refresh();

  const rateLimits = createRateLimits({
    rules: config.rateLimitRules,
    redis: config.redis,
    hashSecret: config.rateLimitHashKey,
    logger,
  });

  // A ConfigMap update sends no signal: the file is watched too.
  const rulesFile = config.rateLimitsFile;
  const stopWatchingRules = rulesFile
    ? watchRulesFile(rulesFile, () => reloadFromFile(rateLimits, rulesFile, logger), logger)
    : undefined;

  // The signed-in pages' render host, a process of its own (dist/server/render-host.js beside this file).
  const renderHost = startRenderHost(
    config.staticDir,
    {
      file: fileURLToPath(new URL('./render-host.js', import.meta.url)),
      maxOldSpaceMb: config.rendererMaxOldSpaceMb,
    },
    logger,
    { timeoutMs: config.renderTimeoutMs },
  );
  // The security events' stream starts with the process: its start event, its key sealed.
  const trail = createSecurityTrail(config, logger);
  const app = createApp({
    securityEvents: trail.events,
    securityShipping: trail.shipping,
    config,
    logger,
    upstream,
    allowlist,
    rateLimits,
    outbox,
    devUpstream,
    client,
    renderHost,
  });
  const server = createAppServer(app, SERVER_TIMEOUTS, config.trustProxyHeaders);
  server.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const shown = `http://localhost:${port}`;
  logger.info({ port, upstream: config.uaaUpstream ?? 'embedded local UAA' }, 'BFF listening');
  // Production refuses to start without it; elsewhere a real UAA is told a loopback host.
  if (config.uaaUpstream && !config.publicOrigin)
    logger.warn(
      'PUBLIC_ORIGIN is unset: the UAA is told a loopback host, so links it mails will not reach this service',
    );
  if (config.appEnv === 'production' && !config.securityLogSeal.publicKey)
    logger.warn(
      'SECURITY_LOG_SEAL_PUBLIC_KEY is unset: the security events are a hash chain, which anyone who can write them can rewrite',
    );
  if (outbox) {
    const { DEMO_ADMIN } = await import('../local-uaa/seed');
    console.log(`\n  SSO account service (demo): ${shown}`);
    // The demo admin has no phone: the password tab, then the back office the user centre does not show.
    console.log(
      `  Demo admin: ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password} on ${shown}${ROUTES.login}?tab=password,` +
        ` then the back office: ${shown}${ROUTES.admin}`,
    );
    console.log(`  Dev mailbox (SMS and e-mail the local UAA "sent"): ${shown}/__dev/outbox\n`);
  }

  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => {
      logger.warn('grace period over; closing remaining connections');
      server.closeAllConnections();
      trail.events.close();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS - 500);
    force.unref();
    allowlist.stop();
    stopWatchingRules?.();
    renderHost?.close();
    server.close(async () => {
      await rateLimits.close();
      await client.close();
      await closeLocalUaa?.();
      await hooks.flushTraces?.();
      // Last: every request's event is in; the closing seal says the stream ends here.
      await trail.close();
      logger.info('stopped');
      process.exit(0);
    });
    // A kept-alive connection becomes idle once its request finishes: close it then, not after
    // the idle timeout, so a drain takes as long as the slowest request.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 200).unref();
  };
  // New rules take effect between requests; connections stay open; a bad file changes nothing.
  process.on('SIGHUP', () => reloadFromFile(rateLimits, config.rateLimitsFile, logger));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
