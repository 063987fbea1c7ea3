/** Which preload links a document gets (route-preloads.ts), from the build's table. */
import { describe, expect, it } from 'vitest';
import { linksOf, routeOf } from './route-preloads';

/** The links of the route a page answers to, as bff/documents/document.ts puts them in its head. */
function preloadsFor(
  table: Map<string, string[]>,
  pagePath: string,
  tab: unknown,
  brandPrefix?: string,
  renderedPage = false,
): string {
  const route = routeOf(table, pagePath, tab, brandPrefix);
  return linksOf(route ? (table.get(route) ?? []) : [], renderedPage);
}

const file = (name: string) => `/static/js/${name}.js`;
const TABLE = new Map([
  ['/login', [file('login')]],
  ['/register', [file('register')]],
  ['/usercenter', [file('usercenter')]],
  ['/usercenter?tab=keys', [file('usercenter'), file('keys')]],
]);
const link = (name: string) => `<link rel="preload" href="${file(name)}" as="script" fetchpriority="low">`;
const LINKS: Record<string, string> = {
  '<login>': link('login'),
  '<register>': link('register'),
  '<usercenter>': link('usercenter'),
  '<usercenter+keys>': link('usercenter') + link('keys'),
  '': '',
};

describe('preload links', () => {
  it.each([
    ['/login', undefined, '<login>'],
    ['/login/', undefined, '<login>'],
    ['/usercenter', 'keys', '<usercenter+keys>'],
    ['/usercenter/', 'keys', '<usercenter+keys>'],
    ['/usercenter', 'help', '<usercenter>'],
    ['/usercenter', ['keys', 'keys'], '<usercenter>'],
    ['/usercenter', { toString: (): string => 'keys' }, '<usercenter>'],
    ['/usercenter', '__proto__', '<usercenter>'],
    ['/active', undefined, ''],
    ['/', undefined, ''],
  ])('%s with tab %j: %s', (page, tab, links) => {
    expect(preloadsFor(TABLE, page, tab, 'xlab')).toBe(LINKS[links]);
  });

  it("gives the sub-brand's twins the chunks of the pages they copy, and nothing else", () => {
    expect(preloadsFor(TABLE, '/xlab-login', undefined, 'xlab')).toBe(LINKS['<login>']);
    expect(preloadsFor(TABLE, '/xlab-register/', undefined, 'xlab')).toBe(LINKS['<register>']);
    expect(preloadsFor(TABLE, '/brand-login', undefined, 'brand')).toBe(LINKS['<login>']);
    // Not a sub-brand page, another prefix, or no prefix configured.
    expect(preloadsFor(TABLE, '/xlab-usercenter', undefined, 'xlab')).toBe(LINKS['']);
    expect(preloadsFor(TABLE, '/other-login', undefined, 'xlab')).toBe(LINKS['']);
    expect(preloadsFor(TABLE, '/xlab-login', undefined, undefined)).toBe(LINKS['']);
  });

  it("makes a rendered page's styles stylesheets, which its first paint waits for, and its scripts preloads", () => {
    const table = new Map([['/usercenter', ['/static/css/uc.css', '/static/js/uc.js']]]);
    expect(preloadsFor(table, '/usercenter', undefined, 'xlab', true)).toBe(
      '<link rel="stylesheet" href="/static/css/uc.css"><link rel="preload" href="/static/js/uc.js" as="script" fetchpriority="low">',
    );
    expect(preloadsFor(table, '/usercenter', undefined, 'xlab')).toBe(
      '<link rel="preload" href="/static/css/uc.css" as="style" fetchpriority="low"><link rel="preload" href="/static/js/uc.js" as="script" fetchpriority="low">',
    );
  });
});
