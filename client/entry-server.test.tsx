/**
 * The app's renderer keeps each render to its request: two users' pages rendered interleaved
 * each show their own user only, in their own language and time zone, whatever ran between.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '@shared/api/runtime-config';
import type { FirstScreen } from '@shared/api/first-screen';
import type { AppRenderer, SignedInRequest } from '@shared/documents';
import { createRenderer } from './entry-server';
import { texts } from './features/account/routes/usercenter/locale';

const CONFIG: AppConfig = {
  env: 'production',
  demo: false,
  brandPrefix: 'xlab',
  links: { home: '/', feedback: '/feedback', default: { agreement: '/a', privacy: '/p' }, platforms: {} },
  captcha: { provider: 'local' },
  openerOrigins: [],
};
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const CREATED = '2026-01-01T00:00:00Z';

function member(name: string, phone: string): FirstScreen {
  return {
    authenticated: true,
    userInfo: {
      ssoUid: `uid-${name}`,
      username: name,
      phone,
      email: `${name}@example.com`,
    } as FirstScreen['userInfo'],
    list: {
      name: 'credentials',
      data: [
        {
          ak: `ak-${name}`,
          sk: 'abcd****************yz',
          description: `key of ${name}`,
          type: 'USER',
          status: 'ENABLED',
          createDate: CREATED,
        },
      ],
    } as FirstScreen['list'],
  };
}

const request = (firstScreen: FirstScreen, locale: 'zh-CN' | 'en-US', timeZone: string): SignedInRequest => ({
  url: new URL(`https://sso.example/usercenter?tab=keys&lang=${locale}`),
  locale,
  timeZone,
  userAgent: DESKTOP,
  config: CONFIG,
  firstScreen,
});

let renderer: AppRenderer;
beforeAll(async () => {
  renderer = await createRenderer();
}, 30_000);

describe("the app's renderer", () => {
  it("renders two users' pages interleaved, each with its own data, language and time zone", async () => {
    const alice = request(member('alice', '13800000001'), 'en-US', 'Asia/Shanghai');
    const bob = request(member('bob', '13900000002'), 'zh-CN', 'America/New_York');
    const pages = await Promise.all(
      Array.from({ length: 10 }, (_, i) => renderer.render(i % 2 ? bob : alice)),
    );
    pages.forEach((page, i) => {
      const [own, other] = i % 2 ? ['bob', 'alice'] : ['alice', 'bob'];
      expect(page).toContain(`key of ${own}`);
      expect(page).not.toContain(other);
      // The keys tab's title, in the page's own language.
      expect(page).toContain(`>${texts[i % 2 ? 'zh-CN' : 'en-US'].keysTitle}<`);
      // 00:00 UTC is 08:00 in Shanghai, 19:00 the day before in New York.
      expect(page).toContain(i % 2 ? '2025-12-31 19:00:00' : '2026-01-01 08:00:00');
    });
  });

  it('renders no page that goes elsewhere, a route or a part of a page: the browser makes the move', async () => {
    const admin = request({ ...member('carol', '13700000003'), modules: ['users'] }, 'en-US', 'UTC');
    const at = (path: string) => renderer.render({ ...admin, url: new URL(path, 'https://sso.example') });
    expect(await at('/admin/user')).toContain('carol');
    // /admin goes to the first module, an unknown path to /login, an unknown operate to the list.
    for (const path of ['/admin', '/nowhere', '/admin/user/bogus', '/admin/user/edit'])
      expect(await at(path), path).toBeUndefined();
  });

  it('refuses to prerender a route that goes elsewhere', async () => {
    await expect(renderer.prerender('/nowhere', 'en-US', 'desktop')).rejects.toThrow(
      '/nowhere goes elsewhere',
    );
    expect(await renderer.prerender('/login', 'en-US', 'desktop')).toContain('<form');
  });

  it("prerenders each device class's layout: a phone's, and the in-app browser's warning above it", async () => {
    const desktop = await renderer.prerender('/login', 'en-US', 'desktop');
    const phone = await renderer.prerender('/login', 'en-US', 'mobile');
    const inApp = await renderer.prerender('/login', 'en-US', 'mobile-in-app');
    expect(desktop).not.toContain('is-mobile');
    expect(phone).toMatch(/class="public-layout[^"]*is-mobile/);
    expect(inApp).toMatch(/class="public-layout[^"]*is-mobile/);
    // The warning (spec §4) is in the in-app browser's document alone.
    const warning = /role="alert"|compat-warning/;
    expect(inApp).toMatch(warning);
    expect(phone).not.toMatch(warning);
  });
});
