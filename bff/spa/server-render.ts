/**
 * The signed-in pages rendered per request (docs/adr/0004): React renders the user centre's and the
 * back office's first screen into the document, which the app hydrates, when the browser's first
 * render will match: a GET from a desktop browser, in the locale the app will pick, its times in the
 * browser's time zone (its cookie). The build's renderer (client/entry-server.tsx) runs in a process
 * of its own (./render-host.ts), so that the BFF's event loop and memory stay free of React and
 * Arco. Without it, or when a page cannot render in time, the shell answers.
 */
import { createHash } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Request } from 'express';
import { z } from 'zod';
import type { FirstScreen } from '@shared/api/first-screen';
import type { AppConfig } from '@shared/api/runtime-config';
import { resolveLocale, type Locale } from '@shared/i18n/locale';
import {
  isDesktopAgent,
  isTimeZone,
  LOCALE_COOKIE,
  PRERENDER_DIR,
  RENDERER_FILE,
  TIME_ZONE_COOKIE,
} from '@shared/prerender';
import type { RenderedMarkup, SignedInRequest } from '@shared/prerender';
import { inSpan } from '../tracing/context';

export type { SignedInRenderer, SignedInRequest } from '@shared/prerender';

/** A page larger than this is not a first screen (a list gone wild): the shell is lighter. */
export const MAX_RENDERED_BYTES = 256 * 1024;
/** Longer and the page waits more than the scripts would have taken: the shell answers. */
export const RENDER_TIMEOUT_MS = 500;
/** Renders in flight at most: a page beyond them would wait longer than the shell takes. */
const MAX_QUEUED_RENDERS = 8;
/** Starts within a minute beyond this: the renderer is broken, not unlucky; the shell answers. */
const MAX_STARTS_PER_MINUTE = 3;

/** What the BFF sends the render host: the request, its address as a string. */
export interface RenderRequest {
  id: number;
  request: Omit<SignedInRequest, 'url'> & { url: string };
}
/** What the host may send: anything else from the child is dropped. */
const HostMessage = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ id: z.number(), result: z.object({ html: z.string() }).optional() }),
]);

/** How to start the render host: its script, and what Node needs to run it (a loader in tests). */
export interface RenderHost {
  file: string;
  execArgv?: string[];
}

export interface ServerRenderer {
  /** The page's markup, or undefined (not ready, busy, timed out, failed): the shell answers then. */
  render(request: SignedInRequest): Promise<RenderedMarkup | undefined>;
  close(): void;
}

/**
 * The render host, started now and again by the first page after it exits, killed when a render
 * hangs. Undefined when the build wrote no renderer (the tests' fixtures) or no host is given.
 */
export function startServerRenderer(
  staticDir: string,
  host: RenderHost | undefined,
  logger: Pick<Logger, 'error' | 'warn' | 'debug'>,
  timeoutMs = RENDER_TIMEOUT_MS,
): ServerRenderer | undefined {
  const rendererFile = path.join(staticDir, PRERENDER_DIR, RENDERER_FILE);
  if (!host || !existsSync(rendererFile)) return undefined;
  const { file, execArgv = [] } = host;
  let child: ChildProcess | undefined;
  let ready = false;
  let closed = false;
  let lastId = 0;
  let starts: number[] = [];
  const pending = new Map<number, (result: RenderedMarkup | undefined) => void>();

  /** The process is done with: its pages get the shell, the next page starts another. */
  function drop(worker: ChildProcess): void {
    if (child !== worker) return;
    child = undefined;
    for (const settle of pending.values()) settle(undefined);
  }

  function start(): void {
    starts = starts.filter((at) => Date.now() - at < 60_000);
    if (starts.length >= MAX_STARTS_PER_MINUTE) return;
    starts.push(Date.now());
    ready = false;
    // No env: none of the BFF's settings (its keys, its upstream) reaches the renderer.
    const worker = fork(file, [rendererFile], { execArgv, env: {} });
    child = worker;
    // The BFF's exit is not held up by its renderer, which exits when the channel closes.
    worker.unref();
    worker.channel?.unref();
    worker.on('message', (message: unknown) => {
      const { data } = HostMessage.safeParse(message);
      if (data && 'ready' in data) ready = true;
      else if (data) pending.get(data.id)?.(data.result);
    });
    worker.on('error', (err) => {
      logger.error({ err }, 'server renderer: its process failed');
      drop(worker);
    });
    worker.on('exit', (code, signal) => {
      if (child === worker && !closed) logger.warn({ code, signal }, 'server renderer: its process exited');
      drop(worker);
    });
  }
  start();

  return {
    render(request) {
      if (closed) return Promise.resolve(undefined);
      if (!child) start();
      const worker = child;
      if (!ready || !worker?.connected || pending.size >= MAX_QUEUED_RENDERS)
        return Promise.resolve(undefined);
      const id = (lastId += 1);
      const { pathname } = request.url;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          // A hung render holds the host's event loop: the host goes, with every page it had.
          logger.warn({ path: pathname, timeoutMs }, 'server renderer: a render hung; its process was ended');
          worker.kill('SIGKILL');
          drop(worker);
        }, timeoutMs);
        pending.set(id, (result) => {
          clearTimeout(timer);
          pending.delete(id);
          // For an operator who wonders why pages come as the shell: the path, none of the user's data.
          if (!result) logger.debug({ path: pathname }, 'server renderer: the page was not rendered');
          resolve(result);
        });
        const message: RenderRequest = { id, request: { ...request, url: request.url.href } };
        worker.send(message, (err) => err && pending.get(id)?.(undefined));
      });
    },
    close() {
      closed = true;
      child?.kill();
    },
  };
}

export interface PageFacts {
  method: string;
  /** The address as the browser asked for it: path and query. */
  originalUrl: string;
  userAgent: string | undefined;
  localeCookie: string | undefined;
  /** The browser's time zone as its cookie says; without one, times could not read as its own. */
  timeZoneCookie: string | undefined;
}

/** A cookie's value when it is one string (cookie-parser makes `j:` cookies objects). */
const cookieOf = (req: Request, name: string) => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** What the request says of the page and the browser. */
export function pageFactsOf(req: Request): PageFacts {
  return {
    method: req.method,
    originalUrl: req.originalUrl,
    userAgent: req.get('user-agent'),
    localeCookie: cookieOf(req, LOCALE_COOKIE),
    timeZoneCookie: cookieOf(req, TIME_ZONE_COOKIE),
  };
}

export interface ServerRendered {
  /** The markup of `<div id="root">`. */
  html: string;
  lang: Locale;
  /** The CSP sources that admit the markup's style attributes: none when it has none. */
  styleSources: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", lt: '<', gt: '>' };
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP sources for the style attributes in `html`, each value hashed as the browser reads it. */
export function styleAttributeSources(html: string): string[] {
  const values = new Set(
    [...html.matchAll(/ style="([^"]*)"/g)].map(([, value]) =>
      (value as string).replace(/&(amp|quot|#x27|lt|gt);/g, (_, name: string) => ENTITIES[name]!),
    ),
  );
  return values.size ? ["'unsafe-hashes'", ...[...values].map(sha256)] : [];
}

/** The page rendered for this request, or undefined when the shell must answer. */
export async function renderSignedIn(
  renderer: ServerRenderer | undefined,
  facts: PageFacts,
  config: AppConfig,
  firstScreen: FirstScreen | undefined,
): Promise<ServerRendered | undefined> {
  const { method, userAgent, timeZoneCookie: timeZone } = facts;
  if (!renderer || !firstScreen?.authenticated || !firstScreen.userInfo) return undefined;
  if (method !== 'GET' || !isDesktopAgent(userAgent) || !isTimeZone(timeZone)) return undefined;
  const url = new URL(facts.originalUrl, 'https://render.invalid');
  // As the app picks it: the first `lang` of the query, else the stored locale the cookie mirrors.
  const locale = resolveLocale(url.searchParams.get('lang'), facts.localeCookie);
  // A span of its own in the document's trace: the wait for the renderer and the render.
  const rendered = await inSpan('server render', { 'url.path': url.pathname, 'uaa_sso.locale': locale }, () =>
    renderer.render({ url, locale, timeZone, userAgent: userAgent as string, config, firstScreen }),
  ).catch(() => undefined);
  if (!rendered || rendered.html.length > MAX_RENDERED_BYTES) return undefined;
  return { html: rendered.html, lang: locale, styleSources: styleAttributeSources(rendered.html) };
}
