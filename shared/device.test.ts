import { describe, expect, it } from 'vitest';
import { DEVICE_AGENTS, DEVICE_CLASSES, deviceClass, isMobileAgent } from './device';

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
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN',
];

describe('which layout each browser gets a document in', () => {
  it('is the desktop for Linux, Windows, a Mac and Firefox; a phone or tablet for iOS, Android and OpenHarmony; none for the in-app browser on a desktop', () => {
    expect(AGENTS.map((agent) => deviceClass(agent))).toEqual([
      'desktop',
      'desktop',
      'desktop',
      'desktop',
      'mobile',
      'mobile',
      'mobile',
      'mobile',
      undefined,
      'mobile-in-app',
    ]);
    expect(deviceClass(undefined)).toBeUndefined();
    expect(deviceClass('')).toBeUndefined();
  });

  it('takes a Mac with touch points for the iPad it is, in the app only (the server sees none)', () => {
    const mac = AGENTS[2] as string;
    expect(isMobileAgent(mac, 5)).toBe(true);
    expect(isMobileAgent(mac)).toBe(false);
    expect(deviceClass(mac)).toBe('desktop');
    expect(deviceClass(mac, 5)).toBe('mobile');
  });

  it('renders each class with a browser of that class', () => {
    for (const device of DEVICE_CLASSES) expect(deviceClass(DEVICE_AGENTS[device])).toBe(device);
  });
});
