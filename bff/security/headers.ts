/**
 * The response headers of DESIGN.md §5, on every response. Framing is one per-request part: the
 * intern widget's documents (its pages with its parameters, shared/widget.ts) may be framed by
 * the allow-listed sub-platforms; every other document, the same pages without the widget's
 * parameters too, only by this origin. The opener policy is the other: the pages a login popup
 * goes through keep their opener.
 */
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import parseurl from 'parseurl';
import { isLoopbackHost, type AppEnv } from '@shared/environment';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { brandRoute, DEFAULT_BRAND_PREFIX, ROUTES } from '@shared/routes';
import { allowedOriginOf } from '@shared/origins';
import { isWidgetDocument, pagePath } from '@shared/widget';

/**
 * The pages a login popup goes through, which must keep their window's opener: the WeChat QR page
 * and the third-party callbacks (always), the demo's stand-in consent pages, and the login page
 * when another site opens it as its login popup (`openerOrigin`, spec §4's popup mode). Under
 * same-origin-allow-popups a page opened by another site loses its opener at once (the browser
 * moves it to a browsing context group of its own), and so does a callback a provider's page sends
 * our own popup to: neither could then tell its opener of the login. They send `unsafe-none`.
 */
export function openerPages(brandPrefix: string = DEFAULT_BRAND_PREFIX): {
  always: readonly string[];
  popupMode: readonly string[];
} {
  return {
    always: [
      ROUTES.wechat,
      ROUTES.midpage,
      ROUTES.carsiLogin,
      ROUTES.githubLogin,
      brandRoute(brandPrefix, 'wechat'),
      // The demo's third parties (the local UAA's consent pages, passed through in demo mode).
      ...(['github', 'wechat', 'carsi'] as const).map((provider) => DEV_PATHS.oauth(provider)),
    ],
    popupMode: [ROUTES.login, brandRoute(brandPrefix, 'login')],
  };
}

/** WeChat's QR-login origin: production's /wechat and /midpage frame its QR page (spec §2). */
const WECHAT_QR_ORIGIN = 'https://open.weixin.qq.com';

/**
 * What pages may frame: this origin, and WeChat's QR page in production only (elsewhere the QR
 * login warns). On every page: the SPA reaches /wechat without a reload, keeping the CSP it had.
 */
function frameSources(env: AppEnv): string {
  return env === 'production' ? `'self' ${WECHAT_QR_ORIGIN}` : "'self'";
}

/** The pages of a list as `pagePath` gives them: lower case. */
function pageSet(pages: readonly string[]): ReadonlySet<string> {
  return new Set(pages.map(pagePath));
}

/**
 * Whether another site may frame this request's document: only when it is the intern widget's
 * (its page with its parameters, shared/widget.ts), read from the raw query as the SPA will read
 * its address. Express's parse of the query (arrays for repeated names) plays no part.
 */
export function isEmbeddable(req: Request, brandPrefix: string): boolean {
  return isWidgetDocument(req.path, parseurl.original(req)?.search?.slice(1) ?? '', brandPrefix);
}

// Only plain host names may become CSP sources: nothing that could end or extend the directive.
const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** 'self', each allow-listed domain and its subdomains over https, and loopback outside production. */
export function embeddingAncestors(domains: readonly string[], env: AppEnv): string[] {
  const sources = ["'self'"];
  for (const domain of domains) {
    // A loopback entry (localhost, for development) frames nothing in production: it is the visitor's own machine.
    if (!HOSTNAME.test(domain) || (env === 'production' && isLoopbackHost(domain))) continue;
    sources.push(`https://${domain}`);
    if (!IPV4.test(domain)) sources.push(`https://*.${domain}`);
  }
  if (env !== 'production') sources.push('http://localhost:*', 'http://127.0.0.1:*');
  return [...new Set(sources)];
}

/**
 * Whether the page's `openerOrigin` (the first, read as the SPA reads it) names an origin the page
 * may talk to: only then does a popup-mode page keep its opener (the opening site's handle on it).
 */
function declaresAllowedOpener(req: Request, allowed: readonly string[]): boolean {
  const declared = new URLSearchParams(parseurl.original(req)?.search ?? '').get('openerOrigin');
  return allowedOriginOf(declared, allowed) !== null;
}

export interface SecurityHeaderOptions {
  /** The captcha vendor's script origin, when the vendor is configured. */
  captchaScriptOrigin?: string;
  domains(): readonly string[];
  envOf(req: Request): AppEnv;
  /** The origins the page may talk to (the runtime config's `openerOrigins`). */
  openerOrigins(req: Request): readonly string[];
  /** The sub-brand's route prefix (its login, register, forgot and authentication pages are the widget's too). */
  brandPrefix?: string;
}

/**
 * The headers, as helmet middleware used the documented way: one helmet() for what every
 * response carries (its frame-src and frame-ancestors worked out per request by directive
 * functions), then helmet's own X-Frame-Options, Cross-Origin-Resource-Policy and
 * Strict-Transport-Security middleware where the page and the environment call for them.
 * The pages a login popup goes through keep their opener (COOP unsafe-none). Mount the list
 * with `app.use(...)`.
 */
export function securityHeaders(opts: SecurityHeaderOptions): RequestHandler[] {
  const brandPrefix = opts.brandPrefix ?? DEFAULT_BRAND_PREFIX;
  const opener = openerPages(opts.brandPrefix);
  const openerAlways = pageSet(opener.always);
  const openerInPopupMode = pageSet(opener.popupMode);
  const keepsOpener = (req: Request): boolean => {
    const path = pagePath(req.path);
    if (openerAlways.has(path)) return true;
    return openerInPopupMode.has(path) && declaresAllowedOpener(req, opts.openerOrigins(req));
  };
  // helmet hands its directive functions Node's request; in the app it is Express's.
  const envOf = (req: IncomingMessage): AppEnv => opts.envOf(req as Request);
  const embeddable = (req: IncomingMessage): boolean => isEmbeddable(req as Request, brandPrefix);

  const policy = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(opts.captchaScriptOrigin ? [opts.captchaScriptOrigin] : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameSrc: [(req) => frameSources(envOf(req))],
        frameAncestors: [
          (req) => (embeddable(req) ? embeddingAncestors(opts.domains(), envOf(req)).join(' ') : "'self'"),
        ],
        formAction: ["'self'"],
      },
    },
    // Per page, below.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Per page, below.
    crossOriginResourcePolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Outside development only, below.
    strictTransportSecurity: false,
    // Not on the widget's documents, below.
    xFrameOptions: false,
  });
  const sameOriginFraming = helmet.xFrameOptions({ action: 'sameorigin' });
  const sameOriginResources = helmet.crossOriginResourcePolicy({ policy: 'same-origin' });
  // Chromium applies CORP to framed documents: same-origin would block the allowed embedders.
  // frame-ancestors still decides who may embed.
  const crossOriginResources = helmet.crossOriginResourcePolicy({ policy: 'cross-origin' });
  const isolateOpener = helmet.crossOriginOpenerPolicy({ policy: 'same-origin-allow-popups' });
  const keepOpener = helmet.crossOriginOpenerPolicy({ policy: 'unsafe-none' });
  const hsts = helmet.strictTransportSecurity({ maxAge: 31_536_000, includeSubDomains: true });

  return [
    policy,
    // X-Frame-Options knows no allow-list: on the widget's documents it would undo frame-ancestors.
    (req, res, next) => (embeddable(req) ? next() : sameOriginFraming(req, res, next)),
    (req, res, next) => (embeddable(req) ? crossOriginResources : sameOriginResources)(req, res, next),
    (req, res, next) => (keepsOpener(req) ? keepOpener : isolateOpener)(req, res, next),
    (req, res, next) => (envOf(req) === 'development' ? next() : hsts(req, res, next)),
  ];
}
