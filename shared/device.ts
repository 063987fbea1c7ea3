/**
 * Device facts from the user agent (spec §1), the same for the BFF, which sends the desktop
 * layouts' rendered documents only to desktop browsers, and for the app, which lays pages out by
 * them (client/lib/hooks/use-device.ts).
 */
const MOBILE = /iPhone|iPad|iPod|Android|OpenHarmony|HarmonyOS/i;
// The one in-app browser the spec singles out (a 300 ms redirect delay and a Chrome/Edge hint).
const SPECIAL_IN_APP = /MicroMessenger/i;

/** iPadOS presents itself as a Mac; touch points give it away (the server knows of none). */
export function isMobileAgent(userAgent: string, touchPoints = 0): boolean {
  return MOBILE.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
}

/** How long the one in-app browser waits before it navigates after a login (spec §4: 300 ms). */
export const IN_APP_BROWSER_DELAY_MS = 300;

export function isSpecialInAppBrowser(userAgent: string): boolean {
  return SPECIAL_IN_APP.test(userAgent);
}

/**
 * A browser the desktop layouts are for: documents are rendered in them, so phones, tablets and
 * the in-app browser get the shell (a Mac-named iPad is caught by the app, which renders afresh).
 */
export function isDesktopAgent(userAgent: string | undefined): boolean {
  return (
    Boolean(userAgent) && !isMobileAgent(userAgent as string) && !isSpecialInAppBrowser(userAgent as string)
  );
}
