/**
 * The gateway's calls as security events: one table from the contract's endpoints to the event
 * each call is (logins, code sends, account changes, back-office writes, logout), read when the
 * answer is finished, from what the gateway left on the response (the UAA's msgCode and reply,
 * a token it issued, a rate-limit refusal). A call refused before the UAA saw it is an event too
 * (outcome failure, with the BFF's code, the reason or the rule that refused it); a request
 * refused before it was known as a call of the table, or a call the table has no event for, is a
 * `request_refused`.
 */
import type { Request, RequestHandler, Response } from 'express';
import parseurl from 'parseurl';
import { ENDPOINTS, type Endpoint, type EndpointName } from '@shared/contract/endpoints';
import { HEADERS, IFRAME_MARKER_VALUE } from '@shared/api/envelope';
import { refusalOf } from '../http-errors';
import { gatewayCallOf, type GatewayRequest } from '../proxy/gateway-call';
import { readSessionToken, type CookiePolicy } from '../session/cookie';
import { contextOf, outcomeOf, type EventInput, type RequestContext, type SecurityEvents } from './events';

type Body = Record<string, unknown>;
/** What the table says of one call: the event, from the request's body and the UAA's reply. */
type Describe = (body: Body, reply: Body | undefined) => Omit<EventInput, 'outcome' | 'code'>;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const ids = (value: unknown): string[] | undefined =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value.split(',').map((s) => s.trim())
      : undefined;
/** The names of the fields a write set (never their values: those may be personal or secret). */
const fieldsOf = (body: Body, leave: string[] = []) =>
  Object.keys(body)
    .filter((k) => !leave.includes(k))
    .sort();
const channelOf = (value: unknown) => (value === 'email' ? 'email' : 'sms');

const codeSend =
  (flow: string, channel: (b: Body) => string, target: (b: Body) => unknown): Describe =>
  (b) => ({ type: 'code_send', action: channel(b), target: str(target(b)), details: { flow } });
const account =
  (action: string, target?: (b: Body) => unknown, details?: (b: Body, r?: Body) => Body): Describe =>
  (b, r) => ({
    type: 'account_change',
    action,
    target: target ? str(target(b)) : undefined,
    ...(details ? { details: details(b, r) } : {}),
  });
const admin =
  (action: string, details: (b: Body, r?: Body) => Body, target?: (b: Body) => unknown): Describe =>
  (b, r) => ({
    type: 'admin_write',
    action,
    target: target ? str(target(b)) : undefined,
    details: details(b, r),
  });
const key = (action: string): Describe => account(action, undefined, (b) => ({ accessKeyId: str(b.ak) }));

/** The user id a login or registration reply names (the legacy reply carries it beside `data`). */
function replyUser(reply: Body | undefined): string | undefined {
  const data = reply?.data as Body | undefined;
  return str(reply?.ssouid) ?? str(data?.ssoUid) ?? str(data?.ssouid);
}

const TABLE: Partial<Record<EndpointName, Describe>> = {
  loginSmsCode: codeSend(
    'login',
    () => 'sms',
    (b) => b.phone,
  ),
  registerSmsCode: codeSend(
    'register',
    () => 'sms',
    (b) => b.phone,
  ),
  messageCode: codeSend(
    'verify',
    (b) => channelOf(b.message),
    (b) => b.item,
  ),
  passwordForget: codeSend(
    'reset-password',
    (b) => channelOf(b.type),
    (b) => b.item,
  ),

  loginByPhone: (b, r) => ({
    type: 'login',
    action: 'sms',
    target: str(b.phone),
    actor: replyUser(r),
    details: { clientId: str(b.clientId) },
  }),
  loginByAccount: (b, r) => ({
    type: 'login',
    action: 'password',
    target: str(b.account),
    actor: replyUser(r),
  }),
  loginOauth: (b, r) => ({ type: 'login', action: str(b.oauthFrom) ?? 'oauth', actor: replyUser(r) }),
  loginBind: account('third-party.bind', undefined, (b) => ({ provider: b.oauthFrom })),

  registerByPhone: (b, r) => ({
    type: 'account_change',
    action: 'register',
    target: str(b.phone),
    actor: replyUser(r),
  }),
  registerByEmail: (b, r) => ({
    type: 'account_change',
    action: 'register',
    target: str(b.email),
    actor: replyUser(r),
  }),
  registerActive: account('activate'),
  deactivate: account('cancel'),
  usernameSet: account('username.set'),
  infoUpdate: (b) => ({ type: 'account_change', action: b.username ? 'username.set' : 'nickname.set' }),
  mobileBind: account(
    'phone.bind',
    (b) => b.phone,
    (b) => ({ function: b.function }),
  ),
  emailBind: account(
    'email.bind',
    (b) => b.email,
    (b) => ({ function: b.function }),
  ),
  passwordUpdate: account('password.change', undefined, (b) => ({ function: b.function })),
  passwordReset: account('password.reset', (b) => b.item),
  credentialCreate: account('key.create', undefined, (_b, r) => ({
    accessKeyId: str((r?.data as Body | undefined)?.ak),
  })),
  credentialEnable: key('key.enable'),
  credentialDisable: key('key.disable'),
  // Spec §7: type 2 deletes the key; 1 or 0 disables it.
  credentialRevoke: (b, r) => key(Number(b.type) === 2 ? 'key.delete' : 'key.disable')(b, r),
  credentialSecret: key('key.secret-shown'),

  platformAdd: admin('platform.add', (b, r) => {
    const data = r?.data;
    const added = (Array.isArray(data) ? data : data ? [data] : []) as Body[];
    return { ids: added.map((p) => str(p.id)).filter(Boolean), fields: fieldsOf(b) };
  }),
  platformUpdate: admin('platform.update', (b) => ({ ids: [str(b.id)], fields: fieldsOf(b, ['id']) })),
  platformDelete: admin('platform.delete', (b) => ({ ids: ids(b.ids) })),
  platformReset: admin('platform.secret-reset', (b) => ({ ids: ids(b.ids) })),
  // The detail carries the client secret: who saw it is part of the trail.
  platformDetail: admin('platform.secret-shown', (b) => ({ ids: [str(b.id)].filter(Boolean) })),
  uploadFile: admin('platform.logo-upload', () => ({})),
  internalUserCreate: admin(
    'user.create',
    (b, r) => ({
      ids: [replyUser(r)].filter(Boolean),
      status: b.status,
      roleIds: b.roleIds,
      fields: fieldsOf(b, ['password']),
    }),
    (b) => str(b.email) ?? b.phone,
  ),
  internalUserUpdate: admin(
    'user.update',
    (b) => ({ ids: [str(b.ssoUid)], status: b.status, roleIds: b.roleIds, fields: fieldsOf(b, ['ssoUid']) }),
    (b) => str(b.email) ?? b.phone,
  ),
  internalUserDelete: admin('user.delete', (b) => ({ ids: ids(b.ssoUids) })),
  logoutAll: () => ({ type: 'session_end', action: 'logout' }),
};

const NAMES = new Map<Endpoint, EndpointName>(
  (Object.entries(ENDPOINTS) as [EndpointName, Endpoint][]).map(([name, endpoint]) => [endpoint, name]),
);

/**
 * The rate limits' say on a request, from what the limiter left on the response: the rule that
 * refused it, and each shadow rule that would have (the request went on). For gateway calls and
 * the documents that call the UAA alike.
 */
export function emitRateLimitEvents(
  events: SecurityEvents,
  context: RequestContext,
  res: Response,
  token: string | undefined,
  path: string,
): void {
  const refusal = res.locals.rateLimit;
  if (refusal)
    events.emit(context, {
      type: 'rate_limited',
      action: refusal.reason,
      outcome: 'failure',
      code: refusal.reason === 'store-down' ? 'B0300' : 'A0301',
      token,
      details: { rule: refusal.rule, path },
    });
  for (const rule of res.locals.rateLimitShadow ?? [])
    events.emit(context, {
      type: 'rate_limited',
      action: 'shadow',
      outcome: 'success',
      token,
      details: { rule, path, shadow: true },
    });
}

/**
 * A request the BFF itself refused with a 4xx (a guard, never the UAA: CSRF, path, contract, body,
 * access) as the event `request_refused`, with the refusal's code, reason and facts, and the path
 * it was asked on. A rate-limit refusal has its own event (above).
 */
function emitRefusal(
  events: SecurityEvents,
  context: RequestContext,
  res: Response,
  token: string | undefined,
  path: string,
): void {
  const refusal = refusalOf(res);
  if (!refusal || res.statusCode < 400 || res.statusCode >= 500) return;
  if (res.locals.upstreamDispatched || res.locals.rateLimit) return;
  events.emit(context, {
    type: 'request_refused',
    outcome: 'failure',
    code: refusal.code,
    token,
    details: { reason: refusal.reason, path, ...refusal.details },
  });
}

/** The path a request was asked on, as the browser sent it (never its query). */
const askedPath = (req: Request) => parseurl.original(req)?.pathname ?? req.path;

/** The refusals of a route outside the gateways (the dev pages' CSRF guard, /metrics), each an event. */
export function refusalEvents(events: SecurityEvents, cookie: CookiePolicy): RequestHandler {
  return (req, res, next) => {
    const token = readSessionToken(req, cookie);
    const context = contextOf(req);
    const path = askedPath(req);
    res.once('finish', () => emitRefusal(events, context, res, token, path));
    next();
  };
}

/** The finish hook of the gateway mounts: the call's event, a refusal's, a session's end. */
export function gatewayEvents(events: SecurityEvents, cookie: CookiePolicy): RequestHandler {
  return (req, res, next) => {
    // Read before the gateway moves a token: the session the call ran under; and who asked, from
    // where, while the request's socket is there to say.
    const token = readSessionToken(req, cookie);
    const context = contextOf(req);
    const path = askedPath(req);
    let written = false;
    const write = (hungUp: boolean) => {
      if (written) return;
      written = true;
      try {
        onFinish(events, req, res, token, context, path, hungUp);
      } catch (err) {
        console.error(`security event not written: ${(err as Error).message}`);
      }
    };
    res.once('finish', () => write(false));
    // A browser that hangs up once the UAA has the call leaves an event all the same: the change
    // may well be made (a password, a deleted user), and the trail must say it was asked for.
    res.once('close', () => {
      if (!res.writableFinished && res.locals.upstreamDispatched) write(true);
    });
    next();
  };
}

function onFinish(
  events: SecurityEvents,
  req: Request,
  res: Response,
  token: string | undefined,
  context: RequestContext,
  path: string,
  hungUp: boolean,
): void {
  const call = gatewayCallOf(req);
  // Refused before it was known as a call of the table (path, CSRF, an unknown call, a method).
  if (!call) return emitRefusal(events, context, res, token, path);
  const name = NAMES.get(call.endpoint);
  const reply = res.locals.upstreamReply;
  const issued = res.locals.issuedToken;
  const limited = res.locals.rateLimit;
  const refusal = refusalOf(res);
  const userId = str((reply?.data as Body | undefined)?.ssoUid);
  // The user info the SPA reads on every page says whose session this is.
  if (name === 'userInfo' && token && userId && res.locals.upstreamMsgCode === '10000')
    events.learnUser(token, userId);

  emitRateLimitEvents(events, context, res, token, call.rulePath);

  const describe = name ? TABLE[name] : undefined;
  if (describe) {
    // What the contract took, never a refused body's (its fields may hold a code or a password).
    const body: Body = (req as GatewayRequest).checkedBody ?? {};
    const described = describe(body, reply);
    const { outcome, code } = hungUp
      ? { outcome: 'unknown' as const, code: 'CLIENT_CLOSED' }
      : outcomeOf(res);
    const actor = described.actor ?? undefined;
    if (issued && actor && outcome === 'success') events.learnUser(issued, actor);
    events.emit(context, {
      ...described,
      outcome,
      code,
      token: issued ?? token,
      details: {
        ...described.details,
        ...(limited ? { refusedBy: limited.rule } : {}),
        ...(refusal?.reason ? { reason: refusal.reason, ...refusal.details } : {}),
        ...(described.type === 'login' && req.headers[HEADERS.iframe] === IFRAME_MARKER_VALUE
          ? { embedded: true }
          : {}),
      },
    });
  } else emitRefusal(events, context, res, token, call.rulePath);
  // The UAA refused the session: it has ended, whatever the call was.
  if (res.statusCode === 401 && token)
    events.emit(context, { type: 'session_end', action: 'expired', outcome: 'success', token });
}
