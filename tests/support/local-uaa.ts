/**
 * The local UAA for tests: createTestUaa() for its own route tests (supertest, a hand-moved clock,
 * and the few journeys most tests start from: register → activate → log in), and startLocalUaa()
 * on a loopback port for the BFF's tests, which reach it over HTTP only.
 */
import { createServer } from 'node:http';
import express, { type Express } from 'express';
import request from 'supertest';
import { endpointForPath, ENDPOINTS } from '@shared/contract/endpoints';
import { isSuccess, LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import type { PasswordScene } from '@shared/crypto';
import { encryptPassword } from '@shared/crypto';
import { createLocalUaa, type LocalUaa, type LocalUaaOptions } from '@local-uaa/app';
import { DEMO_ADMIN } from '@local-uaa/seed';
import type { UserPatch } from '@local-uaa/store';
import { listen, shut } from './http';

export const PUBLIC_URL = 'http://localhost:8080';
export const START = Date.parse('2025-03-01T08:00:00Z');

/**
 * The app with every success reply checked against its endpoint's reply schema (shared/contract):
 * a reply the SPA would refuse fails the test that provoked it, with the schema's complaint.
 */
export function keepingToTheContract(app: Express): Express {
  const checked = express();
  checked.disable('x-powered-by');
  checked.use((req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const endpoint = endpointForPath(req.path);
      if (endpoint && isSuccess(body) && body.data !== undefined) {
        const result = endpoint.reply.safeParse(body.data);
        if (!result.success)
          throw new Error(`${req.path} answered outside the contract: ${result.error.message}`);
      }
      return json(body);
    };
    next();
  });
  checked.use(app);
  return checked;
}

export function createTestUaa(options: { dataFile?: string; start?: number } = {}) {
  let clock = options.start ?? START;
  const uaa = createLocalUaa({ publicUrl: PUBLIC_URL, dataFile: options.dataFile, now: () => clock });
  const http = request(keepingToTheContract(uaa.app));

  const t = {
    ...uaa,
    http,
    now: () => clock,
    advance(ms: number): void {
      clock += ms;
    },
    /** The browser's password envelope, made with the key this app hands out. */
    encrypt(password: string, scene: PasswordScene, atMs: number = clock): string {
      return encryptPassword(uaa.store.keyPair.publicKey, password, scene, atMs);
    },
    post(path: string, body?: unknown) {
      const req = http.post(path);
      return body === undefined ? req : req.send(body as object);
    },
    register(user: { username: string; email: string; password: string; source?: string }) {
      return t.post(ENDPOINTS.registerByEmail.path, {
        username: user.username,
        email: user.email,
        password: t.encrypt(user.password, 'register'),
        source: user.source,
      });
    },
    /** sign and token of the newest activation mail to this address. */
    activationFor(email: string): { sign: string; token: string; link: string } {
      const mail = uaa.outbox.list().findLast((m) => m.to === email && m.link);
      if (!mail?.link) throw new Error(`no activation mail to ${email}`);
      const url = new URL(mail.link);
      return {
        sign: url.searchParams.get('sign') ?? '',
        token: url.searchParams.get('token') ?? '',
        link: mail.link,
      };
    },
    async registerAndActivate(user: { username: string; email: string; password: string }) {
      const reply = await t.register(user);
      if (reply.body.msgCode !== '10000') throw new Error(`register failed: ${JSON.stringify(reply.body)}`);
      const { sign, token } = t.activationFor(user.email);
      await t.post(ENDPOINTS.registerActive.path, { sign, token });
      return reply.body.data.ssoUid as string;
    },
    login(account: string, password: string, opts: { autoLogin?: boolean; captcha?: string | null } = {}) {
      const req = http.post(ENDPOINTS.loginByAccount.path);
      const captcha = opts.captcha === undefined ? LOCAL_CAPTCHA_PASS : opts.captcha;
      if (captcha !== null) {
        req.set('captchaVerifyParam', captcha).set('sceneId', 'local').set('prefix', 'local');
      }
      return req.send({
        account,
        password: t.encrypt(password, 'login'),
        autoLogin: opts.autoLogin ?? false,
      });
    },
    async token(account: string, password: string, autoLogin = false): Promise<string> {
      const reply = await t.login(account, password, { autoLogin });
      if (reply.body.msgCode !== '10000') throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
      return reply.body.data.token as string;
    },
    authed(path: string, token: string, body: object = {}) {
      return http.post(path).set('Authorization', `Bearer ${token}`).send(body);
    },
    authedGet(path: string, token: string) {
      return http.get(path).set('Authorization', `Bearer ${token}`);
    },
    /** A session made in the store: for tests about something other than logging in (no scrypt). */
    sessionFor(ssoUid: string, autoLogin = false): string {
      return uaa.store.issueSession(ssoUid, { autoLogin }).token;
    },
    adminToken(): string {
      const admin = uaa.store.findUserByUsername(DEMO_ADMIN.username);
      if (!admin) throw new Error('no demo admin');
      return t.sessionFor(admin.ssoUid);
    },
    /** A user made in the store (active, no password unless given) and a session of theirs. */
    member(patch: UserPatch = {}) {
      const user = uaa.store.createUser(patch);
      return { user, token: t.sessionFor(user.ssoUid) };
    },
    /** The newest code sent to this phone or address. */
    codeFor(to: string): string {
      const message = uaa.outbox.list().findLast((m) => m.to === to && m.code);
      if (!message?.code) throw new Error(`no code sent to ${to}`);
      return message.code;
    },
    /** Sends with the local captcha headers. */
    withCaptcha(path: string, body: object) {
      return http
        .post(path)
        .set('captchaVerifyParam', LOCAL_CAPTCHA_PASS)
        .set('sceneId', 'local')
        .set('prefix', 'local')
        .send(body);
    },
  };
  return t;
}

export type TestUaa = ReturnType<typeof createTestUaa>;

export interface TestLocalUaa {
  uaa: LocalUaa;
  url: string;
  close(): Promise<void>;
}

/** The local UAA (the legacy contract, stateful) on a loopback port, quiet unless given a logger. */
export async function startLocalUaa(
  logger: LocalUaaOptions['logger'] = { info() {}, error() {} },
): Promise<TestLocalUaa> {
  const uaa = createLocalUaa({ publicUrl: 'http://localhost:8080', logger });
  const server = createServer(uaa.app);
  const url = await listen(server);
  return {
    uaa,
    url,
    close: async () => {
      await shut(server);
      await uaa.close();
    },
  };
}
