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
 * the browser's time zone (its cookie: without one, the shell). The render is
 * synchronous and sees no other request's data (client/entry-server.tsx). Arco writes a few
 * sizes as style attributes, which the CSP admits by their hashes ('unsafe-hashes'), and nothing
 * else: no inline script, no inline stylesheet.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreen } from '@shared/api/first-screen';
import type { AppConfig } from '@shared/api/runtime-config';
import { resolveLocale, type Locale } from '@shared/i18n/locale';
import { isDesktopAgent, isTimeZone, PRERENDER_DIR, RENDERER_FILE } from '@shared/prerender';

export interface SignedInRequest {
  url: URL;
  locale: Locale;
  timeZone: string;
  userAgent: string;
  config: AppConfig;
  firstScreen: FirstScreen;
}

/** client/entry-server.tsx's SignedInRenderer. */
export interface SignedInRenderer {
  render(request: SignedInRequest): { html: string; lang: string } | undefined;
}

/**
 * The build's renderer, loaded and warmed up in the background; undefined until then, and when
 * the build wrote none (the tests' fixtures) or it cannot load, which is logged once.
 */
export function loadServerRenderer(
  staticDir: string,
  onError: (err: unknown) => void,
): () => SignedInRenderer | undefined {
  const file = path.join(staticDir, PRERENDER_DIR, RENDERER_FILE);
  if (!existsSync(file)) return () => undefined;
  let loading = loaded.get(file);
  if (!loading) {
    loading = import(pathToFileURL(file).href).then(
      (module: { createSignedInRenderer(): Promise<SignedInRenderer> }) => module.createSignedInRenderer(),
    );
    loaded.set(file, loading);
  }
  let renderer: SignedInRenderer | undefined;
  loading.then((ready) => (renderer = ready)).catch(onError);
  return () => renderer;
}

/** One renderer per build in the process (a test starts many apps on one build). */
const loaded = new Map<string, Promise<SignedInRenderer>>();

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
export function renderSignedIn(
  renderer: SignedInRenderer | undefined,
  facts: PageFacts,
  config: AppConfig,
  firstScreen: FirstScreen | undefined,
): ServerRendered | undefined {
  if (!renderer || !firstScreen?.authenticated || !firstScreen.userInfo) return undefined;
  if (facts.method !== 'GET' || !isDesktopAgent(facts.userAgent)) return undefined;
  const timeZone = facts.timeZoneCookie;
  if (!isTimeZone(timeZone)) return undefined;
  const url = new URL(facts.originalUrl, 'https://render.invalid');
  // As the app picks it: the first `lang` of the query, else the stored locale the cookie mirrors.
  const locale = resolveLocale(url.searchParams.get('lang'), facts.localeCookie);
  let rendered: { html: string } | undefined;
  try {
    rendered = renderer.render({
      url,
      locale,
      timeZone,
      userAgent: facts.userAgent as string,
      config,
      firstScreen,
    });
  } catch {
    return undefined;
  }
  if (!rendered) return undefined;
  return { html: rendered.html, lang: locale, styleSources: styleAttributeSources(rendered.html) };
}
