/**
 * The app's files and its documents. Hashed assets are cached for a year (precompressed when the
 * build wrote .br/.gz variants); every other GET is a document, built here and nowhere else from
 * one of three templates: the built index.html with the page's skeleton (./skeleton.ts), a
 * prerendered page (./prerendered.ts), or a page the server renderer drew for this request
 * (./server-render.ts). Each gets the runtime config, the first screen's data when there is one
 * (never the token), the preload links of its page's chunks (./route-preloads.ts), no caching, and
 * a CSP that admits its inline styles by hash. What fills the slots is the caller's (app.ts): the
 * first screen, the render, the status and page error.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from '@shared/api/first-screen';
import { PRERENDER_DIR, PRERENDERED_ATTRIBUTE, SIGNED_IN_ATTRIBUTE, TEMPLATE_SLOTS } from '@shared/prerender';
import { compressedFor, servePrecompressed } from '../compress';
import { chooseDocument, fillPlaceholders, loadPrerendered, withStyleHashes } from './prerendered';
import type { AppConfig } from '@shared/api/runtime-config';
import { loadRoutePreloads, preloadsFor } from './route-preloads';
import { pageFactsOf, type ServerRendered } from './server-render';
import { skeletonOf } from './skeleton';

// The chunks' links go at the head's end: after the entry's own scripts and stylesheets, which
// need the connections first.
const SLOTS = TEMPLATE_SLOTS;
const CSP = 'Content-Security-Policy';

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>SSO</title>${SLOTS.config}</head><body>${SLOTS.root}</body></html>`;

/** What a document holds besides its template. */
export interface Page {
  /** 200 unless said. */
  status?: number;
  /** Said on the page (the refused redirect, the limits): the app shows it. */
  pageError?: AppConfig['pageError'];
  /** The runtime config, when the caller has it already. */
  config?: AppConfig;
  firstScreen?: FirstScreen;
  /** The page drawn for this request by the server renderer. */
  rendered?: ServerRendered;
}

export interface DocumentOptions {
  staticDir: string;
  configFor(req: Request): AppConfig;
  /**
   * Whether the request carries a session: such a visitor gets the shell, whose guard sends it
   * on, never the prerendered login form to flash.
   */
  hasSession(req: Request): boolean;
}

export interface Documents {
  /** The build's files: hashed assets, and the few others at the top (favicon, robots). */
  files: Router;
  send(req: Request, res: Response, page?: Page): void;
}

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a `<script type="application/json">` element: `<`, `>` and `&` are escaped so that no
 * value (a nickname holding `</script>` or `<!--`) can close or bend the element; JSON.parse reads
 * them back unchanged.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);
}

/** The query string as the browser sent it: '' or '?…'. */
function searchOf(req: Request): string {
  const query = req.originalUrl.indexOf('?');
  return query < 0 || query === req.originalUrl.length - 1 ? '' : req.originalUrl.slice(query);
}

export function createDocuments(opts: DocumentOptions): Documents {
  const indexPath = path.join(opts.staticDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : NOT_BUILT;
  for (const slot of Object.values(SLOTS))
    if (!template.includes(slot)) throw new Error(`index.html has no ${slot}: not the app's build`);
  const prerendered = loadPrerendered(opts.staticDir);
  const preloads = loadRoutePreloads(opts.staticDir);

  function build(req: Request, res: Response, page: Page, status: number): string {
    const config = {
      ...(page.config ?? opts.configFor(req)),
      ...(page.pageError && { pageError: page.pageError }),
    };
    const data = page.firstScreen
      ? `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">${serializeForScript(page.firstScreen)}</script>`
      : '';
    const head = `<script id="app-config" type="application/json">${serializeForScript(config)}</script>${data}`;
    const { rendered } = page;
    const policy = res.getHeader(CSP);
    const admit = (hashes: readonly string[]) => {
      if (typeof policy === 'string') res.setHeader(CSP, withStyleHashes(policy, hashes));
    };
    // Functions, not strings, replace: a `$&` in the data is text, not a replacement pattern.
    const withHead = (html: string) => html.replace(SLOTS.config, () => head);
    // A page built from index.html gets its chunks' links; a prerendered one names its own.
    const fromTemplate = (html: string) => {
      const links =
        status === 200
          ? preloadsFor(preloads, req.path, req.query.tab, config.brandPrefix, Boolean(rendered))
          : '';
      return withHead(html).replace(SLOTS.headEnd, () => `${links}${SLOTS.headEnd}`);
    };

    if (rendered) {
      admit(rendered.styleSources);
      const root = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${rendered.lang}" ${SIGNED_IN_ATTRIBUTE}="">${rendered.html}</div>`;
      return fromTemplate(
        template.replace(SLOTS.lang, `<html lang="${rendered.lang}"`).replace(SLOTS.root, () => root),
      );
    }
    const search = searchOf(req);
    const doc =
      prerendered && status === 200 && !page.pageError && !opts.hasSession(req)
        ? chooseDocument(prerendered.manifest, {
            method: req.method,
            path: req.path,
            search,
            userAgent: req.get('user-agent'),
            localeCookie: pageFactsOf(req).localeCookie,
            brandPrefix: config.brandPrefix,
          })
        : undefined;
    if (prerendered && doc) {
      admit(doc.styleHashes);
      return withHead(fillPlaceholders(prerendered.documents.get(doc) as string, search, config));
    }
    return fromTemplate(template.replace(SLOTS.root, () => `<div id="root">${skeletonOf(req.path)}</div>`));
  }

  function send(req: Request, res: Response, page: Page = {}): void {
    const status = page.status ?? 200;
    const html = build(req, res, page, status);
    res.status(status).set('Cache-Control', 'no-store').type('html');
    // Made per request (the runtime config, the query): compressed per request.
    compressedFor(req, res, Buffer.from(html, 'utf8'))
      .then((body) => res.send(body))
      .catch((err: unknown) => req.next?.(err));
  }

  const files = express.Router();
  const assets = path.join(opts.staticDir, 'static');
  files.use('/static', servePrecompressed(assets));
  files.use(
    '/static',
    express.static(assets, { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  // The prerendered documents are templates, served only as documents; index.html is one too.
  files.use(`/${PRERENDER_DIR}`, (req, res) => send(req, res));
  files.get('/index.html', (req, res) => send(req, res));
  files.use(express.static(opts.staticDir, { index: false, maxAge: '1h' }));
  return { files, send };
}
