/**
 * The renders the signed-in pages' critical CSS is cut from (signed-in-styles.ts): every address a
 * route stands for, every state of its list, and data the contract would take from the UAA. What
 * the CSS then covers is the browser test's to show (signed-in-pages-arrive-rendered.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { FIRST_LISTS } from '@shared/api/first-screen';
import { LIST_PAGE_SIZE } from '@shared/api/list-address';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { userInfo } from '@shared/contract/personal';
import { samplesOf } from './signed-in-styles';

const ROUTES = [
  '/usercenter',
  '/usercenter?tab=keys',
  '/admin',
  '/admin/user',
  '/admin/platform',
  '/admin/role',
];

describe("the signed-in pages' sample renders", () => {
  it("cover the user centre's tabs without a route of their own and each change flow it opens on", () => {
    const addresses = new Set(samplesOf('/usercenter', ROUTES).map((s) => s.address));
    expect([...addresses]).toEqual(
      expect.arrayContaining(['/usercenter?tab=account', '/usercenter?tab=help', '/usercenter?type=phone']),
    );
    expect(addresses).not.toContain('/usercenter?tab=keys');
    expect(new Set(samplesOf('/usercenter?tab=keys', ROUTES).map((s) => s.address))).toEqual(
      new Set(['/usercenter?tab=keys']),
    );
  });

  it('show each list with many pages, one page and no row, to a member with every field and one with none', () => {
    const totals = samplesOf('/admin/platform', ROUTES).map(({ firstScreen }) => {
      const data = firstScreen.list?.data as { records: unknown[]; total: number };
      return `${firstScreen.userInfo?.phone ? 'full' : 'bare'} ${data.records.length}/${data.total}`;
    });
    expect(totals).toEqual([
      'full 2/1000',
      'full 2/42',
      'full 2/2',
      'full 0/0',
      'bare 2/1000',
      'bare 2/42',
      'bare 2/2',
      'bare 0/0',
    ]);
  });

  it('hold data the contract takes from the UAA, at the paging the page asks for first', () => {
    for (const route of ROUTES)
      for (const { firstScreen } of samplesOf(route, ROUTES)) {
        expect(firstScreen.authenticated).toBe(true);
        expect(() => userInfo.parse(firstScreen.userInfo)).not.toThrow();
        const { list } = firstScreen;
        if (!list) continue;
        const { endpoint } = FIRST_LISTS[list.name];
        expect(() => ENDPOINTS[endpoint].reply.parse(list.data), `${route} ${list.name}`).not.toThrow();
        if (list.paging) expect(list.paging).toEqual({ page: 1, size: LIST_PAGE_SIZE });
      }
  });
});
