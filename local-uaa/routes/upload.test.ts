import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { ROLE_IDS } from '../seed';
import { filesDirFor } from '../store';
import { createTestUaa, PUBLIC_URL, type TestUaa } from '@tests/support/local-uaa';

const path = ENDPOINTS.uploadFile.path;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const SAMPLES = {
  'image/png': PNG,
  'image/jpeg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]),
  'image/gif': Buffer.from('GIF89a....................'),
  'image/webp': Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WEBPVP8 '),
    Buffer.alloc(16),
  ]),
};

function upload(t: TestUaa, token: string, bytes: Buffer, name = 'logo.png', field = 'file') {
  return t.http.post(path).set('Authorization', `Bearer ${token}`).attach(field, bytes, name);
}

describe('uploadFile', () => {
  it.each(Object.entries(SAMPLES))(
    'stores a %s picture and serves it back under /__dev/files',
    async (mime, bytes) => {
      const t = createTestUaa();
      const reply = await upload(t, t.adminToken(), bytes, 'anything.bin');
      expect(reply.body).toEqual({
        msgCode: '10000',
        msg: 'success',
        data: { fileUrl: expect.stringMatching(new RegExp(`^${PUBLIC_URL}${DEV_PATHS.files}/[\\w-]{22}$`)) },
      });
      const served = await t.http.get(new URL(reply.body.data.fileUrl).pathname).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(served.body as Buffer, bytes)).toBe(0);
    },
  );

  it('refuses a non-picture whatever its name and claimed type (A0105)', async () => {
    const t = createTestUaa();
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const reply = await t.http
      .post(path)
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .attach('file', html, { filename: 'x.png', contentType: 'image/png' });
    expect(reply.body.msgCode).toBe('A0105');
  });

  it('refuses a file over 5 MB (A0106), an empty one (A0107), none (A0108), two (A0110)', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(t, token, big)).body.msgCode).toBe('A0106');
    expect((await upload(t, token, Buffer.alloc(0))).body.msgCode).toBe('A0107');
    expect(
      (await t.http.post(path).set('Authorization', `Bearer ${token}`).field('x', 'y')).body.msgCode,
    ).toBe('A0108');
    expect((await t.authed(path, token, { file: 'base64' })).body.msgCode).toBe('A0108');
    const two = await t.http
      .post(path)
      .set('Authorization', `Bearer ${token}`)
      .attach('file', PNG, 'a.png')
      .attach('file', PNG, 'b.png');
    expect(two.body.msgCode).toBe('A0110');
    expect((await upload(t, token, PNG, 'a.png', 'picture')).body.msgCode).toBe('A0104');
  });

  it('answers a malformed multipart body with A0104, never a 500', async () => {
    const t = createTestUaa();
    const reply = await t.http
      .post(path)
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated');
    expect(reply.status).toBe(200);
    expect(reply.body.msgCode).toBe('A0104');
  });

  it('needs a session (401) and the platforms module (403)', async () => {
    const t = createTestUaa();
    expect((await t.http.post(path).attach('file', PNG, 'a.png')).status).toBe(401);
    expect((await upload(t, t.member().token, PNG)).status).toBe(403);
    expect((await upload(t, t.member({ roles: [ROLE_IDS.platformAdmin] }).token, PNG)).status).toBe(200);
  });

  it('keeps uploads beside the data file across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'local-uaa-files-'));
    try {
      const dataFile = join(dir, 'uaa.json');
      const first = createTestUaa({ dataFile });
      const reply = await upload(first, first.adminToken(), PNG);
      await first.close();
      expect(readdirSync(filesDirFor(dataFile))).toHaveLength(1);

      const second = createTestUaa({ dataFile, start: first.now() });
      const served = await second.http.get(new URL(reply.body.data.fileUrl).pathname).buffer(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
