/** Device facts from the user agent (spec §1): mobile layout and the one in-app browser. */
import { isMobileAgent, isSpecialInAppBrowser } from '@shared/device';
import { useRenderContext } from '../render-context';

export function useDevice(): { mobile: boolean; specialInApp: boolean } {
  const { userAgent, touchPoints } = useRenderContext();
  return { mobile: isMobileAgent(userAgent, touchPoints), specialInApp: isSpecialInAppBrowser(userAgent) };
}
