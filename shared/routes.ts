/** Every SPA route of spec §2, named once. */
export const BRAND_PREFIX = 'xlab';

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
  adminPlatform: '/admin/platform',
  adminPlatformOperate: '/admin/platform/:operate',
  adminUser: '/admin/user',
  adminUserOperate: '/admin/user/:operate',
  adminRole: '/admin/role',
  brandLogin: `/${BRAND_PREFIX}-login`,
  brandRegister: `/${BRAND_PREFIX}-register`,
  brandAuthentication: `/${BRAND_PREFIX}-authentication`,
  brandForget: `/${BRAND_PREFIX}-forget`,
  brandWechat: `/${BRAND_PREFIX}-wechat`,
} as const;

export type RouteName = keyof typeof ROUTES;

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
} as const;
