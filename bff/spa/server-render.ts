/**
 * The signed-in pages rendered per request (issue 17): the user centre and the back office's
 * pages arrive with their account rows or first table rows in the document, rendered by React
 * from the first screen the BFF inlines anyway (./first-screen.ts), and the app hydrates them
 * (client/app/hydration.tsx) instead of waiting for its scripts to draw them. The renderer is
 * the build's (client/entry-server.tsx, bundled by scripts/prerender.mjs into the prerender
 * directory); without it, or when a page cannot render, the shell answers as before.
 *
 * A page is rendered only when the browser's first render will be the same: a GET from a
 * desktop browser (phones get their own layout), in the locale the app will pick, its times in
 * the browser's time zone (its cookie: without one, the shell). The render runs in a process of
 * its own (./render-host.ts), one page at a time, and sees no other request's data
 * (client/entry-server.tsx). Arco writes a few
 * sizes as style attributes, which the CSP admits by their hashes ('unsafe-hashes'), and nothing
 * else: no inline script, no inline stylesheet.
 */
import { inSpan } from '../tracing/context';
import { createHash } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { FirstScreen } from '@shared/api/first-screen';
import type { AppConfig } from '@shared/api/runtime-config';
import { resolveLocale, type Locale } from '@shared/i18n/locale';
import {
  isDesktopAgent,
  isTimeZone,
  PRERENDER_DIR,
  RENDERER_FILE,
  type RenderedMarkup,
  type SignedInRequest,
} from '@shared/prerender';

export type { SignedInRenderer, SignedInRequest } from '@shared/prerender';

/** What the BFF sends the render host (./render-host.ts): the request, its address as a string. */
export interface RenderRequest {
  id: number;
  request: Omit<SignedInRequest, 'url'> & { url: string };
}
export interface RenderReply {
  id: number;
  result: RenderedMarkup | undefined;
}

/** How to start the render host: its script, and what Node needs to run it (a loader in tests). */
export interface RenderHost {
  file: string;
  execArgv?: string[];
}

/** A page larger than this is not a first screen (a list gone wild): the shell is lighter. */
export const MAX_RENDERED_BYTES = 256 * 1024;

/** Longer and the page waits more than the scripts would have taken: the shell answers. */
export const RENDER_TIMEOUT_MS = 500;
/** Starts within a minute beyond this: the renderer is broken, not unlucky; the shell answers. */
const MAX_STARTS_PER_MINUTE = 3;

export interface ServerRenderer {
  /** The page's markup, or undefined (not ready, busy, timed out, failed): the shell answers then. */
  render(request: SignedInRequest): Promise<RenderedMarkup | undefined>;
  close(): void;
}

/**
 * Pages waiting for the renderer at most: it renders one at a time, and a page further back would
 * wait longer than the shell takes. Beyond this, the shell.
 */
export const MAX_QUEUED_RENDERS = 8;

/** A reply as the host sends it, and nothing else: anything else from the child is dropped. */
function isReply(message: unknown): message is RenderReply {
  if (typeof message !== 'object' || message === null) return false;
  const { id, result } = message as Partial<RenderReply>;
  if (typeof id !== 'number') return false;
  return (
    result === undefined ||
    (typeof result === 'object' &&
      result !== null &&
      typeof result.html === 'string' &&
      typeof result.lang === 'string')
  );
}
const isReady = (message: unknown) =>
  typeof message === 'object' && message !== null && (message as { ready?: unknown }).ready === true;

/**
 * The build's renderer in a process of its own (./render-host.ts), started now and warmed up in
 * the background, started again when it exits, killed when the render it is working on hangs.
 * Undefined when the build wrote none (the tests' fixtures) or no host is given.
 */
export function startServerRenderer(
  staticDir: string,
  host: RenderHost | undefined,
  logger: Pick<Logger, 'error' | 'warn' | 'debug'>,
  timeoutMs = RENDER_TIMEOUT_MS,
): ServerRenderer | undefined {
  const file = path.join(staticDir, PRERENDER_DIR, RENDERER_FILE);
  if (!host || !existsSync(file)) return undefined;
  const hostFile = host.file;
  let child: ChildProcess | undefined;
  let ready = false;
  let closed = false;
  let nextId = 0;
  const starts: number[] = [];
  // In the order sent, which is the order the host renders them: the first is the one under way.
  const pending = new Map<number, (result: RenderReply['result']) => void>();

  function gone(started: ChildProcess): void {
    if (child !== started) return;
    child = undefined;
    ready = false;
    for (const resolve of [...pending.values()]) resolve(undefined);
    pending.clear();
  }

  function start(): void {
    const now = Date.now();
    while (starts.length && now - (starts[0] as number) > 60_000) starts.shift();
    if (starts.length >= MAX_STARTS_PER_MINUTE) return;
    starts.push(now);
    ready = false;
    const started = fork(hostFile, [file], {
      execArgv: host?.execArgv ?? [],
      // None of the BFF's settings (its keys, its upstream): a renderer needs none (the bundle
      // has its NODE_ENV built in).
      env: {},
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = started;
    // The BFF's exit is not held up by its renderer, which exits when the channel closes.
    started.unref();
    started.channel?.unref();
    started.on('message', (message: unknown) => {
      if (isReady(message)) ready = true;
      else if (isReply(message)) pending.get(message.id)?.(message.result);
    });
    started.on('error', (err) => {
      logger.error({ err }, 'server renderer: its process failed');
      gone(started);
    });
    started.on('exit', (code, signal) => {
      if (child === started && !closed) {
        const stopped = starts.length >= MAX_STARTS_PER_MINUTE;
        logger.warn(
          { code, signal },
          stopped
            ? 'server renderer: its process exited again; signed-in pages get the shell for a minute'
            : 'server renderer: its process exited; the next page starts another',
        );
      }
      gone(started);
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
      const id = (nextId += 1);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(undefined);
          // The page under way hangs, and would hold every later one: the process goes, the next
          // request starts another. A page still waiting behind it just gets the shell.
          if (pending.size && [...pending.keys()][0]! < id) return;
          worker.kill('SIGKILL');
          // Gone now, not when its exit is heard: nothing more is sent to it.
          gone(worker);
          logger.warn(
            { path: request.url.pathname, timeoutMs },
            'server renderer: a render hung; its process was ended',
          );
        }, timeoutMs);
        pending.set(id, (result) => {
          clearTimeout(timer);
          pending.delete(id);
          // Declined: a part could not render, or the page goes elsewhere. Said, for an operator who
          // wonders why pages come as the shell; the path only, none of the user's data.
          if (!result)
            logger.debug({ path: request.url.pathname }, 'server renderer: the page was not rendered');
          resolve(result);
        });
        // A channel that closed meanwhile (the process died): that page gets the shell.
        worker.send({ id, request: { ...request, url: request.url.href } } satisfies RenderRequest, (err) => {
          if (err) pending.get(id)?.(undefined);
        });
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

export interface ServerRendered {
  /** The markup of `<div id="root">`. */
  html: string;
  lang: Locale;
  /** The CSP sources that admit the markup's style attributes: none when it has none. */
  styleSources: string[];
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP sources for the style attributes in `html`, each value hashed as the browser reads it. */
export function styleAttributeSources(html: string): string[] {
  const values = new Set(
    [...html.matchAll(/ style="([^"]*)"/g)].map(([, value]) =>
      (value as string).replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e] as string),
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
  if (!renderer || !firstScreen?.authenticated || !firstScreen.userInfo) return undefined;
  if (facts.method !== 'GET' || !isDesktopAgent(facts.userAgent)) return undefined;
  const timeZone = facts.timeZoneCookie;
  if (!isTimeZone(timeZone)) return undefined;
  const url = new URL(facts.originalUrl, 'https://render.invalid');
  // As the app picks it: the first `lang` of the query, else the stored locale the cookie mirrors.
  const locale = resolveLocale(url.searchParams.get('lang'), facts.localeCookie);
  let rendered: { html: string } | undefined;
  try {
    // A span of its own in the document's trace: the wait for the renderer and the render.
    rendered = await inSpan('server render', { 'url.path': url.pathname, 'uaa_sso.locale': locale }, () =>
      renderer.render({
        url,
        locale,
        timeZone,
        userAgent: facts.userAgent as string,
        config,
        firstScreen,
      }),
    );
  } catch {
    return undefined;
  }
  if (!rendered || rendered.html.length > MAX_RENDERED_BYTES) return undefined;
  return { html: rendered.html, lang: locale, styleSources: styleAttributeSources(rendered.html) };
}
