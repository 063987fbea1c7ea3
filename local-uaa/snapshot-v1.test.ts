/**
 * A version 1 data file written before the store was split by record type (issue 18) must keep
 * loading, and keep working, after. fixtures/snapshot-v1/ was written by driving the app of
 * commit 6f6e4b4 with a data file, so that every collection holds a record; secrets.json keeps
 * what it handed out that the data file holds only as digests (tokens, codes) and the clock, and
 * reloaded.json what that code's store wrote back after loading uaa.json (the seed's roles list
 * their keys in another order than the schema, which a load puts in the schema's).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createStore } from './store';
import { createTestUaa } from '@tests/support/local-uaa';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'snapshot-v1');
const secrets = JSON.parse(readFileSync(join(FIXTURE, 'secrets.json'), 'utf8'));
const OK = '10000';

describe('a version 1 data file written before the split', () => {
  let dir: string;
  let dataFile: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'local-uaa-v1-'));
    cpSync(FIXTURE, dir, { recursive: true });
    dataFile = join(dir, 'uaa.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads every record and writes it back as the code that wrote it did, key for key', () => {
    const store = createStore({ now: () => secrets.writtenAt, dataFile, logger: console });
    const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
    expect(Object.values(saved).filter((v) => Array.isArray(v) && v.length === 0)).toEqual([]);
    expect(store.snapshot()).toEqual(saved);
    // Compared as text so the order of keys counts too.
    const reloaded = JSON.parse(readFileSync(join(FIXTURE, 'reloaded.json'), 'utf8'));
    expect(JSON.stringify(store.snapshot())).toBe(JSON.stringify(reloaded));
  });

  it('keeps its accounts, sessions, links, codes, passed steps, keys, files and platforms working', async () => {
    const t = createTestUaa({ dataFile, start: secrets.writtenAt });
    const { member } = secrets;

    const info = await t.authed(ENDPOINTS.userInfo.path, member.session);
    expect(info.body.data).toMatchObject({ ssoUid: member.ssoUid, phone: '13100000001' });
    expect((await t.authed(ENDPOINTS.userInfo.path, secrets.adminToken)).body.data.username).toBe('admin');
    expect((await t.login(member.username, member.password)).body.msgCode).toBe(OK);
    expect(t.store.users.findByIdentity('wechat', 'fixture-wx')?.ssoUid).toBe(member.ssoUid);
    expect(t.store.users.get(member.ssoUid)?.platforms).toEqual(['media']);

    expect(t.store.findUserByUsername('pending')?.activated).toBe(false);
    expect((await t.post(ENDPOINTS.registerActive.path, secrets.activation)).body.msgCode).toBe(OK);
    expect(t.store.findUserByUsername('pending')?.activated).toBe(true);

    expect(t.store.redeemAuthCode(secrets.authCode.code, secrets.authCode.clientId)?.ssoUid).toBe(
      member.ssoUid,
    );
    const oauth = await t.post(ENDPOINTS.loginOauth.path, {
      code: secrets.oauthCode.code,
      oauthFrom: secrets.oauthCode.provider,
    });
    expect(oauth.body.msgCode).toBe(OK);
    expect(t.store.users.get(oauth.body.ssouid)?.githubAccount).toBe(secrets.oauthCode.subject);
    const sms = await t.post(ENDPOINTS.loginByPhone.path, secrets.smsCode);
    expect(sms.body.msgCode).toBe(OK);

    // The passed first step of 2.1.1 lets the second step send its code.
    const step2 = await t.authed(ENDPOINTS.messageCode.path, member.session, {
      function: '2.1.2',
      message: 'phone',
      item: '13100000002',
    });
    expect(step2.body.msgCode).toBe(OK);

    const secret = await t.authed(ENDPOINTS.credentialSecret.path, member.session, { ak: secrets.key.ak });
    expect(secret.body.data).toEqual({ sk: secrets.key.sk });
    expect(t.store.keys.list(member.ssoUid)).toHaveLength(1);

    const file = await t.http.get(`${DEV_PATHS.files}/${secrets.fileId}`).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.body).toEqual(readFileSync(join(FIXTURE, 'uaa.json.files', secrets.fileId)));
    expect(t.store.platforms.get(secrets.platform.id)).toEqual(secrets.platform);
    expect(t.store.allowlist).toEqual(['localhost', '127.0.0.1']);
    await t.close();
  });
});
