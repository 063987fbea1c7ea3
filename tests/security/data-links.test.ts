// @vitest-environment jsdom
/**
 * Addresses from the UAA are followed only when they are web addresses (issue 30, item 6):
 * - a platform whose home page comes back as `javascript:…` is shown on /admin/platform as text,
 *   never as `<a href="javascript:…">`; an http: or https: one is a link;
 * - a third-party login's address (oauthaddress) is loaded into the login popup, this window or
 *   the WeChat QR frame only when it is one.
 * Pages and calls run as in a browser, through the one HTTP client, from stubbed gateway replies.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_CODE } from '@shared/api/envelope';
import { ENDPOINTS, GATEWAY_BASE } from '@shared/contract/endpoints';
import { ROUTES } from '@shared/routes';
import PlatformListPage from '@client/features/admin/routes/platform/index';
import { wechatAddress } from '@client/features/oauth/api';
import { LocaleProvider } from '@client/lib/i18n/locale-context';
import { RenderContextProvider } from '@client/lib/render-context';
import { runtimeConfig } from '@client/lib/runtime-config';
import { openOauthPopup } from '@client/lib/oauth-popup';
import { newTabTexts } from '@client/components/new-tab-link.locale';

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/',
];

/** The gateway answers each endpoint's path with its data; any other call is a test bug. */
function stubGateway(replies: Partial<Record<keyof typeof ENDPOINTS, unknown>>): void {
  const byUrl = new Map(
    Object.entries(replies).map(([name, data]) => [
      `${GATEWAY_BASE}${ENDPOINTS[name as keyof typeof ENDPOINTS].path}`,
      data,
    ]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(byUrl.has(url), url).toBe(true);
      return new Response(JSON.stringify({ msgCode: SUCCESS_CODE, data: byUrl.get(url) }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

beforeEach(() => {
  // Arco's grid asks for media queries, which jsdom lacks.
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/platform shows a home page address from the UAA', () => {
  const platform = (id: string, homePageUrl: string) => ({
    id,
    displayName: `Platform ${id}`,
    createTime: '2024-01-01 00:00:00',
    homePageUrl,
    callback: '',
    logoutUrl: 'https://example.com/logout',
    logo: '',
    description: '',
    clientId: `client-${id}`,
  });

  function showList(...records: ReturnType<typeof platform>[]): void {
    stubGateway({ platformList: { records, total: records.length } });
    render(
      createElement(
        SWRConfig,
        { value: { provider: () => new Map() } },
        createElement(
          RenderContextProvider,
          { value: { config: runtimeConfig(), locale: 'zh-CN', userAgent: 'test', touchPoints: 0 } },
          createElement(
            LocaleProvider,
            null,
            createElement(
              MemoryRouter,
              { initialEntries: [ROUTES.adminPlatform] },
              createElement(PlatformListPage),
            ),
          ),
        ),
      ),
    );
  }

  it.each(HOSTILE)('%j as text, never as a link', async (address) => {
    showList(platform('1', address));
    await screen.findByText('Platform 1');
    // The address is shown as it is, outside any link.
    const shown = screen.getByText((_, node) => node?.textContent === address && node.children.length === 0);
    expect(shown.closest('a')).toBeNull();
    // And no link on the page leads anywhere but a web address or a path of this app.
    for (const anchor of document.querySelectorAll('a[href]')) {
      expect(['http:', 'https:'], anchor.outerHTML).toContain(
        new URL(anchor.getAttribute('href')!, 'https://sso.example').protocol,
      );
      expect(anchor.getAttribute('href')).not.toContain('evil');
    }
  });

  it('an https: or http: address as a link to that address, in a new tab', async () => {
    showList(platform('1', 'https://platform.example/home?x=1'), platform('2', 'http://old.example/'));
    // Named by its address, then as a link that opens a new tab (issue 40).
    const newTab = newTabTexts['zh-CN'].opensNewTab;
    const named = (address: string) => (name: string) => name.startsWith(address) && name.endsWith(newTab);
    const secure = await screen.findByRole('link', { name: named('https://platform.example/home?x=1') });
    expect(secure.getAttribute('href')).toBe('https://platform.example/home?x=1');
    expect(secure.getAttribute('target')).toBe('_blank');
    expect(secure.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: named('http://old.example/') }).getAttribute('href')).toBe(
      'http://old.example/',
    );
  });
});

describe("a third-party login's address from the UAA", () => {
  /** window.open's popup, as the login button opens it before the address is known. */
  function stubPopup() {
    const popup = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    return popup;
  }

  it.each(HOSTILE)('%j: the popup is closed, never pointed at it', async (address) => {
    stubGateway({ oauthAddress: { oauthAddress: address } });
    const popup = stubPopup();
    expect(await openOauthPopup('github')).toBe(false);
    expect(popup.location.href).toBe('');
    expect(popup.close).toHaveBeenCalled();
  });

  it('an https: address is loaded into the popup', async () => {
    stubGateway({ oauthAddress: { oauthAddress: 'https://github.com/login/oauth/authorize?state=s' } });
    const popup = stubPopup();
    expect(await openOauthPopup('github')).toBe(true);
    expect(popup.location.href).toBe('https://github.com/login/oauth/authorize?state=s');
    expect(popup.close).not.toHaveBeenCalled();
  });

  it.each(HOSTILE)(
    '%j: the WeChat QR frame gets no address (the page shows its failure)',
    async (address) => {
      stubGateway({ oauthAddress: { oauthAddress: address } });
      await expect(wechatAddress()).rejects.toThrow();
    },
  );

  it('an https: address is the WeChat QR frame address', async () => {
    const qr = 'https://open.weixin.qq.com/connect/qrconnect?appid=a&state=s';
    stubGateway({ oauthAddress: { oauthAddress: qr } });
    await expect(wechatAddress()).resolves.toBe(qr);
  });
});
