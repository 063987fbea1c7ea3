/** Device facts from the user agent (spec §1): mobile layout and the one in-app browser. */
import { useBrowserFacts } from '../browser-facts';

const MOBILE = /iPhone|iPad|iPod|Android|OpenHarmony|HarmonyOS/i;
// The one in-app browser the spec singles out (a 300 ms redirect delay and a Chrome/Edge hint).
const SPECIAL_IN_APP = /MicroMessenger/i;

/** iPadOS presents itself as a Mac; touch points give it away. */
export function isMobileAgent(userAgent: string, touchPoints = 0): boolean {
  return MOBILE.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

export function isSpecialInAppBrowser(userAgent: string): boolean {
  return SPECIAL_IN_APP.test(userAgent);
}

export function useDevice(): { mobile: boolean; specialInApp: boolean } {
  const { userAgent, touchPoints } = useBrowserFacts();
  return { mobile: isMobileAgent(userAgent, touchPoints), specialInApp: isSpecialInAppBrowser(userAgent) };
}
