/**
 * Serves the built SPA: hashed assets cached for a year and precompressed when the build wrote
 * .br/.gz variants, every route's index.html uncached and carrying the runtime config. /login
 * may instead get its prerendered document (./prerendered.ts), with the same runtime config.
 * Beside the config a page gets preload links for its lazy chunks (./route-preloads.ts) and, when
 * signed in, its first screen's data (./first-screen.ts): never cached, never the token. A
 * client-rendered page shows its skeleton (./skeleton.ts) until React renders.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from '@shared/api/first-screen';
import {
  LOCALE_COOKIE,
  PRERENDER_DIR,
  PRERENDERED_ATTRIBUTE,
  SIGNED_IN_ATTRIBUTE,
  TIME_ZONE_COOKIE,
} from '@shared/prerender';
import { compressedFor } from '../compress';
import { servePrecompressed } from './precompressed';
import { chooseDocument, fillPlaceholders, loadPrerendered, withStyleHashes } from './prerendered';
import type { AppConfig } from './runtime-config';
import { serializeConfig, serializeForScript } from './runtime-config';
import { loadRoutePreloads, preloadsFor } from './route-preloads';
import { renderSignedIn, type ServerRendered, type ServerRenderer } from './server-render';
import { ROOT_ELEMENT, withSkeleton } from './skeleton';

const CONFIG_MARKER = '<!--app-config-->';
const CSP = 'Content-Security-Policy';

export interface SpaOptions {
  staticDir: string;
  configFor(req: Request): AppConfig;
  /**
   * Whether the request carries a session cookie: such a visitor gets the shell, whose guard
   * sends it on. Without it the prerendered login page is served to all, and moves on after
   * hydration when the session check says so.
   */
  hasSession?(req: Request): boolean;
  /**
   * The first screen's data of a signed-in page; undefined when there is none to inline. `res`
   * tells when the browser hangs up, which ends the calls still under way.
   */
  firstScreen?(req: Request, res: Response): Promise<FirstScreen | undefined>;
  /** The renderer of signed-in pages (./server-render.ts). */
  renderer?: ServerRenderer;
}

export interface Spa {
  router: Router;
  sendIndex(req: Request, res: Response, status?: number, extra?: Partial<AppConfig>): void;
}

/** A cookie's value when it is one string (cookie-parser makes `j:` cookies objects). */
function cookieOf(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A document split where the runtime config goes. */
function splitAtMarker(html: string): [string, string] {
  if (html.includes(CONFIG_MARKER)) return html.split(CONFIG_MARKER) as [string, string];
  return [html.replace('</head>', ''), `</head>${html.split('</head>')[1] ?? ''}`];
}

async function sendHtml(req: Request, res: Response, status: number, html: string): Promise<void> {
  res.status(status).set('Cache-Control', 'no-store').type('html');
  // Pages are made per request (the runtime config, the query): compressed per request.
  res.send(await compressedFor(req, res, Buffer.from(html, 'utf8')));
}

export function createSpa(opts: SpaOptions): Spa {
  const indexPath = path.join(opts.staticDir, 'index.html');
  const template = existsSync(indexPath)
    ? readFileSync(indexPath, 'utf8')
    : `<!doctype html><html><head><meta charset="utf-8"><title>SSO</title>${CONFIG_MARKER}</head><body><div id="root">The client is not built: run npm run build.</div></body></html>`;
  const [head, tail] = splitAtMarker(template);
  const prerendered = loadPrerendered(opts.staticDir);
  const preloads = loadRoutePreloads(opts.staticDir);

  function sendIndex(
    req: Request,
    res: Response,
    status = 200,
    extra: Partial<AppConfig> = {},
    firstScreen?: FirstScreen,
    rendered?: ServerRendered,
    baseConfig: AppConfig = opts.configFor(req),
  ): void {
    const config = { ...baseConfig, ...extra };
    const data = firstScreen
      ? `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${serializeForScript(firstScreen)}</script>`
      : '';
    const localeCookie = cookieOf(req, LOCALE_COOKIE);
    const links =
      status === 200
        ? preloadsFor(preloads, req.path, req.query.tab, config.brandPrefix, Boolean(rendered))
        : '';
    const script = `<script id="app-config" type="application/json">${serializeConfig(config)}</script>${data}`;
    const query = req.originalUrl.indexOf('?');
    const search = query < 0 || query === req.originalUrl.length - 1 ? '' : req.originalUrl.slice(query);
    const doc =
      prerendered && status === 200 && !Object.keys(extra).length && !opts.hasSession?.(req)
        ? chooseDocument(prerendered.manifest, {
            method: req.method,
            path: req.path,
            search,
            userAgent: req.get('user-agent'),
            localeCookie,
            brandPrefix: config.brandPrefix,
          })
        : undefined;
    // The chunks after the entry's own scripts and stylesheets, which need the connections first.
    const shell = `${head}${script}${tail.replace('</head>', `${links}</head>`)}`;
    const policy = res.getHeader(CSP);
    let html: string;
    if (rendered) {
      html = shell
        .replace(/<html(?: lang="[^"]*")?/, `<html lang="${rendered.lang}"`)
        // A function, not a string: a `$&` or `$'` in the user's data is text, not a pattern.
        .replace(
          ROOT_ELEMENT,
          () =>
            `<div id="root" ${PRERENDERED_ATTRIBUTE}="${rendered.lang}" ${SIGNED_IN_ATTRIBUTE}="">${rendered.html}</div>`,
        );
      if (typeof policy === 'string') res.setHeader(CSP, withStyleHashes(policy, rendered.styleSources));
    } else if (prerendered && doc) {
      const [docHead, docTail] = splitAtMarker(
        fillPlaceholders(prerendered.documents.get(doc) as string, search, config),
      );
      html = `${docHead}${script}${docTail}`;
      if (typeof policy === 'string') res.setHeader(CSP, withStyleHashes(policy, doc.styleHashes));
    } else {
      html = withSkeleton(shell, req.path);
    }
    sendHtml(req, res, status, html).catch((err: unknown) => req.next?.(err));
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
  // The prerendered documents are templates, served only through sendIndex.
  router.use(`/${PRERENDER_DIR}`, (req, res) => sendIndex(req, res));
  router.use(express.static(opts.staticDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, async (req, res) => {
    // Looked up before the first byte: the page is no use to its reader without it. A HEAD
    // request reads no page, so it costs the UAA nothing.
    const firstScreen = req.method === 'HEAD' ? undefined : await opts.firstScreen?.(req, res);
    const facts = {
      method: req.method,
      originalUrl: req.originalUrl,
      userAgent: req.get('user-agent'),
      localeCookie: cookieOf(req, LOCALE_COOKIE),
      timeZoneCookie: cookieOf(req, TIME_ZONE_COOKIE),
    };
    const config = opts.configFor(req);
    const rendered = await renderSignedIn(opts.renderer, facts, config, firstScreen);
    sendIndex(req, res, 200, {}, firstScreen, rendered, config);
  });
  return { router, sendIndex };
}
