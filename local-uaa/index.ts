/**
 * `npm run uaa`: the local UAA on its own. Configuration is read once here; a bad value stops
 * the process with one line per problem.
 */
import { createLocalUaa } from './app';
import { DEV_OUTBOX_PATH } from './routes/dev';
import { DEMO_ADMIN } from './seed';

interface Config {
  port: number;
  publicUrl: string;
  dataFile: string | undefined;
  wechatQrUrl: string | undefined;
}

function readConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];
  const port = Number(env.UAA_PORT ?? 8090);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push(`UAA_PORT must be a port number (1-65535), got ${JSON.stringify(env.UAA_PORT)}`);
  }
  const publicUrl = env.LOCAL_UAA_PUBLIC_URL ?? 'http://localhost:8080';
  if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) {
    problems.push(`LOCAL_UAA_PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(publicUrl)}`);
  }
  // Set to WeChat's QR page for a production-like UAA (its WeChat address then leaves the product).
  const wechatQrUrl = env.LOCAL_UAA_WECHAT_QR_URL || undefined;
  if (
    wechatQrUrl !== undefined &&
    (!URL.canParse(wechatQrUrl) || new URL(wechatQrUrl).protocol !== 'https:')
  ) {
    problems.push(`LOCAL_UAA_WECHAT_QR_URL must be an https URL, got ${JSON.stringify(wechatQrUrl)}`);
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(`local-uaa: ${problem}`);
    process.exit(1);
  }
  return { port, publicUrl, dataFile: env.LOCAL_UAA_DATA || undefined, wechatQrUrl };
}

const config = readConfig(process.env);
const uaa = createLocalUaa({
  publicUrl: config.publicUrl,
  dataFile: config.dataFile,
  wechatQrUrl: config.wechatQrUrl,
  logger: console,
});

const server = uaa.app.listen(config.port, () => {
  const base = `http://localhost:${config.port}`;
  console.info(`local UAA listening on ${base}`);
  console.info(`demo admin login: ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password} (local only)`);
  console.info(`dev mailbox: ${base}${DEV_OUTBOX_PATH}`);
  console.info(config.dataFile ? `data file: ${config.dataFile}` : 'state kept in memory only');
});

// Like the legacy UAA behind its own proxy, an idle kept-alive connection is closed only after a
// minute: the caller (the BFF closes its idle ones after 4 s) always closes first, so no request
// is ever sent on a connection this side is closing.
server.keepAliveTimeout = 65_000;

server.on('error', (err) => {
  console.error(`local-uaa: cannot listen on port ${config.port}: ${err.message}`);
  process.exit(1);
});

function shutdown(signal: string): void {
  console.info(`local UAA: ${signal}, shutting down`);
  server.close(() => {
    uaa.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('local-uaa: saving state failed', err);
        process.exit(1);
      },
    );
  });
  // Keep-alive connections would hold close() open; a dev server need not wait for them.
  server.closeIdleConnections();
}

process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
