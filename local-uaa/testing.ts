/**
 * Test helpers for the local UAA's route tests: an app on a hand-moved clock, and the few
 * journeys most tests start from (register → activate → log in).
 */
import request from 'supertest';
import { ENDPOINTS } from '@shared/api/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import type { PasswordScene } from '@shared/api/types';
import { encryptPassword } from '@shared/crypto';
import { createLocalUaa } from './app';

export const PUBLIC_URL = 'http://localhost:8080';
export const START = Date.parse('2025-03-01T08:00:00Z');

export function createTestUaa(options: { dataFile?: string; start?: number } = {}) {
  let clock = options.start ?? START;
  const uaa = createLocalUaa({ publicUrl: PUBLIC_URL, dataFile: options.dataFile, now: () => clock });
  const http = request(uaa.app);

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
  };
  return t;
}

export type TestUaa = ReturnType<typeof createTestUaa>;
