/** Setting up back-office journeys: admins, platforms and users made through the API as the SPA would. */
import { expect, type APIRequestContext, type Browser, type Page } from './e2e-fixtures';
import { texts as platformTexts } from '../../client/features/admin/routes/platform/locale';
import { texts as roleTexts } from '../../client/features/admin/routes/role/locale';
import { texts as userTexts } from '../../client/features/admin/routes/user/locale';
import { adminTexts } from '../../client/features/admin/components/admin-shell.locale';
import { api, CAPTCHA, encrypted, loginByApi, newPhone, uniqueSuffix } from './e2e-api';

export { adminTexts, platformTexts, roleTexts, userTexts };

/** A back-office list's rows (the empty row Arco draws for "No data" left out). */
export const listRows = (page: Page) =>
  page.locator('.admin-table tbody tr.arco-table-tr:not(.arco-table-empty-row)');
/** The pagination's current page. */
export const activePage = (page: Page) => page.locator('.arco-pagination-item-active');
/** The latest message (Arco's toast) that says `text`. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).last();

/**
 * Every back-office page, one address each, the forms of `userId` (a user made for the test) and
 * of the seed's platform media among them.
 */
export const backOfficePages = (userId: string): string[] => [
  '/admin/user',
  '/admin/user/create',
  `/admin/user/edit?id=${userId}`,
  `/admin/user/view?id=${userId}`,
  '/admin/platform',
  '/admin/platform/create',
  '/admin/platform/edit?id=media',
  '/admin/platform/view?id=media',
  '/admin/role',
];

export const ADMIN = { account: 'admin', password: 'Admin12345' } as const;
export const ROLE = { superAdmin: 1, platformAdmin: 2 } as const;
/** The local UAA's seed roles, named in Chinese (the default language) whatever the page's language. */
export { SEED_ROLES } from '../../local-uaa/seed';

export async function loginAsAdmin(page: Page): Promise<void> {
  await loginByApi(page, ADMIN.account, ADMIN.password);
}

/** Creates an internal user through the back-office API (the request must carry an admin session). */
export async function createInternalUser(
  request: APIRequestContext,
  opts: {
    roleIds?: number[];
    email?: string;
    phone?: string;
    password?: string;
    source?: string;
    githubAccount?: string;
  } = {},
) {
  const password = opts.password ?? 'Admin-12345';
  const email = opts.email ?? (opts.phone ? undefined : `admin-${uniqueSuffix()}@example.org`);
  const reply = await api(request, '/user/admin/internal/create', {
    email,
    phone: opts.phone,
    githubAccount: opts.githubAccount,
    password: await encrypted(request, password, 'register'),
    source: opts.source ?? 'default',
    status: 'ACTIVE',
    description: 'e2e',
    roleIds: opts.roleIds ?? [],
  });
  expect(reply.msgCode, reply.msg).toBe('10000');
  return { ssoUid: String(reply.data?.ssoUid), email, phone: opts.phone, password };
}

/** A fresh browser context logged in as a new internal user with the given role. */
export async function loginAsNewAdmin(browser: Browser, adminPage: Page, roleIds: number[]) {
  const user = await createInternalUser(adminPage.request, { roleIds });
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginByApi(page, user.email!, user.password);
  return { user, page, context };
}

export async function createPlatform(request: APIRequestContext, displayName = uniqueName('P')) {
  const reply = await api(request, '/mgmt/platforms/add', {
    displayName,
    homePageUrl: 'https://e2e.example.org',
    callback: 'https://e2e.example.org/cb',
    logoutUrl: 'https://e2e.example.org/logout',
  });
  expect(reply.msgCode, reply.msg).toBe('10000');
  const data = reply.data as unknown as { id: string; clientId: string; displayName: string };
  return data;
}

export async function platformDetail(request: APIRequestContext, id: string) {
  const reply = await api(request, '/mgmt/platforms/detail', { id });
  expect(reply.msgCode, reply.msg).toBe('10000');
  return reply.data as unknown as {
    displayName: string;
    homePageUrl: string;
    logo: string;
    clientId: string;
    clientSecret: string;
  };
}

export async function findUser(request: APIRequestContext, query: Record<string, unknown>) {
  const reply = await api(request, '/user/admin/internal/search', { pageNumber: 1, pageSize: 20, ...query });
  expect(reply.msgCode, reply.msg).toBe('10000');
  return (reply.data as unknown as { users: Record<string, unknown>[] }).users;
}

/**
 * A unique platform name: the prefix and digits only. Tests type letters into the back office's
 * platform searches (which match case-insensitively, anywhere in a name): a random letter suffix
 * once held 'cm' and showed up in another test's search for CMG.
 */
export const uniqueName = (prefix: string) =>
  `${prefix.replace(/[^A-Za-z0-9]/g, '')}${Date.now() % 1e10}${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

export { newPhone };

/** The smallest valid PNG (1x1), for the logo upload. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What a password login answers (msgCode), from a request context of its own. */
export async function loginReply(request: APIRequestContext, account: string, password: string) {
  const reply = await api(
    request,
    '/login/byAccount',
    { account, password: await encrypted(request, password, 'login'), autoLogin: false },
    { headers: CAPTCHA },
  );
  return reply.msgCode;
}

/** Signs the user in to a sub-platform through the BFF, which records it as a platform used. */
export async function usePlatform(request: APIRequestContext, clientId: string) {
  const res = await request.get(
    `/authentication?clientId=${clientId}&redirect=${encodeURIComponent('http://localhost/cb')}`,
    { maxRedirects: 0 },
  );
  expect(res.headers().location ?? '').toMatch(/^http:\/\/localhost\/cb\?code=/);
}
