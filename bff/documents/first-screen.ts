/**
 * A signed-in page's first screen (issue 17), fetched with the session the BFF holds while it
 * serves the document: the user's info, the modules the user may open (the back office's menu,
 * the user centre's link to it), and the first page of the list the page opens on. Without the
 * user info in time nothing is inlined, nor on the back office without the modules; without the
 * list (or, on the user centre, the modules) the rest is. The SPA fetches what is missing and revalidates the
 * rest, so a session the UAA refuses still ends on the login page.
 */
import type { Request } from 'express';
import { z } from 'zod/mini';
import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOfficeName } from '@shared/back-office';
import type { BackOfficeModule } from '@shared/contract/admin';
import { credential } from '@shared/contract/credential';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { isSuccess } from '@shared/api/envelope';
import {
  FIRST_LISTS,
  firstListOf,
  type FirstList,
  type FirstListName,
  type FirstScreen,
  isBackOffice,
  wantsFirstScreen,
} from '@shared/api/first-screen';
import { LIST_PAGE_SIZE, type ListPaging } from '@shared/api/list-address';
import { takeAt } from '../session/reply-token';
import { callWithSession, type SessionCallTarget } from '../upstream/session-call';

/** Longer and the document waits more than the round trip it saves. */
export const FIRST_SCREEN_TIMEOUT_MS = 1500;

/** A reply larger than this is no first screen (a user, their modules, 12 rows): it is not inlined. */
export const FIRST_REPLY_MAX_BYTES = 64 * 1024;

const rows = <T extends z.ZodMiniType>(row: T, size: number) => z.array(row).check(z.maxLength(size));
/** Spec §7: a listed key's sk is masked (its first 4 characters, 16 stars, its last 2). */
const MASKED_SK = /^.{4}\*{16}.{2}$/s;

/**
 * What a document may hold of a back-office list (shared/back-office.ts): its call's reply with a
 * page of rows at most, each with the contract's fields only.
 */
function inlinedList(name: BackOfficeName): (size: number) => z.ZodMiniType {
  const { endpoint, rows: rowsKey, total } = BACK_OFFICE[name].list;
  const reply = ENDPOINTS[endpoint].reply as z.ZodMiniObject;
  const row = (reply.shape[rowsKey] as z.ZodMiniArray<z.ZodMiniObject>).def.element;
  return (size) => z.object({ [rowsKey]: rows(z.object(row.shape), size), [total]: z.number() });
}

/** What a document may hold of a list: a page of rows at most, the contract's fields, no sk in clear. */
const INLINED: Record<FirstListName, (size: number) => z.ZodMiniType> = {
  ...(Object.fromEntries(BACK_OFFICE_NAMES.map((name) => [name, inlinedList(name)])) as Record<
    BackOfficeName,
    (size: number) => z.ZodMiniType
  >),
  credentials: (size) =>
    rows(z.object({ ...credential.shape, sk: z.string().check(z.regex(MASKED_SK)) }), size),
};

export interface FirstScreenDeps extends SessionCallTarget {
  /** TOKEN_JSON_PATHS: removed before inlining. */
  tokenJsonPaths: readonly string[];
  /** A session token the UAA answered 401 for. */
  onRefusedToken?: (req: Request, token: string) => void;
  /** Whose session a token is, as its user info said (the gateway's account check reads it). */
  onUser?: (token: string, userId: string) => void;
  /** The rate limits' verdict on each call after the first, which app.ts counted with the document. */
  admit?: (req: Request, endpoint: Endpoint) => Promise<boolean>;
  timeoutMs?: number;
}

/** One page load's calls: its session, its deadline, and the browser's hang-up, which ends them. */
interface PageLoad {
  req: Request;
  token: string;
  deadline: number;
  abort?: AbortController;
  /** The UAA calls made so far. */
  calls: number;
}

/** Loads the first screen of `req` for `token`; `abort` (the browser hung up) ends its calls. */
export function createFirstScreenLoader(deps: FirstScreenDeps) {
  const timeoutMs = deps.timeoutMs ?? FIRST_SCREEN_TIMEOUT_MS;

  async function post(load: PageLoad, endpoint: Endpoint, payload: unknown): Promise<unknown> {
    // The first call was counted with the document; each further one counts on its own.
    if (load.calls > 0 && deps.admit && !(await deps.admit(load.req, endpoint))) return undefined;
    // One deadline for the page, not one per call: the back office's calls and their counting share it.
    const left = load.deadline - Date.now();
    if (left <= 0) return undefined;
    load.calls += 1;
    const { status, body } = await callWithSession(deps, load.req, load.token, endpoint, payload, {
      timeoutMs: left,
      abort: load.abort,
      maxBytes: FIRST_REPLY_MAX_BYTES,
    });
    if (status === 401) deps.onRefusedToken?.(load.req, load.token);
    if (status !== 200) return undefined;
    // As the gateway does for every reply: a token never reaches the page.
    for (const dotted of ['token', ...deps.tokenJsonPaths]) takeAt(body, dotted);
    return isSuccess(body) ? body.data : undefined;
  }

  /** A list's page as the document may hold it; undefined when it cannot be had in time. */
  async function firstList(
    load: PageLoad,
    { name, paging }: { name: FirstListName; paging?: ListPaging },
    ssoUid: string,
  ): Promise<FirstList | undefined> {
    const { endpoint, payload } = FIRST_LISTS[name];
    // The keys tab's list is not paged: one page of the default size at most.
    const { size } = paging ?? { size: LIST_PAGE_SIZE };
    const asked = payload(paging ?? { page: 1, size });
    const body = name === 'credentials' ? { ...asked, sso_uid: ssoUid } : asked;
    try {
      const data = await post(load, ENDPOINTS[endpoint], body);
      const checked = INLINED[name](size).safeParse(data);
      // Checked as the SPA checks the reply too; past the deadline the document waited enough.
      if (!checked.success || !ENDPOINTS[endpoint].reply.safeParse(checked.data).success) return undefined;
      return Date.now() <= load.deadline
        ? ({ name, ...(paging && { paging }), data: checked.data } as FirstList)
        : undefined;
    } catch {
      return undefined;
    }
  }

  return async function loadFirstScreen(
    req: Request,
    token: string,
    abort?: AbortController,
  ): Promise<FirstScreen | undefined> {
    if (!wantsFirstScreen(req.path)) return undefined;
    const load: PageLoad = { req, token, deadline: Date.now() + timeoutMs, abort, calls: 0 };
    try {
      // Each as the SPA would take it from its own call: a reply that does not fit is none.
      const userInfo = ENDPOINTS.userInfo.reply.safeParse(await post(load, ENDPOINTS.userInfo, {})).data;
      if (typeof userInfo?.ssoUid !== 'string') return undefined;
      deps.onUser?.(token, userInfo.ssoUid);
      const askModules = async () =>
        ENDPOINTS.userResList.reply.safeParse(
          await post(load, ENDPOINTS.userResList, { userId: userInfo.ssoUid }),
        ).data;
      const listAsked = firstListOf(req.path, new URL(req.originalUrl, 'http://page').searchParams);
      let modules: BackOfficeModule[] | undefined;
      let list: FirstList | undefined;
      if (isBackOffice(req.path)) {
        modules = await askModules();
        if (!modules) return undefined;
        // A back-office list only of a module the user may open: the page shows no permission otherwise.
        const module = listAsked && FIRST_LISTS[listAsked.name].module;
        if (listAsked && (!module || modules.includes(module)))
          list = await firstList(load, listAsked, userInfo.ssoUid);
      } else {
        // The user centre's header links to the back office when the user may open a module
        // (issue 40): with the modules in the page, the link is drawn with it and nothing in the
        // header moves when the app takes over (issue 39). Without them the app asks, as before.
        [modules, list] = await Promise.all([
          askModules(),
          listAsked ? firstList(load, listAsked, userInfo.ssoUid) : undefined,
        ]);
      }
      return { authenticated: true, userInfo, ...(modules && { modules }), ...(list && { list }) };
    } catch {
      // Unreachable, slow or unreadable: the SPA asks itself, and reports what it gets.
      return undefined;
    }
  };
}
