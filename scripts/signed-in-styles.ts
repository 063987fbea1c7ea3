// The critical CSS of the signed-in pages (issue 39). The BFF renders them per request
// (bff/documents/server-render.ts), so the build cannot inline what each needs as it does for the
// prerendered pages (scripts/prerender.ts); it renders each page of the preload table
// (route-preloads.json: `/usercenter`, `/usercenter?tab=keys`, `/admin/user`...) as a member with
// every field set and as one with none, with its list of many pages, of one and empty, in both
// languages and each device class, side by side in one document, and keeps the rules beasties
// finds that any of them uses (PurgeCSS then drops the custom properties none reads, ADR 0009). The BFF inlines a page's CSS and links its stylesheets at the body's end
// (bff/documents/document.ts): the first paint waits for the document alone, not for 40-250 KB of
// stylesheets one more round trip away. A rule a live page uses that no sample does shows when the
// stylesheets arrive, a moment later; tests/e2e/signed-in-pages-arrive-rendered.spec.ts compares
// the pages with the inline CSS alone and with their stylesheets.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FirstList, FirstScreen } from '@shared/api/first-screen';
import { listPagingOf } from '@shared/api/list-address';
import { BACK_OFFICE, backOfficeListAt, type BackOfficeName } from '@shared/back-office';
import type { InternalUser, Platform, Role } from '@shared/contract/admin';
import { BACK_OFFICE_MODULES } from '@shared/contract/modules';
import { DEVICE_AGENTS, DEVICE_CLASSES } from '@shared/device';
import {
  DEVICE_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  PRERENDER_CONFIG,
  PRERENDER_DIR,
  SIGNED_IN_ATTRIBUTE,
  SIGNED_IN_STYLES,
  TEMPLATE_SLOTS,
} from '@shared/documents';
import { LOCALES } from '@shared/i18n/locale';
import { FLOW_PARAM, ROUTES, TAB_PARAM } from '@shared/routes';
import { OPERATIONS, SECTIONS } from '../client/features/account/routes/usercenter/status';
import { withoutUnusedProperties, type DocumentTools } from './prerender';

const CREATED = '2026-01-01T08:00:00Z';
/** The paging of an address that names none, which the page's first render asks for. */
const PAGING = listPagingOf(new URLSearchParams());

/** A member with every field the pages show set, and one with none (the "Not set" rows). */
const MEMBERS: NonNullable<FirstScreen['userInfo']>[] = [
  {
    ssoUid: 'sample-uid',
    username: 'sample_member',
    phone: '13800138000',
    email: 'sample.member@example.com',
    githubAccount: 'sample-member',
    wechat: 'wx-sample',
    wechatName: 'Sample',
    nickname: 'Sample member',
  },
  {
    ssoUid: 'sample-uid-2',
    username: null,
    phone: null,
    email: null,
    githubAccount: null,
    wechat: null,
    wechatName: null,
    nickname: '',
  },
];

/** A page of rows as each back-office list's reply holds it: its rows' field and its total's. */
function backOfficePage(
  rows: readonly unknown[],
  total: number,
  [rowsField, totalField]: readonly [string, string],
) {
  return { [rowsField]: rows, [totalField]: total };
}

/**
 * Each list a page opens on, with rows in every state: the first of so many pages that the pager
 * folds the middle ones into "…" (in CI's back office; its own size and icon), one page of a few
 * (the next page's arrow live), the only page (both arrows off), and none (the empty state).
 */
function listsFor(name: FirstList['name']): FirstList[] {
  if (name === 'credentials') {
    const rows = (['ENABLED', 'DISABLED'] as const).map((status, i) => ({
      ak: `sample-ak-${i}`,
      sk: 'abcd****************yz',
      type: 'USER' as const,
      status,
      description: i ? '' : 'A sample key',
      createDate: CREATED,
    }));
    return [
      { name, data: rows },
      { name, data: [] },
    ];
  }
  const { rows: rowsField, total: totalField } = BACK_OFFICE[name].list;
  const rows: readonly unknown[] = SAMPLE_ROWS[name];
  return [1000, 42, rows.length, 0].map(
    (total) =>
      ({
        name,
        paging: PAGING,
        data: backOfficePage(total ? rows : [], total, [rowsField, totalField]),
      }) as FirstList,
  );
}

/** A few rows of each back-office list, every field set in the first and none in the second. */
const SAMPLE_ROWS = {
  users: (['ACTIVE', 'DISABLED'] as const).map((status, i) => ({
    ssoUid: `sample-user-${i}`,
    username: i ? null : 'sample_user',
    email: i ? null : 'sample.user@example.com',
    phone: i ? null : '13800138000',
    githubAccount: i ? null : 'sample-user',
    createBy: i ? '' : 'sample-platform',
    platforms: i ? [] : ['sample-platform'],
    roles: i ? [] : [{ roleId: 1, roleName: 'Administrator' }],
    status,
    description: i ? '' : 'A sample user',
    createTime: CREATED,
  })),
  platforms: [0, 1].map((i) => ({
    id: `sample-platform-${i}`,
    displayName: 'Sample platform',
    createTime: CREATED,
    homePageUrl: i ? '' : 'https://platform.example/',
    callback: i ? '' : 'https://platform.example/callback',
    logoutUrl: 'https://platform.example/logout',
    logo: '',
    description: i ? '' : 'A sample platform',
    clientId: `sample-client-${i}`,
  })),
  roles: [
    { roleId: 1, roleName: 'Administrator', resName: BACK_OFFICE_MODULES.join(','), roleDesc: 'All' },
    { roleId: 2, roleName: 'Viewer', resName: '', roleDesc: '' },
  ],
} satisfies Record<BackOfficeName, unknown[]> & {
  users: InternalUser[];
  platforms: Platform[];
  roles: Role[];
};

/** The first screens a page of the preload table (`/usercenter?tab=keys`) is rendered with. */
function firstScreensOf(route: string): FirstScreen[] {
  const [pagePath = route, query] = route.split('?');
  const tab = new URLSearchParams(query).get(TAB_PARAM);
  const backOffice = backOfficeListAt(pagePath);
  const lists: (FirstList | undefined)[] = backOffice
    ? listsFor(backOffice)
    : tab === 'keys'
      ? listsFor('credentials')
      : [undefined];
  const modules = pagePath.startsWith(ROUTES.admin) ? { modules: [...BACK_OFFICE_MODULES] } : {};
  return MEMBERS.flatMap((userInfo) =>
    lists.map((list) => ({ authenticated: true, userInfo, ...modules, ...(list && { list }) })),
  );
}

/**
 * The addresses a route of the preload table stands for: `/usercenter` for its tabs without a
 * route of their own and each change flow it may open on.
 */
function addressesOf(route: string, routes: readonly string[]): string[] {
  if (route !== ROUTES.usercenter) return [route];
  const tabs = SECTIONS.filter((tab) => !routes.includes(`${route}?${TAB_PARAM}=${tab}`));
  return [
    ...tabs.map((tab) => `${route}?${TAB_PARAM}=${tab}`),
    ...OPERATIONS.map((operation) => `${route}?${FLOW_PARAM}=${operation}`),
  ];
}

/** The renders a route's critical CSS is cut from: each address it stands for with each first screen. */
export function samplesOf(route: string, routes: readonly string[]) {
  return addressesOf(route, routes).flatMap((address) =>
    firstScreensOf(route).map((firstScreen) => ({ address, firstScreen })),
  );
}

/**
 * Writes SIGNED_IN_STYLES in PRERENDER_DIR: each route of `routes` (the preload table, whose
 * stylesheets the BFF links for it) with its critical CSS.
 */
export async function signedInStyles({
  clientDist,
  tools: { renderer, template, beasties },
  routes,
}: {
  clientDist: string;
  tools: DocumentTools;
  /** Each route and the files of its chunks. */
  routes: Record<string, string[]>;
}) {
  const started = Date.now();
  const outDir = path.join(clientDist, PRERENDER_DIR);
  const styles: Record<string, string> = {};
  const sizes: string[] = [];
  const names = Object.keys(routes);
  for (const route of names) {
    // Keyed by their elements and attributes: renders that differ only in their text (the other
    // language, another sample's values) match the same rules, and beasties reads each once.
    const markups = new Map<string, string>();
    for (const { address, firstScreen } of samplesOf(route, names))
      for (const locale of LOCALES)
        for (const device of DEVICE_CLASSES) {
          const html = await renderer.render({
            url: new URL(address, 'https://render.invalid'),
            locale,
            timeZone: 'Asia/Shanghai',
            userAgent: DEVICE_AGENTS[device],
            config: PRERENDER_CONFIG,
            firstScreen,
          });
          if (html !== undefined)
            markups.set(
              `${device} ${html.replace(/>[^<]+</g, '><')}`,
              // Each in a root as the BFF sends it (a rule may read its attributes, `#root > x` its
              // children): ids repeat, which beasties' selector matching takes.
              `<div id="root" ${PRERENDERED_ATTRIBUTE}="${locale}" ${DEVICE_ATTRIBUTE}="${device}" ${SIGNED_IN_ATTRIBUTE}="">${html}</div>`,
            );
        }
    // A route that only goes elsewhere (`/admin`, to its first module) has no page to style.
    if (!markups.size) continue;
    const links = (routes[route] ?? [])
      .filter((f) => f.endsWith('.css'))
      .map((href) => `<link href="${href}" rel="stylesheet">`)
      .join('');
    const composed = template
      .replace(TEMPLATE_SLOTS.headEnd, () => `${links}${TEMPLATE_SLOTS.headEnd}`)
      .replace(TEMPLATE_SLOTS.root, () => [...markups.values()].join(''));
    const processed = await withoutUnusedProperties(await beasties.process(composed));
    const css = /<style>([\s\S]*?)<\/style>/.exec(processed)?.[1];
    if (!css) throw new Error(`${route}: beasties kept no CSS`);
    styles[route] = css;
    sizes.push(`${route} ${Math.round(css.length / 1024)} KB`);
  }
  writeFileSync(path.join(outDir, SIGNED_IN_STYLES), `${JSON.stringify(styles)}\n`);
  console.log(`signed-in critical CSS: ${sizes.join(', ')} in ${Date.now() - started} ms`);
}
