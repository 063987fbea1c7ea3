/**
 * The prerendered documents (scripts/prerender.ts). A request gets one only when the browser's
 * first render will be that document: its route and tab, the default platform's look, the
 * browser's device class (its layout: shared/device.ts), and the locale the page will pick (`lang`, else the locale cookie, else zh-CN). The
 * client checks the locale and the device again and renders afresh when they differ.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import escape from 'escape-html';
import path from 'node:path';
import type { AppConfig } from '@shared/api/runtime-config';
import { resolveLocale } from '@shared/i18n/locale';
import { platformFromRedirect } from '@shared/platforms';
import { withParams } from '@shared/query';
import { TAB_PARAM } from '@shared/routes';
import { deviceClass } from '@shared/device';
import {
  PLACEHOLDERS,
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  SIGNED_IN_STYLES,
  type PrerenderedDocument,
  type PrerenderManifest,
} from '@shared/documents';
import type { DocumentRequest } from './document-request';

/** The document for this request, or undefined when the shell must answer. */
export function chooseDocument(
  manifest: PrerenderManifest,
  request: DocumentRequest,
  brandPrefix: string,
): PrerenderedDocument | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const device = deviceClass(request.userAgent);
  if (!device) return undefined;
  const params = new URLSearchParams(request.search);
  if (platformFromRedirect(params.get('redirect') ?? params.get('redirect_url')) !== null) return undefined;
  // The branded documents hold the sub-brand's routes as named at build time.
  const branded = (doc: PrerenderedDocument) => doc.path.startsWith(`/${manifest.brandPrefix}-`);
  const locale = resolveLocale(params.get('lang'), request.localeCookie);
  const tab = params.get(TAB_PARAM) ?? undefined;
  return manifest.documents.find(
    (doc) =>
      doc.path === request.path &&
      doc.tab === tab &&
      doc.locale === locale &&
      doc.device === device &&
      (!branded(doc) || manifest.brandPrefix === brandPrefix),
  );
}

/** `text` with each placeholder replaced; a value filled in (a query holding `?prerender-search`) is text. */
function fill(text: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  const [pair, ...rest] = pairs;
  if (!pair) return text;
  const [placeholder, value] = pair;
  return text
    .split(placeholder)
    .map((part) => fill(part, rest))
    .join(value);
}

/** The document with this request's query (without the tab, which it names itself) and links. */
export function fillPlaceholders(html: string, search: string, config: AppConfig): string {
  const links = config.links.default;
  const query = escape(withParams(search, { [TAB_PARAM]: null }));
  return fill(html, [
    [`${PLACEHOLDERS.search}&amp;`, query ? `${query}&amp;` : '?'],
    [PLACEHOLDERS.search, query],
    [PLACEHOLDERS.agreement, escape(links.agreement)],
    [PLACEHOLDERS.privacy, escape(links.privacy)],
  ]);
}

/** The CSP source that admits `text` as a style, inline or in an attribute, by its hash. */
export const styleHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The policy (bff/security/headers.ts's, which always has a style-src) with the sources added to it. */
export const withStyleHashes = (policy: string, hashes: readonly string[]) =>
  policy.replace(/(?<=^|;)\s*style-src(?=[\s;]|$)[^;]*/i, (directive) => [directive, ...hashes].join(' '));

/** A signed-in route's critical CSS and the CSP source that admits it inline. */
export interface InlineStyle {
  css: string;
  hash: string;
}

/**
 * Each signed-in route's critical CSS (scripts/signed-in-styles.ts), read once at start; an empty
 * table when the build wrote none (the pages then link their stylesheets in the head).
 */
export function loadSignedInStyles(staticDir: string): Map<string, InlineStyle> {
  const file = path.join(staticDir, PRERENDER_DIR, SIGNED_IN_STYLES);
  const table = new Map<string, InlineStyle>();
  if (!existsSync(file)) return table;
  const styles = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  for (const [route, css] of Object.entries(styles)) {
    // Inline in a style element: text that could end it is not CSS the build wrote.
    if (typeof css !== 'string' || /<\/style/i.test(css))
      throw new Error(`${SIGNED_IN_STYLES}: bad CSS for ${route}`);
    table.set(route, { css, hash: styleHash(css) });
  }
  return table;
}

export interface Prerendered {
  manifest: PrerenderManifest;
  documents: Map<PrerenderedDocument, string>;
}

/** The manifest and the documents, read once at start; undefined when the build wrote none. */
export function loadPrerendered(staticDir: string): Prerendered | undefined {
  const dir = path.join(staticDir, PRERENDER_DIR);
  const manifestFile = path.join(dir, PRERENDER_MANIFEST);
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
  const documents = new Map<PrerenderedDocument, string>();
  for (const doc of manifest.documents) {
    // The manifest names files in its own directory, nothing else.
    if (path.basename(doc.file) !== doc.file)
      throw new Error(`prerender manifest: bad file name ${doc.file}`);
    documents.set(doc, readFileSync(path.join(dir, doc.file), 'utf8'));
  }
  return { manifest, documents };
}
