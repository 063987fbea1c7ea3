/**
 * Setting up journeys through the BFF, as the SPA would call it: accounts, logins, codes and
 * mails from the local UAA's outbox, the location switch; and built servers a spec starts itself.
 */
import { spawn } from 'node:child_process';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from './e2e-fixtures';
import type { OutboxMessage } from '../../shared/api/dev-paths';
import { encryptPassword } from '../../shared/crypto';

export const API = '/gw/uaa-be/api/v1';
export const CAPTCHA = { captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' };

export interface Reply {
  msgCode: string;
  msg: string;
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

export async function api(
  request: APIRequestContext,
  path: string,
  data: unknown = {},
  opts: { lang?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await request.post(`${API}${path}`, {
    data,
    headers: { 'X-CSRF': '1', lang: opts.lang ?? 'en-US', ...opts.headers },
  });
  return (await res.json()) as Reply;
}

export async function encrypted(
  request: APIRequestContext,
  password: string,
  scene: 'login' | 'register' | 'resetPassword',
) {
  const reply = await api(request, '/cipher/getPubKey');
  return encryptPassword(String(reply.data?.pubKey), password, scene);
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** A fresh mainland phone number (13x…). */
export function newPhone(): string {
  return `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** What the local UAA "sent" to an address so far, oldest first. */
async function messagesTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get('/__dev/outbox', { headers: { Accept: 'application/json' } });
  return ((await res.json()) as OutboxMessage[]).filter((m) => m.to === to);
}

/**
 * The code of the next message to `to`: runs `send` (which makes the product send it) and waits
 * for a message newer than those already there, so an older code is never picked up.
 */
export async function codeSentTo(
  request: APIRequestContext,
  to: string,
  send: () => Promise<unknown>,
): Promise<string> {
  const before = (await messagesTo(request, to)).length;
  await send();
  let messages: OutboxMessage[] = [];
  await expect
    .poll(async () => (messages = await messagesTo(request, to)).length, { timeout: 5000 })
    .toBeGreaterThan(before);
  const code = messages.at(-1)?.code;
  expect(code, `a code was sent to ${to}`).toMatch(/^\d{6}$/);
  return code!;
}

/** The newest message the local UAA "sent" to an address, waited for (it may still be on its way). */
export async function lastMessageTo(request: APIRequestContext, to: string): Promise<OutboxMessage> {
  let messages: OutboxMessage[] = [];
  await expect
    .poll(async () => (messages = await messagesTo(request, to)).length, {
      message: `a message to ${to}`,
      timeout: 5000,
    })
    .toBeGreaterThan(0);
  return messages.at(-1)!;
}

/** Everything the page's JavaScript can read where a token might hide. */
export async function jsReadableStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k) ?? ''}`);
    return [document.cookie, ...dump(localStorage), ...dump(sessionStorage)].join('\n');
  });
}

/** Registers a phone account (active at once) and returns its credentials. */
export async function registerPhoneUser(request: APIRequestContext, opts: { username?: string } = {}) {
  const phone = newPhone();
  const username = opts.username ?? `user-${uniqueSuffix()}`;
  const password = 'Phone12345';
  const code = await codeSentTo(request, phone, async () =>
    expect((await api(request, '/register/getSmsCode', { phone })).msgCode).toBe('10000'),
  );
  const reply = await api(request, '/register/byPhone', {
    username,
    phone,
    code,
    password: await encrypted(request, password, 'register'),
  });
  expect(reply.msgCode, reply.msg).toBe('10000');
  return { phone, username, password };
}

/** Logs the page's browser context in through the BFF (the cookie lands in the context). */
export async function loginByApi(page: Page, account: string, password: string): Promise<void> {
  const reply = await api(
    page.request,
    '/login/byAccount',
    { account, password: await encrypted(page.request, password, 'login'), autoLogin: false },
    { headers: CAPTCHA },
  );
  expect(reply.msgCode, reply.msg).toBe('10000');
}

/** The local UAA's location switch (served through the BFF in demo mode). */
export async function setLocation(
  request: APIRequestContext,
  location: { overseas: boolean; city: string } | null,
) {
  const res = location
    ? await request.post('/__dev/location', { data: location, headers: { 'X-CSRF': '1' } })
    : await request.delete('/__dev/location', { headers: { 'X-CSRF': '1' } });
  expect(res.ok()).toBe(true);
}

/**
 * Creates an active phone account through the back office, as the demo admin, in a separate
 * request context: no SMS is sent, so the next code to that phone is not held back by the
 * one-code-per-60-s rule. The account has no username (log in with the phone); `email` binds an
 * e-mail too.
 */
export async function createPhoneUser(baseURL: string, opts: { email?: string } = {}) {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await api(
      admin,
      '/login/byAccount',
      { account: 'admin', password: await encrypted(admin, 'Admin12345', 'login'), autoLogin: false },
      { headers: CAPTCHA },
    );
    expect(login.msgCode, login.msg).toBe('10000');
    const phone = newPhone();
    const password = 'Admin1234x';
    const created = await api(admin, '/user/admin/internal/create', {
      phone,
      ...(opts.email ? { email: opts.email } : {}),
      password: await encrypted(admin, password, 'register'),
      source: 'default',
      status: 'ACTIVE',
      description: '',
      roleIds: [],
    });
    expect(created.msgCode, created.msg).toBe('10000');
    return { phone, password };
  } finally {
    await admin.dispose();
  }
}

export interface NodeServer {
  /** Resolves once the server's output says it is ready; rejects (with its output) if it never does. */
  ready: Promise<void>;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a built server (`node <script>`) with exactly this environment. It is ready once its
 * output says `ready` (a line it prints after binding its port, so a server that found the port
 * taken never passes for ready); if it exits or stays silent first, it is stopped. Keep it for
 * stop() before awaiting `ready`, so that a failing start is cleaned up too. It is also killed
 * if the test worker exits without stopping it.
 */
export function startNodeServer(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 20_000,
): NodeServer {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  let output = '';
  let timer: NodeJS.Timeout | undefined;
  const started = new Promise<boolean>((resolve) => {
    // Read on after start too: a full pipe would stall the server.
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
      if (ready.test(output)) resolve(true);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    void exited.then(() => resolve(false));
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const whenReady = started.then(async (ok) => {
    clearTimeout(timer);
    if (ok) return;
    await stop();
    throw new Error(`${script} did not start (no ${ready} in its output):\n${output}`);
  });
  return { ready: whenReady, stop };
}

/** A new phone account (createPhoneUser), with the page's browser context logged in as it. */
export async function signInAsNewUser(page: Page, baseURL: string) {
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  return user;
}
