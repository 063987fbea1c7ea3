import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { PLATFORM_KEYS } from '@shared/platforms';
import { hashPassword, verifyPassword } from './passwords';
import { SAVE_DELAY_MS } from './persistence';
import { DEMO_ADMIN, ROLE_IDS } from './seed';
import { createStore, NICKNAME_PREFIX } from './store';
import { createTestUaa } from '@tests/support/local-uaa';

const carol = { username: 'carol', email: 'carol@example.org', password: 'Passw0rd!' };

describe('data file', () => {
  let dir: string;
  let dataFile: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'local-uaa-'));
    dataFile = join(dir, 'nested', 'uaa.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps users and sessions across two app instances', async () => {
    const first = createTestUaa({ dataFile });
    const ssoUid = await first.registerAndActivate(carol);
    const token = await first.token(carol.username, carol.password, true);
    await first.close();

    const second = createTestUaa({ dataFile, start: first.now() });
    expect(second.store.users.get(ssoUid)).toMatchObject({ username: 'carol', activated: true });
    expect((await second.authed(ENDPOINTS.userInfo.path, token)).body.data.ssoUid).toBe(ssoUid);
    expect((await second.login(carol.username, carol.password)).body.msgCode).toBe('10000');
    await second.close();
  });

  it('keeps a pending activation across a restart', async () => {
    const first = createTestUaa({ dataFile });
    await first.register(carol);
    const { sign, token } = first.activationFor(carol.email);
    await first.close();

    const second = createTestUaa({ dataFile, start: first.now() });
    expect((await second.post(ENDPOINTS.registerActive.path, { sign, token })).body.msgCode).toBe('10000');
    await second.close();
  });

  it('keeps codes, passed steps, keys, third-party codes, platforms and bindings across a restart', async () => {
    const first = createTestUaa({ dataFile });
    const { user, token } = first.member({ phone: '13100000001' });
    first.store.users.recordPlatformUse(user.ssoUid, 'cmg');
    const key = (await first.authed(ENDPOINTS.credentialCreate.path, token, { description: 'kept' })).body
      .data;
    await first.authed(ENDPOINTS.messageCode.path, token, {
      function: '2.1.1',
      message: 'phone',
      item: '13100000001',
    });
    await first.authed(ENDPOINTS.messageCodeCheck.path, token, {
      function: '2.1.1',
      message: 'phone',
      item: '13100000001',
      code: first.codeFor('13100000001'),
    });
    first.advance(60_000);
    await first.withCaptcha(ENDPOINTS.loginSmsCode.path, { phone: '13100000009' });
    const smsCode = first.codeFor('13100000009');
    const oauthCode = first.store.oauthCodes.issue('carsi', 'scholar@example.edu');
    const added = (
      await first.authed(ENDPOINTS.platformAdd.path, first.adminToken(), {
        displayName: 'Kept',
        logoutUrl: 'https://kept.example.org/logout',
      })
    ).body.data;
    await first.close();

    const text = readFileSync(dataFile, 'utf8');
    expect(text).not.toContain(smsCode);
    expect(text).not.toContain(oauthCode);

    const second = createTestUaa({ dataFile, start: first.now() });
    expect(second.store.users.get(user.ssoUid)?.platforms).toEqual(['cmg']);
    expect((await second.authed(ENDPOINTS.credentialSecret.path, token, { ak: key.ak })).body.data).toEqual({
      sk: key.sk,
    });
    // The passed first step survives: the second step may send its code.
    const step2 = await second.authed(ENDPOINTS.messageCode.path, token, {
      function: '2.1.2',
      message: 'phone',
      item: '13100000002',
    });
    expect(step2.body.msgCode).toBe('10000');
    const login = await second.post(ENDPOINTS.loginByPhone.path, { phone: '13100000009', code: smsCode });
    expect(login.body.msgCode).toBe('10000');
    const carsi = await second.post(ENDPOINTS.loginOauth.path, { code: oauthCode, oauthFrom: 'carsi' });
    expect(second.store.users.get(carsi.body.ssouid)?.carsiAccount).toBe('scholar@example.edu');
    expect(second.store.platforms.get(added.id)).toMatchObject({
      displayName: 'Kept',
      clientSecret: added.clientSecret,
    });
    await second.close();
  });

  it('loads a data file written before the later collections existed', async () => {
    const t = createTestUaa({ dataFile });
    await t.close();
    const old = JSON.parse(readFileSync(dataFile, 'utf8'));
    for (const key of ['codes', 'stepPasses', 'credentials', 'oauthCodes', 'files']) delete old[key];
    for (const user of old.users) {
      delete user.carsiAccount;
      delete user.platforms;
    }
    writeFileSync(dataFile, JSON.stringify(old));
    const store = createStore({ now: Date.now, dataFile, logger: console });
    expect(store.findUserByUsername('admin')).toMatchObject({ carsiAccount: null, platforms: [] });
    expect(store.keys.list(store.findUserByUsername('admin')!.ssoUid)).toEqual([]);
  });

  it('writes the seed at start, atomically, and never stores usable secrets', async () => {
    const t = createTestUaa({ dataFile });
    const token = await t.token(DEMO_ADMIN.username, DEMO_ADMIN.password);
    await t.close();

    const text = readFileSync(dataFile, 'utf8');
    const saved = JSON.parse(text);
    expect(saved.version).toBe(1);
    expect(saved.users[0].username).toBe('admin');
    expect(saved.platforms).toHaveLength(10);
    expect(text).not.toContain(token);
    expect(text).not.toContain(DEMO_ADMIN.password);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['uaa.json']); // no temp file left behind
  });

  it('writes a burst of changes once the debounce settles', async () => {
    const t = createTestUaa({ dataFile });
    await t.close();
    const users = () => (JSON.parse(readFileSync(dataFile, 'utf8')) as { users: unknown[] }).users.length;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (let i = 0; i < 5; i += 1) t.store.createUser({ username: `burst${i}` });
      // Nothing is written while the burst lasts...
      vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
      await Promise.resolve();
      expect(users()).toBe(1);
      // ...and all of it in one write once the debounce settles.
      vi.advanceTimersByTime(1);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(users()).toBe(6), { interval: 5 });
    await t.close();
  });

  it('refuses to start on a corrupt data file instead of overwriting it', () => {
    writeFileSync(join(dir, 'bad.json'), '{"version": 1, "users": [{"ssoUid": 1}]}');
    expect(() => createStore({ now: Date.now, dataFile: join(dir, 'bad.json'), logger: console })).toThrow(
      /unexpected shape/,
    );
    writeFileSync(join(dir, 'broken.json'), '{"version": 1,');
    expect(() => createStore({ now: Date.now, dataFile: join(dir, 'broken.json'), logger: console })).toThrow(
      /not valid JSON/,
    );
  });
});

describe('seed', () => {
  const store = createStore({ now: Date.now, logger: console });

  it('holds the ten sub-platforms with client ids and secrets', () => {
    const platforms = store.platforms.list();
    expect(platforms.map((p) => p.id)).toEqual([...PLATFORM_KEYS]);
    for (const platform of platforms) {
      expect(platform.clientId).toBe(`uaa-${platform.id}`);
      expect(platform.clientSecret).toMatch(/^[0-9a-f]{48}$/);
      expect(platform.displayName).toMatch(/^[A-Za-z0-9]{1,32}$/);
    }
  });

  it('holds the super-admin and platform-admin roles', () => {
    expect(store.roles.list()).toEqual([
      expect.objectContaining({ roleId: ROLE_IDS.superAdmin, resName: 'users,platforms,role' }),
      expect.objectContaining({ roleId: ROLE_IDS.platformAdmin, resName: 'platforms' }),
    ]);
  });

  it('holds an activated demo admin with the super-admin role', () => {
    expect(store.users.findByAccount('admin')).toMatchObject({
      activated: true,
      status: 'ACTIVE',
      roles: [ROLE_IDS.superAdmin],
    });
    expect(store.allowlist).toEqual(['localhost', '127.0.0.1']);
  });

  it('names users without a username with the fixed prefix', () => {
    const user = store.createUser({ phone: '13900000000' });
    expect(user.nickname).toMatch(new RegExp(`^${NICKNAME_PREFIX}[0-9a-f]{10}$`));
    expect(user.username).toBeNull();
  });
});

describe('password hashing', () => {
  it('verifies the right password only, with a salt per hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Passw0rd!'), hashPassword('Passw0rd!')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Passw0rd!', a)).toBe(true);
    expect(await verifyPassword('Passw0rd?', a)).toBe(false);
    expect(await verifyPassword('Passw0rd!', null)).toBe(false);
    expect(await verifyPassword('Passw0rd!', 'scrypt$1$1$1$x$y')).toBe(false);
  });
});
