/**
 * The response headers of DESIGN.md §5, on every response. Framing is the one per-page part:
 * the login, register, forgot-password and set-phone pages (and their branded twins) may be
 * framed by the allow-listed sub-platforms, as the embedded widget does; everything else,
 * /admin above all, only by this origin.
 */
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppEnv } from '@shared/environment';
import { brandRoute, DEFAULT_BRAND_PREFIX, ROUTES } from '@shared/routes';

/** The pages the intern widget may show inside a sub-platform's frame, for a brand prefix. */
export function embeddablePages(brandPrefix: string = DEFAULT_BRAND_PREFIX): readonly string[] {
  return [
    ROUTES.login,
    ROUTES.register,
    ROUTES.forget,
    ROUTES.setphone,
    brandRoute(brandPrefix, 'login'),
    brandRoute(brandPrefix, 'register'),
    brandRoute(brandPrefix, 'forget'),
  ];
}
export const EMBEDDABLE_PAGES = embeddablePages();

export function isEmbeddablePage(path: string, pages: readonly string[] = EMBEDDABLE_PAGES): boolean {
  const normalized = path.replace(/(.)\/+$/, '$1').toLowerCase();
  return pages.some((page) => page.toLowerCase() === normalized);
}

// Only plain host names may become CSP sources: nothing that could end or extend the directive.
const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** 'self', each allow-listed domain and its subdomains over https, and loopback outside production. */
export function embeddingAncestors(domains: readonly string[], env: AppEnv): string[] {
  const sources = ["'self'"];
  for (const domain of domains) {
    if (!HOSTNAME.test(domain)) continue;
    sources.push(`https://${domain}`);
    if (!IPV4.test(domain)) sources.push(`https://*.${domain}`);
  }
  if (env !== 'production') sources.push('http://localhost:*', 'http://127.0.0.1:*');
  return [...new Set(sources)];
}

export interface SecurityHeaderOptions {
  /** The captcha vendor's script origin, when the vendor is configured. */
  captchaScriptOrigin?: string;
  domains(): readonly string[];
  envOf(req: Request): AppEnv;
  /** The sub-brand's route prefix (its login, register and forgot pages are embeddable too). */
  brandPrefix?: string;
}

export function securityHeaders(opts: SecurityHeaderOptions): RequestHandler[] {
  const pages = embeddablePages(opts.brandPrefix);
  const frameAncestors = (req: Request): string =>
    isEmbeddablePage(req.path, pages)
      ? embeddingAncestors(opts.domains(), opts.envOf(req)).join(' ')
      : "'self'";
  return [
    helmet({
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
          frameAncestors: [(req) => frameAncestors(req as Request)],
          formAction: ["'self'"],
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'sameorigin' },
    }),
    (req, res, next) => {
      if (isEmbeddablePage(req.path, pages)) {
        // X-Frame-Options knows no allow-list: on an embeddable page it would undo frame-ancestors.
        res.removeHeader('X-Frame-Options');
        // Chromium applies CORP to framed documents: same-origin would block the allowed embedders.
        // frame-ancestors still decides who may embed.
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      }
      if (opts.envOf(req) !== 'development')
        res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      next();
    },
  ];
}
