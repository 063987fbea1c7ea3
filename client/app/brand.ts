/**
 * The branded sub-brand variant (spec §1, §2): its own login, register, authentication, forgot
 * and wechat routes, named with the sub-brand prefix and a hyphen, with its own look and its
 * 7-day auto-login label.
 */
import { useLocation } from 'react-router-dom';
import { BRAND_PREFIX, ROUTES } from '@shared/routes';

export type BrandablePage = 'login' | 'register' | 'authentication' | 'forget' | 'wechat';

const BRANDED: Record<BrandablePage, string> = {
  login: ROUTES.brandLogin,
  register: ROUTES.brandRegister,
  authentication: ROUTES.brandAuthentication,
  forget: ROUTES.brandForget,
  wechat: ROUTES.brandWechat,
};
const MAIN: Record<BrandablePage, string> = {
  login: ROUTES.login,
  register: ROUTES.register,
  authentication: ROUTES.authentication,
  forget: ROUTES.forget,
  wechat: ROUTES.wechat,
};

export interface Brand {
  branded: boolean;
  /** The route of a page in the current variant. */
  route(page: BrandablePage): string;
  autoLoginDays: 14 | 7;
}

export function isBrandedPath(pathname: string): boolean {
  return pathname.startsWith(`/${BRAND_PREFIX}-`);
}

export function useBrand(): Brand {
  const { pathname } = useLocation();
  const branded = isBrandedPath(pathname);
  return { branded, route: (page) => (branded ? BRANDED : MAIN)[page], autoLoginDays: branded ? 7 : 14 };
}
