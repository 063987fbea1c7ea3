import { describe, expect, it } from 'vitest';
import { isDesktopAgent, isMobileAgent, isSpecialInAppBrowser } from './device';

const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Safari/537.36 ArkWeb/4.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0 Safari/537.36 MicroMessenger/7.0.20 NetType/WIFI WindowsWechat',
];

describe('which browsers get the prerendered (desktop) login page', () => {
  it.each(AGENTS)('the BFF and the client agree on %s', (agent) => {
    expect(isDesktopAgent(agent)).toBe(!isMobileAgent(agent) && !isSpecialInAppBrowser(agent));
  });

  it('sends them to the desktop browsers alone: Linux, Windows, a Mac, Firefox', () => {
    expect(AGENTS.map(isDesktopAgent)).toEqual([true, true, true, true, false, false, false, false, false]);
    expect(isDesktopAgent(undefined)).toBe(false);
    expect(isDesktopAgent('')).toBe(false);
  });

  it('takes a Mac with touch points for the iPad it is, in the app only (the server sees none)', () => {
    const mac = AGENTS[2] as string;
    expect(isMobileAgent(mac, 5)).toBe(true);
    expect(isMobileAgent(mac)).toBe(false);
  });
});
