/**
 * Simulated consent pages of GitHub, WeChat and CARSI (demo and tests only), served under
 * /__dev/oauth/<provider> so the BFF can pass them through in demo mode. A plain HTML form, no
 * scripts and no inline styles (the BFF's CSP is strict): Approve sends the browser back to the
 * product's callback route with `code` and `state`; Deny sends `error=access_denied`.
 */
import { randomBytes } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { OauthProvider } from '@shared/contract/login';
import { DEV_PATHS } from '@shared/api/dev-paths';
import type { Locale } from '@shared/i18n/locale';
import { resolveLocale } from '@shared/i18n/locale';
import { format } from '@shared/i18n/define-texts';
import { texts } from './consent.locale';
import { requestOrigin, type RouteDeps } from './deps';

const PROVIDERS = {
  github: { name: 'GitHub', sample: 'octocat' },
  wechat: { name: 'WeChat', sample: 'WeChatUser' },
  carsi: { name: 'CARSI', sample: 'researcher' },
} as const satisfies Record<OauthProvider, { name: string; sample: string }>;

/** The third-party account name typed on the page. */
export const ACCOUNT_NAME = /^[\p{L}\p{N}._@-]{1,64}$/u;

const STYLESHEET = `body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1d2129}
h1{font-size:1.4rem}p.notice{color:#86909c;font-size:.9rem}label{display:block;margin:1rem 0 .3rem}
input[type=text]{width:100%;padding:.5rem;box-sizing:border-box;font-size:1rem}
.actions{margin-top:1.2rem;display:flex;gap:.8rem}button{padding:.5rem 1.2rem;font-size:1rem;cursor:pointer}
button[value=approve]{background:#165dff;color:#fff;border:0}p.error{color:#f53f3f}`;

const decisionBody = z.object({
  state: z.string().max(512).default(''),
  redirect_uri: z.string().max(2048),
  type: z.string().max(64).optional(),
  lang: z.string().max(16).optional(),
  account: z.string().max(256).default(''),
  decision: z.enum(['approve', 'deny']),
});

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface PageInput {
  provider: OauthProvider;
  locale: Locale;
  state: string;
  redirectUri: string;
  type?: string;
  account: string;
  error?: string;
}

function renderPage(input: PageInput): string {
  const { name } = PROVIDERS[input.provider];
  const t = texts[input.locale];
  const named = { name };
  const hidden = (field: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${field}" value="${escapeHtml(value)}">`;
  return `<!doctype html>
<html lang="${input.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(format(t.title, named))}</title><link rel="stylesheet" href="${DEV_PATHS.oauth(input.provider)}.css"></head>
<body><main><h1>${escapeHtml(format(t.title, named))}</h1><p class="notice">${escapeHtml(format(t.notice, named))}</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${DEV_PATHS.oauth(input.provider)}">
${hidden('state', input.state)}${hidden('redirect_uri', input.redirectUri)}${hidden('type', input.type)}${hidden('lang', input.locale)}
<label for="account">${escapeHtml(format(t.account, named))}</label>
<input type="text" id="account" name="account" value="${escapeHtml(input.account)}" maxlength="64" required autocomplete="off">
<div class="actions"><button type="submit" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<button type="submit" name="decision" value="deny" formnovalidate>${escapeHtml(t.deny)}</button></div>
</form></main></body></html>`;
}

export function registerConsentRoutes(router: Router, { store, publicUrl }: RouteDeps): void {
  const productOrigin = new URL(publicUrl).origin;

  /** The callback address when it is on the product's origin (the one in use, or the configured one), else null. */
  function callback(req: Request, redirectUri: unknown): URL | null {
    if (typeof redirectUri !== 'string' || !URL.canParse(redirectUri)) return null;
    const url = new URL(redirectUri);
    return url.origin === productOrigin || url.origin === requestOrigin(req, publicUrl) ? url : null;
  }

  function sendPage(req: Request, res: Response, status: number, page: PageInput): void {
    res
      .status(status)
      .set({
        'Content-Security-Policy': `default-src 'none'; style-src 'self'; form-action 'self' ${requestOrigin(req, publicUrl)}; frame-ancestors 'none'; base-uri 'none'`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      })
      .type('html')
      .send(renderPage(page));
  }

  function badRedirect(req: Request, res: Response): void {
    const locale = resolveLocale(req.query.lang ?? req.body?.lang);
    res.status(400).type('text/plain').send(texts[locale].badRedirect);
  }

  for (const provider of Object.keys(PROVIDERS) as OauthProvider[]) {
    const path = DEV_PATHS.oauth(provider);

    router.get(`${path}.css`, (_req, res) => {
      res.type('css').set('Cache-Control', 'no-cache').send(STYLESHEET);
    });

    router.get(path, (req, res) => {
      const target = callback(req, req.query.redirect_uri);
      if (!target) return badRedirect(req, res);
      const state = typeof req.query.state === 'string' ? req.query.state.slice(0, 512) : '';
      const type = typeof req.query.type === 'string' ? req.query.type.slice(0, 64) : undefined;
      sendPage(req, res, 200, {
        provider,
        locale: resolveLocale(req.query.lang),
        state,
        redirectUri: target.href,
        type,
        account: `${PROVIDERS[provider].sample}-${randomBytes(2).toString('hex')}`,
      });
    });

    router.post(path, express.urlencoded({ extended: false, limit: '10kb' }), (req, res) => {
      const parsed = decisionBody.safeParse(req.body);
      const target = callback(req, parsed.success ? parsed.data.redirect_uri : undefined);
      if (!parsed.success || !target) return badRedirect(req, res);
      const { state, type, account, decision } = parsed.data;
      const locale = resolveLocale(parsed.data.lang);
      if (decision === 'deny') {
        target.searchParams.set('error', 'access_denied');
      } else {
        if (!ACCOUNT_NAME.test(account.trim())) {
          const error = texts[locale].badAccount;
          return sendPage(req, res, 400, {
            provider,
            locale,
            state,
            redirectUri: target.href,
            type,
            account,
            error,
          });
        }
        target.searchParams.set('code', store.oauthCodes.issue(provider, account.trim()));
      }
      target.searchParams.set('state', state);
      if (type !== undefined) target.searchParams.set('type', type);
      // The callback page speaks the language the login was started in.
      target.searchParams.set('lang', locale);
      res.redirect(303, target.href);
    });
  }
}
