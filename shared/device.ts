/**
 * Device facts from the user agent (spec §1), the same for the BFF, which sends each device class
 * the documents rendered in its layout, and for the app, which lays pages out by them
 * (client/lib/hooks/use-device.ts) and takes a document over only when its class is the page's.
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
 * The layouts a document can be rendered in (spec §1): the desktop's, the phone's and tablet's,
 * and the phone's inside the one in-app browser (its warning above the page). The in-app browser
 * on a desktop is left to the app, which renders it afresh.
 */
export const DEVICE_CLASSES = ['desktop', 'mobile', 'mobile-in-app'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * The layout a browser gets, decided by the server from its user agent alone and by the app with
 * its touch points too; undefined when no rendered document is for it. An iPad presenting itself
 * as a Mac is a desktop to the server, a tablet to the app, which then renders afresh.
 */
export function deviceClass(userAgent: string | undefined, touchPoints = 0): DeviceClass | undefined {
  if (!userAgent) return undefined;
  const mobile = isMobileAgent(userAgent, touchPoints);
  const inApp = isSpecialInAppBrowser(userAgent);
  if (!mobile) return inApp ? undefined : 'desktop';
  return inApp ? 'mobile-in-app' : 'mobile';
}

/**
 * A browser that represents its class, for rendering at build time: what the app reads of it is
 * its class alone (client/lib/hooks/use-device.ts).
 */
export const DEVICE_AGENTS: Record<DeviceClass, string> = {
  desktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mobile:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'mobile-in-app':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
};
