/**
 * The branded sub-brand variant (spec §1, §2): its own login, register, authentication, forgot
 * and wechat routes, named with the sub-brand prefix (configured by the operator) and a hyphen,
 * with its own look and its 7-day auto-login label.
 */
import { useLocation } from 'react-router-dom';
import { brandRoute, ROUTES, type BrandablePage } from '@shared/routes';
import { useRuntimeConfig } from './render-context';

export type { BrandablePage };

export interface Brand {
  branded: boolean;
  /** The route of a page in the current variant. */
  route(page: BrandablePage): string;
  autoLoginDays: 14 | 7;
}

export function useBrand(): Brand {
  const { pathname } = useLocation();
  const { brandPrefix } = useRuntimeConfig();
  const branded = pathname.startsWith(`/${brandPrefix}-`);
  return {
    branded,
    route: (page) => (branded ? brandRoute(brandPrefix, page) : ROUTES[page]),
    autoLoginDays: branded ? 7 : 14,
  };
}
