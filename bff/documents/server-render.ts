/**
 * The signed-in pages rendered per request (docs/adr/0004), when the browser's first render will
 * match: a GET from a browser of a device class (its layout), in the locale the app will pick,
 * its times in the browser's time zone (its cookie). The app's renderer (client/entry-server.tsx)
 * runs in a process of its own, the render host (./render-host.ts), which keeps React and Arco out
 * of the BFF's memory and event loop. When it is missing, busy or slow, the shell answers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { FirstScreen } from '@shared/api/first-screen';
import type { AppConfig } from '@shared/api/runtime-config';
import { resolveLocale, type Locale } from '@shared/i18n/locale';
import { deviceClass, type DeviceClass } from '@shared/device';
import { isTimeZone, PRERENDER_DIR, RENDERER_FILE, type SignedInRequest } from '@shared/documents';
import { inSpan } from '../tracing/context';
import { styleHash } from './prerendered';
import type { DocumentRequest } from './document-request';

/** A page larger than this (UTF-8) is a list gone wild, not a first screen: the shell is lighter. */
export const MAX_RENDERED_BYTES = 256 * 1024;
/** Longer and the page waits more than the scripts would have taken (RENDER_TIMEOUT_MS). */
export const RENDER_TIMEOUT_MS = 500;
/**
 * A render unanswered this long has hung the host (its event loop is held): the host is ended.
 * One only slower than its page's wait (a busy machine) is left to finish, its page given the
 * shell: ending the host for it would make every next page wait for a cold one, slower still.
 */
export const HUNG_RENDER_MS = 5_000;
/** A page beyond these would wait longer than the shell takes. */
const MAX_QUEUED_RENDERS = 8;
/**
 * How long a host that died waits to be started again. One that had served for `maxMs` is
 * started at once; one that died sooner, or before it was ready, is broken, not unlucky: it waits
 * `firstMs`, then twice as long each time, up to `maxMs`, so a crash loop costs one start (loading
 * the bundle) a minute.
 */
export const RESTART_BACKOFF = { firstMs: 1_000, maxMs: 60_000 };

/** What the BFF sends the render host (a URL does not cross IPC: its string does). */
export interface RenderRequest {
  id: number;
  request: Omit<SignedInRequest, 'url'> & { url: string };
}
/** What the host may send (`failed`: the render threw): anything else from the child is dropped. */
const HostMessage = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ id: z.number(), html: z.string().optional(), failed: z.literal(true).optional() }),
]);

/**
 * How a render ended: a page, none (`declined`: the page goes elsewhere, the browser moves), or the
 * shell instead: it hung (`timeout`), threw (`error`), outweighed a first screen (`too_big`), found
 * no host ready or lost it meanwhile (`host_down`), or found its queue full (`busy`).
 */
export const RENDER_OUTCOMES = [
  'rendered',
  'declined',
  'timeout',
  'error',
  'too_big',
  'host_down',
  'busy',
] as const;
export type RenderOutcome = (typeof RENDER_OUTCOMES)[number];

/** What the render host tells an operator (bff/metrics/metrics.ts counts it). */
export interface RenderObserver {
  /** A page's outcome, and how long it was with the host when it was sent to one. */
  rendered(outcome: RenderOutcome, seconds: number | undefined): void;
  /** The host's process started again after the one before it died or was ended. */
  restarted(): void;
}

/** The render host's script, what Node needs to run it (a loader in tests), and its heap's cap. */
export interface RenderHostOptions {
  file: string;
  execArgv?: string[];
  /** Its old generation in MB (RENDERER_MAX_OLD_SPACE_MB): beyond it the host dies, not the replica. */
  maxOldSpaceMb: number;
}

/** The render host as the BFF drives it. */
export interface RenderHost {
  /** The page's markup, or undefined (not ready, busy, timed out, failed, too big). */
  render(request: SignedInRequest): Promise<string | undefined>;
  /** Pages sent to the host and not yet answered. */
  queueLength(): number;
  /** Tells `observer` of every render's outcome and every restart from now on. */
  observe(observer: RenderObserver): void;
  close(): void;
}

/**
 * The render host, killed when a render hangs, started again by itself after it exits (the
 * pages get the shell meanwhile). Undefined when the build wrote no renderer or no host is given.
 */
export function startRenderHost(
  staticDir: string,
  options: RenderHostOptions | undefined,
  logger: Pick<Logger, 'error' | 'warn' | 'debug'>,
  { timeoutMs = RENDER_TIMEOUT_MS, hungMs = HUNG_RENDER_MS, restart = RESTART_BACKOFF } = {},
): RenderHost | undefined {
  // A page's wait never outlasts the host's: the host is not ended while a page still waits on it.
  const hangMs = Math.max(hungMs, timeoutMs);
  const rendererFile = path.join(staticDir, PRERENDER_DIR, RENDERER_FILE);
  if (!options || !existsSync(rendererFile)) return undefined;
  const { file, maxOldSpaceMb } = options;
  // The container's memory is the BFF's too: a host without a cap could take the replica with it.
  const execArgv = [...(options.execArgv ?? []), `--max-old-space-size=${maxOldSpaceMb}`];
  let child: ChildProcess | undefined;
  let ready = false;
  let closed = false;
  let lastId = 0;
  let readyAt: number | undefined;
  /** The processes in a row that died before serving for `restart.maxMs`. */
  let quickExits = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let starts = 0;
  const pending = new Map<number, (outcome: RenderOutcome, html?: string) => void>();
  const observers = new Set<RenderObserver>();
  const tell = (outcome: RenderOutcome, seconds?: number) => {
    for (const observer of observers) observer.rendered(outcome, seconds);
  };
  /** The shell, at once: the page was never sent. */
  const refuse = (outcome: RenderOutcome) => {
    tell(outcome);
    return Promise.resolve(undefined);
  };

  /**
   * The process is done with: its pages get the shell and another is started after the backoff,
   * in how many ms (undefined: it was done with already, or the host is closed).
   */
  function drop(worker: ChildProcess): number | undefined {
    if (child !== worker) return undefined;
    child = undefined;
    ready = false;
    for (const settle of pending.values()) settle('host_down');
    if (closed) return undefined;
    if (readyAt !== undefined && Date.now() - readyAt >= restart.maxMs) quickExits = 0;
    const delay = quickExits === 0 ? 0 : Math.min(restart.firstMs * 2 ** (quickExits - 1), restart.maxMs);
    quickExits += 1;
    restartTimer = setTimeout(start, delay);
    restartTimer.unref();
    return delay;
  }

  function start(): void {
    readyAt = undefined;
    if (starts++ > 0) for (const observer of observers) observer.restarted();
    // No env: none of the BFF's settings (its keys, its upstream) reaches the host.
    const worker = fork(file, [rendererFile], { execArgv, env: {} });
    child = worker;
    // The BFF's exit waits for no host; the host exits when the channel closes.
    worker.unref();
    worker.channel?.unref();
    worker.on('message', (message: unknown) => {
      if (child !== worker) return;
      const { data } = HostMessage.safeParse(message);
      if (data && 'ready' in data) {
        ready = true;
        readyAt = Date.now();
      } else if (data) {
        const { html } = data;
        // Bytes as sent, not UTF-16 units: a page of Chinese text is three times its length.
        const outcome: RenderOutcome = data.failed
          ? 'error'
          : html === undefined
            ? 'declined'
            : Buffer.byteLength(html) > MAX_RENDERED_BYTES
              ? 'too_big'
              : 'rendered';
        pending.get(data.id)?.(outcome, html);
      }
    });
    worker.on('error', (err) => {
      logger.error({ err }, 'server renderer: its process failed');
      // It may live on (a failed send or kill): ended, so that no other runs beside its successor.
      if (child === worker) worker.kill('SIGKILL');
      drop(worker);
    });
    worker.on('exit', (code, signal) => {
      // One line: its code or signal (SIGABRT: past its heap cap; SIGKILL: the kernel's), no page.
      const restartInMs = drop(worker);
      if (restartInMs !== undefined)
        logger.warn({ code, signal, restartInMs }, 'server renderer: its process exited');
    });
  }
  start();

  return {
    render(request) {
      const worker = child;
      if (closed || !ready || !worker?.connected) return refuse('host_down');
      if (pending.size >= MAX_QUEUED_RENDERS) return refuse('busy');
      const id = (lastId += 1);
      const { pathname } = request.url;
      const sent = performance.now();
      return new Promise((resolve) => {
        let waiting = true;
        /** The page's answer, once: its markup, or the shell. */
        const answer = (outcome: RenderOutcome, html?: string) => {
          if (!waiting) return;
          waiting = false;
          clearTimeout(pageTimer);
          tell(outcome, (performance.now() - sent) / 1000);
          if (outcome === 'rendered') return resolve(html);
          // Why a page came as the shell, for an operator: its path, none of the user's data.
          logger.debug({ path: pathname, outcome }, 'server renderer: the page was not rendered');
          resolve(undefined);
        };
        // The page waits no longer; the render goes on, and its late markup is dropped.
        const pageTimer = setTimeout(() => answer('timeout'), timeoutMs);
        const hangTimer = setTimeout(() => {
          // A hung render holds the host's event loop: the host goes, with every page it had.
          logger.warn(
            { path: pathname, hungMs: hangMs },
            'server renderer: a render hung; its process was ended',
          );
          worker.kill('SIGKILL');
          drop(worker);
        }, hangMs);
        // Until the host answers (or goes) the render counts against the queue, late or not.
        pending.set(id, (outcome, html) => {
          clearTimeout(hangTimer);
          pending.delete(id);
          answer(outcome, html);
        });
        const message: RenderRequest = { id, request: { ...request, url: request.url.href } };
        worker.send(message, (err) => err && pending.get(id)?.('host_down'));
      });
    },
    queueLength: () => pending.size,
    observe(observer) {
      observers.add(observer);
    },
    close() {
      closed = true;
      clearTimeout(restartTimer);
      child?.kill();
    },
  };
}

export interface ServerRendered {
  /** The markup of `<div id="root">`. */
  html: string;
  lang: Locale;
  /** The layout it was rendered in, from the browser's user agent. */
  device: DeviceClass;
  /** The CSP sources that admit the markup's style attributes (docs/adr/0004). */
  styleSources: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", lt: '<', gt: '>' };

/** The CSP sources for the style attributes in `html`, each value hashed as the browser reads it. */
export function styleAttributeSources(html: string): string[] {
  const values = new Set(
    [...html.matchAll(/ style="([^"]*)"/g)].map(([, value]) =>
      (value as string).replace(/&(amp|quot|#x27|lt|gt);/g, (_, name: string) => ENTITIES[name]!),
    ),
  );
  return values.size ? ["'unsafe-hashes'", ...[...values].map(styleHash)] : [];
}

/** The page rendered for this request, or undefined when the shell must answer. */
export async function renderSignedIn(
  host: RenderHost | undefined,
  request: DocumentRequest,
  config: AppConfig,
  firstScreen: FirstScreen | undefined,
): Promise<ServerRendered | undefined> {
  const { method, userAgent, timeZoneCookie: timeZone } = request;
  if (!host || !firstScreen?.authenticated || !firstScreen.userInfo) return undefined;
  const device = deviceClass(userAgent);
  if (method !== 'GET' || !device || !isTimeZone(timeZone)) return undefined;
  const url = new URL(`${request.path}${request.search}`, 'https://render.invalid');
  // As the app picks it: the query's `lang`, else the stored locale the cookie mirrors.
  const locale = resolveLocale(url.searchParams.get('lang'), request.localeCookie);
  const html = await inSpan('server render', { 'url.path': url.pathname, 'uaa_sso.locale': locale }, () =>
    host.render({ url, locale, timeZone, userAgent: userAgent as string, config, firstScreen }),
  ).catch(() => undefined);
  if (html === undefined) return undefined;
  return { html, lang: locale, device, styleSources: styleAttributeSources(html) };
}
