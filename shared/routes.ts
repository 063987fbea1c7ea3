/** Every SPA route of spec §2, named once. */
import { BACK_OFFICE } from './back-office';

/**
 * The sub-brand's routes are named with its prefix and a hyphen (spec §2). Operators set the
 * prefix (BRAND_PREFIX); the BFF hands it to the SPA in the runtime config.
 */
export const DEFAULT_BRAND_PREFIX = 'xlab';
export const BRAND_PREFIX_PATTERN = /^[a-z][a-z0-9]{0,19}$/;
export type BrandablePage = 'login' | 'register' | 'authentication' | 'forget' | 'wechat';
export const BRANDABLE_PAGES: readonly BrandablePage[] = [
  'login',
  'register',
  'authentication',
  'forget',
  'wechat',
];

export function brandRoute(prefix: string, page: BrandablePage): string {
  return `/${prefix}-${page}`;
}

export const ROUTES = {
  login: '/login',
  register: '/register',
  forget: '/forget',
  active: '/active',
  authentication: '/authentication',
  usercenter: '/usercenter',
  username: '/username',
  setphone: '/setphone',
  wechat: '/wechat',
  midpage: '/midpage',
  carsiLogin: '/carsi-login',
  githubLogin: '/github-login',
  deleteProtocol: '/deleteProtocol',
  noPermission: '/no-permission',
  admin: '/admin',
  // The back office's modules are named in its table (back-office.ts); these are its addresses.
  adminPlatform: BACK_OFFICE.platforms.path,
  adminPlatformOperate: BACK_OFFICE.platforms.form,
  adminUser: BACK_OFFICE.users.path,
  adminUserOperate: BACK_OFFICE.users.form,
  adminRole: BACK_OFFICE.roles.path,
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * The pages only a signed-in user sees (the router sends anyone else to the login), each with the
 * outline it shows until it renders (shared/skeleton.ts): the back office's, or an account page's.
 * Every other page is a visitor's, under the login card's outline. A path below one counts as it.
 */
export const SIGNED_IN_PAGES = {
  [ROUTES.usercenter]: 'usercenter',
  [ROUTES.username]: 'usercenter',
  [ROUTES.setphone]: 'usercenter',
  [ROUTES.admin]: 'admin',
} as const satisfies Record<string, 'usercenter' | 'admin'>;

/**
 * The tabs of the visitor pages that have them, the first shown when the address names none
 * (spec §2, `?tab=`): each page reads its own here, and the build prerenders a document for the
 * page and for each of its tabs (scripts/route-modules.ts `PRERENDERED_PAGES`).
 */
export const PAGE_TABS = {
  [ROUTES.login]: ['sms', 'password'],
  [ROUTES.register]: ['email', 'phone'],
  [ROUTES.forget]: ['phone', 'email'],
} as const;

/** What a back-office form page does: the `:operate` of its route (spec §2). */
export type Operate = 'create' | 'edit' | 'view';
export const OPERATES: readonly Operate[] = ['create', 'edit', 'view'];

/** /admin/platform/edit?id=… and the like; the id travels as the `id` query parameter (spec §2). */
export function operatePath(pattern: string, operate: Operate, id?: string): string {
  return `${pattern.replace(':operate', operate)}${id ? `?id=${encodeURIComponent(id)}` : ''}`;
}

/**
 * The query parameter naming the tab a page shows (spec §2): the user centre's section, the
 * login, register and forgot-password pages' tabs. A tab is a link to its page's address with it.
 */
export const TAB_PARAM = 'tab';

/**
 * The query parameter naming a page's language (spec §1: `?lang=en-US` before the stored choice);
 * the language switch writes it into an address that has it, and an in-app link carries it on
 * (client/lib/i18n/lang-in-links.ts).
 */
export const LANG_PARAM = 'lang';

/**
 * The query parameters naming a flow under way (spec §2 `type`: the user centre's change of phone,
 * e-mail or password) and its step after the first (`step=2`), each step an entry of the history.
 */
export const FLOW_PARAM = 'type';
export const STEP_PARAM = 'step';

/**
 * Demo-mode stand-ins for the main site's pages the built-in development links point at (its home
 * page, the agreement, the privacy policy, feedback), so that no link in the demo is dead.
 */
export const DEMO_PAGES = {
  home: '/home',
  agreement: '/agreement',
  privacy: '/privacy',
  feedback: '/feedback',
} as const;

/** Pages that logged-in users still see instead of being sent to the user centre (spec §2). */
export const NO_AUTO_REDIRECT_PREFIXES = [ROUTES.admin, ROUTES.deleteProtocol] as const;

/** BFF-owned endpoints the SPA calls. */
export const BFF_PATHS = {
  session: '/bff/session',
  redirect: '/bff/redirect',
  outbox: '/__dev/outbox',
  /** Demo-mode pages of the local UAA, served through the BFF. */
  dev: '/__dev',
  healthz: '/healthz',
  readyz: '/readyz',
  /** Prometheus's scrape (bff/metrics). */
  metrics: '/metrics',
} as const;
