/**
 * The app's files and its documents. Hashed assets are cached for a year; every other GET is a
 * document, built here from one of three templates: index.html with the page's skeleton, a
 * prerendered page (./prerendered.ts), or a page the render host drew for this request
 * (./server-render.ts). Each gets the runtime config, the first screen's data (never the token),
 * its chunks' preload links, no caching, and a CSP that admits its inline styles by hash.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from '@shared/api/first-screen';
import {
  PRERENDER_DIR,
  DEVICE_ATTRIBUTE,
  desktopPartsOf,
  PRERENDERED_ATTRIBUTE,
  SIGNED_IN_ATTRIBUTE,
  TEMPLATE_SLOTS,
} from '@shared/documents';
import { compressedFor, servePrecompressed } from '../compress';
import {
  chooseDocument,
  fillPlaceholders,
  loadPrerendered,
  loadSignedInStyles,
  withStyleHashes,
} from './prerendered';
import type { AppConfig } from '@shared/api/runtime-config';
import { skeletonMarkup } from '@shared/skeleton';
import { deviceClass } from '@shared/device';
import { documentRequestOf } from './document-request';
import { linksOf, loadRoutePreloads, routeOf } from './route-preloads';
import type { ServerRendered } from './server-render';

const SLOTS = TEMPLATE_SLOTS;
const CSP = 'Content-Security-Policy';
/** The element after a rendered page's root, which its first paint waits for. */
const ROOT_END = 'root-end';

const NOT_BUILT = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>SSO</title>${SLOTS.config}</head><body>${SLOTS.root}</body></html>`;

/** What a document holds besides its template. */
export interface DocumentContent {
  /** 200 unless said. */
  status?: number;
  /** Said on the page (the refused redirect, the limits): the app shows it. */
  pageError?: AppConfig['pageError'];
  /** The runtime config, when the caller has it already. */
  config?: AppConfig;
  firstScreen?: FirstScreen;
  /** The page drawn for this request by the render host. */
  rendered?: ServerRendered;
}

export interface DocumentOptions {
  staticDir: string;
  configFor(req: Request): AppConfig;
  /** A session gets the shell, whose guard sends it on, never a visitor's form to flash. */
  hasSession(req: Request): boolean;
}

export interface Documents {
  /** The build's files: hashed assets, and the few others at the top (favicon, robots). */
  files: Router;
  send(req: Request, res: Response, content?: DocumentContent): void;
}

/** JSON that no value (a nickname holding `</script>` or `<!--`) can break out of a script element with. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const jsonScript = (id: string, value: unknown) =>
  `<script id="${id}" type="application/json">${serializeForScript(value)}</script>`;

export function createDocuments(opts: DocumentOptions): Documents {
  const indexPath = path.join(opts.staticDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : NOT_BUILT;
  for (const slot of Object.values(SLOTS))
    if (!template.includes(slot)) throw new Error(`index.html has no ${slot}: not the app's build`);
  const prerendered = loadPrerendered(opts.staticDir);
  const preloads = loadRoutePreloads(opts.staticDir);
  const signedInStyles = loadSignedInStyles(opts.staticDir);
  // A rendered page with its critical CSS inline links the stylesheets at the body's end, as the
  // prerendered documents do: its first paint waits for the document alone.
  const templateSheets = template.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? [];
  const inlineTemplate = templateSheets.reduce((text, link) => text.replace(link, ''), template);

  function build(req: Request, res: Response, content: DocumentContent, status: number): string {
    const config = {
      ...(content.config ?? opts.configFor(req)),
      ...(content.pageError && { pageError: content.pageError }),
    };
    const data = content.firstScreen ? jsonScript(FIRST_SCREEN_ELEMENT_ID, content.firstScreen) : '';
    const head = `${jsonScript('app-config', config)}${data}`;
    const { rendered } = content;
    const asked = documentRequestOf(req);
    const doc =
      prerendered && !rendered && status === 200 && !content.pageError && !opts.hasSession(req)
        ? chooseDocument(prerendered.manifest, asked, config.brandPrefix)
        : undefined;
    // The route of the build's tables this page answers to (a prerendered one names its own files):
    // its chunks, its critical CSS.
    const route =
      status === 200 && !doc ? routeOf(preloads, asked.path, req.query.tab, config.brandPrefix) : undefined;
    // A desktop's document also announces the parts a phone's loads only once the page is the
    // app's (a list's filter fields: scripts/route-modules.ts DESKTOP_CHUNKS).
    const desktop = (rendered?.device ?? deviceClass(asked.userAgent)) === 'desktop';
    const pageFiles = route
      ? [...(preloads.get(route) ?? []), ...((desktop && preloads.get(desktopPartsOf(route))) || [])]
      : [];
    const files = (ext: string) => pageFiles.filter((f) => f.endsWith(ext));
    const inline = rendered && route ? signedInStyles.get(route) : undefined;
    const policy = res.getHeader(CSP);
    const styles = rendered
      ? [...rendered.styleSources, ...(inline ? [inline.hash] : [])]
      : (doc?.styleHashes ?? []);
    if (typeof policy === 'string') res.setHeader(CSP, withStyleHashes(policy, styles));
    // Functions, not strings, replace: a `$&` in the data is text, not a replacement pattern.
    if (prerendered && doc)
      return fillPlaceholders(prerendered.documents.get(doc) as string, asked.search, config).replace(
        SLOTS.config,
        () => head,
      );
    const root = rendered
      ? `<div id="root" ${PRERENDERED_ATTRIBUTE}="${rendered.lang}" ${DEVICE_ATTRIBUTE}="${rendered.device}" ${SIGNED_IN_ATTRIBUTE}="">${rendered.html}</div>`
      : `<div id="root">${skeletonMarkup(asked.path)}</div>`;
    if (inline) {
      const scripts = linksOf(files('.js'), true);
      const sheets = linksOf(files('.css'), true);
      return (
        inlineTemplate
          .replace(SLOTS.lang, () => `<html lang="${rendered?.lang}"`)
          .replace(SLOTS.config, () => head)
          // Nothing render-blocks the page now: without this, a frame could show the header parsed and
          // the content not yet (Chromium's `blocking="render"` until the root's end is parsed).
          .replace(
            SLOTS.headEnd,
            () =>
              `<style>${inline.css}</style><link rel="expect" href="#${ROOT_END}" blocking="render">${scripts}${SLOTS.headEnd}`,
          )
          .replace(SLOTS.root, () => `${root}<template id="${ROOT_END}"></template>`)
          .replace(SLOTS.bodyEnd, () => `${templateSheets.join('')}${sheets}${SLOTS.bodyEnd}`)
      );
    }
    // At the head's end, after the entry's own files.
    const links = linksOf(pageFiles, Boolean(rendered));
    return template
      .replace(SLOTS.lang, () => `<html lang="${rendered?.lang ?? 'zh-CN'}"`)
      .replace(SLOTS.config, () => head)
      .replace(SLOTS.headEnd, () => `${links}${SLOTS.headEnd}`)
      .replace(SLOTS.root, () => root);
  }

  function send(req: Request, res: Response, content: DocumentContent = {}): void {
    const status = content.status ?? 200;
    const html = build(req, res, content, status);
    res.status(status).set('Cache-Control', 'no-store').type('html');
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
  // Only the files at the top of the build, as named: no spelling of a folder's name
  // (`/%70rerender/renderer.mjs`, the app's renderer) reaches what is beneath.
  const topFiles = existsSync(opts.staticDir)
    ? readdirSync(opts.staticDir, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => `/${f.name}`)
    : [];
  files.get(topFiles, express.static(opts.staticDir, { index: false, maxAge: '1h' }));
  return { files, send };
}
