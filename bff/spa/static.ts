/**
 * Serves the built SPA: hashed assets cached for a year and precompressed when the build wrote
 * .br/.gz variants, every route's index.html uncached and carrying the runtime config.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { servePrecompressed } from './precompressed';
import type { AppConfig } from './runtime-config';
import { serializeConfig } from './runtime-config';

const CONFIG_MARKER = '<!--app-config-->';

export interface SpaOptions {
  staticDir: string;
  configFor(req: Request): AppConfig;
}

export interface Spa {
  router: Router;
  sendIndex(req: Request, res: Response, status?: number, extra?: Partial<AppConfig>): void;
}

export function createSpa(opts: SpaOptions): Spa {
  const indexPath = path.join(opts.staticDir, 'index.html');
  const template = existsSync(indexPath)
    ? readFileSync(indexPath, 'utf8')
    : `<!doctype html><html><head><meta charset="utf-8"><title>SSO</title>${CONFIG_MARKER}</head><body><div id="root">The client is not built: run npm run build.</div></body></html>`;
  const [head, tail] = template.includes(CONFIG_MARKER)
    ? template.split(CONFIG_MARKER)
    : [template.replace('</head>', ''), `</head>${template.split('</head>')[1] ?? ''}`];

  function sendIndex(req: Request, res: Response, status = 200, extra: Partial<AppConfig> = {}): void {
    const config = { ...opts.configFor(req), ...extra };
    const script = `<script id="app-config" type="application/json">${serializeConfig(config)}</script>`;
    res.status(status).set('Cache-Control', 'no-store').type('html').send(`${head}${script}${tail}`);
  }

  const router = express.Router();
  const assets = path.join(opts.staticDir, 'static');
  router.use('/static', servePrecompressed(assets));
  router.use(
    '/static',
    express.static(assets, {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.get('/index.html', (req, res) => sendIndex(req, res));
  router.use(express.static(opts.staticDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res) => sendIndex(req, res));
  return { router, sendIndex };
}
