/**
 * The first screen's data of a signed-in page (issue 17), fetched from the UAA with the session
 * the BFF already holds while it serves the document: the user's info on the user centre and the
 * back office, on the back office the modules the user may open, and the first page of the list a
 * page opens on (the back office's three lists, the user centre's keys tab). Without the user
 * info or the modules within a short deadline nothing is inlined; without the list the rest is.
 * The SPA asks for whatever is missing as before, and revalidates what it got: a session the UAA
 * refuses (401) still ends on the login page.
 */
import type { Request } from 'express';
import type { BackOfficeModule } from '@shared/contract/admin';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { isSuccess } from '@shared/api/envelope';
import {
  FIRST_LISTS,
  firstListOf,
  type FirstList,
  type FirstListName,
  type FirstScreen,
} from '@shared/api/first-screen';
import type { UserInfo } from '@shared/contract/personal';
import { ROUTES } from '@shared/routes';
import { sessionCallHeaders, type UpstreamClient } from '../upstream/client';

/** Longer and the document waits more than the round trip it saves. */
export const FIRST_SCREEN_TIMEOUT_MS = 1500;

export interface FirstScreenDeps {
  client: UpstreamClient;
  upstream: string;
  /** The reply paths where the UAA may put a token (TOKEN_JSON_PATHS): removed before inlining. */
  tokenJsonPaths: readonly string[];
  timeoutMs?: number;
}

const isBackOffice = (path: string) => path === ROUTES.admin || path.startsWith(`${ROUTES.admin}/`);

/** Whether a page's first screen shows the user (the user centre and the back office). */
export function wantsFirstScreen(path: string): boolean {
  return path === ROUTES.usercenter || isBackOffice(path);
}

function withoutAt(value: unknown, dotted: string): void {
  const keys = dotted.split('.');
  const last = keys.pop() as string;
  let node = value;
  for (const key of keys) node = (node as Record<string, unknown> | null)?.[key];
  if (node && typeof node === 'object') delete (node as Record<string, unknown>)[last];
}

/** Loads the first screen of `req` for the session `token`; undefined when it cannot be inlined. */
export function createFirstScreenLoader(deps: FirstScreenDeps) {
  const timeoutMs = deps.timeoutMs ?? FIRST_SCREEN_TIMEOUT_MS;

  async function post(
    req: Request,
    token: string,
    path: string,
    payload: unknown,
    deadline: number,
  ): Promise<unknown> {
    // One deadline for the page, not one per call: the back office's two calls share it.
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    const reply = await deps.client.call({
      method: 'POST',
      url: `${deps.upstream}${path}`,
      headers: sessionCallHeaders(req, token),
      body: JSON.stringify(payload),
      timeoutMs: left,
    });
    if (reply.status !== 200) {
      reply.done();
      return undefined;
    }
    const body: unknown = JSON.parse((await reply.bytes()).toString('utf8'));
    // As the gateway does for every reply: a token never reaches the page.
    for (const dotted of ['token', ...deps.tokenJsonPaths]) withoutAt(body, dotted);
    return isSuccess(body) ? body.data : undefined;
  }

  /** A list's first page, checked as the SPA checks its reply; undefined when it cannot be had. */
  async function firstList(
    req: Request,
    token: string,
    name: FirstListName,
    ssoUid: string,
    deadline: number,
  ): Promise<FirstList | undefined> {
    const { endpoint, payload } = FIRST_LISTS[name];
    const body = name === 'credentials' ? { ...payload, sso_uid: ssoUid } : payload;
    try {
      const data = await post(req, token, ENDPOINTS[endpoint].path, body, deadline);
      const checked = ENDPOINTS[endpoint].reply.safeParse(data);
      return checked.success ? ({ name, data: checked.data } as FirstList) : undefined;
    } catch {
      return undefined;
    }
  }

  return async function load(req: Request, token: string): Promise<FirstScreen | undefined> {
    if (!wantsFirstScreen(req.path)) return undefined;
    const deadline = Date.now() + timeoutMs;
    try {
      const userInfo = (await post(req, token, ENDPOINTS.userInfo.path, {}, deadline)) as
        UserInfo | undefined;
      if (!userInfo || typeof userInfo.ssoUid !== 'string') return undefined;
      const listName = firstListOf(req.path, req.query.tab);
      // The modules and the list side by side, within what is left of the page's deadline.
      const [modules, list] = await Promise.all([
        isBackOffice(req.path)
          ? post(req, token, ENDPOINTS.userResList.path, { userId: userInfo.ssoUid }, deadline)
          : undefined,
        listName ? firstList(req, token, listName, userInfo.ssoUid, deadline) : undefined,
      ]);
      const withList = list ? { list } : {};
      if (!isBackOffice(req.path)) return { authenticated: true, userInfo, ...withList };
      return Array.isArray(modules)
        ? { authenticated: true, userInfo, modules: modules as BackOfficeModule[], ...withList }
        : undefined;
    } catch {
      // Unreachable, slow or unreadable: the SPA asks itself, and reports what it gets.
      return undefined;
    }
  };
}
