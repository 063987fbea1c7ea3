/**
 * Multipart uploads through both gateways: streamed to the upstream as they arrive (never
 * buffered by the BFF), intact, and cut off at 5 MB.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { rawRequest } from '@tests/support/http';
import { ok } from '@tests/support/upstream-double';
import { UPLOAD_LIMIT_BYTES } from './upload-limit';

const UPLOAD_PATHS = {
  'the UAA gateway': '/gw/uaa-be/api/v1/uploadFile?key=user&tag=avatar',
  'the upload gateway': '/gw/upload/api/v1/uploadFile?key=user&tag=avatar',
};
const BOUNDARY = 'x-boundary-7f3a';

/** An upstream that reports each request's first byte as it arrives, and what it finally got. */
interface StreamingUpstream {
  url: string;
  firstByte: Promise<void>;
  received: { url: string; body: Buffer; complete: boolean }[];
  reset(): void;
  close(): Promise<void>;
}

async function startStreamingUpstream(): Promise<StreamingUpstream> {
  let signal: () => void = () => {};
  const upstream: StreamingUpstream = {
    url: '',
    firstByte: Promise.resolve(),
    received: [],
    reset() {
      upstream.received.length = 0;
      upstream.firstByte = new Promise((resolve) => {
        signal = resolve;
      });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    const entry = { url: req.url ?? '', body: Buffer.alloc(0), complete: false };
    upstream.received.push(entry);
    req.on('data', (chunk: Buffer) => {
      if (chunks.length === 0) signal();
      chunks.push(chunk);
      entry.body = Buffer.concat(chunks);
    });
    req.on('end', () => {
      entry.complete = true;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ok({ fileUrl: 'https://files.example/avatar.png', bytes: entry.body.length })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.reset();
  return upstream;
}

/** The multipart framing around one file part. */
const multipart = (): { head: Buffer; tail: Buffer } => ({
  head: Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
});

interface Sent {
  status: number;
  body: string;
  headers: IncomingMessage['headers'];
}

/** Sends a body in parts, chunked unless a Content-Length is given; `between` runs after the first part. */
function upload(
  base: string,
  path: string,
  parts: Buffer[],
  opts: { contentLength?: number; between?: () => Promise<void> } = {},
): Promise<Sent> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method: 'POST',
        path,
        headers: {
          'x-csrf': '1',
          lang: 'en-US',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(opts.contentLength === undefined ? {} : { 'content-length': String(opts.contentLength) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
      },
    );
    // The BFF may answer and close before the whole body is written: that is the point.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    void (async () => {
      const [first, ...rest] = parts;
      if (first) req.write(first);
      await opts.between?.();
      for (const part of rest) {
        if (req.destroyed) return;
        req.write(part);
      }
      req.end();
    })().catch(reject);
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let upstream: StreamingUpstream;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startStreamingUpstream();
  bff = await startBff({
    upstream: upstream.url,
    env: { UPLOAD_UPSTREAM: upstream.url },
    upstreamTimeoutMs: 5000,
  });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

describe.each(Object.entries(UPLOAD_PATHS))('an upload through %s', (_name, path) => {
  it('streams to the upstream before the browser has finished sending, and arrives intact', async () => {
    const file = randomBytes(1024 * 1024);
    const { head, tail } = multipart();
    const firstPart = Buffer.concat([head, file.subarray(0, 256 * 1024)]);
    const secondPart = Buffer.concat([file.subarray(256 * 1024), tail]);
    const reply = await upload(bff.url, path, [firstPart, secondPart], {
      // The rest is sent only once the upstream has seen bytes: a buffering BFF would never get there.
      between: () =>
        Promise.race([
          upstream.firstByte,
          new Promise<void>((_resolve, reject) =>
            setTimeout(() => reject(new Error('the upstream saw nothing before the upload ended')), 2000),
          ),
        ]),
    });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body).data.fileUrl).toBe('https://files.example/avatar.png');
    expect(upstream.received).toHaveLength(1);
    const got = upstream.received[0]!;
    expect(got.url).toBe('/api/v1/uploadFile?key=user&tag=avatar');
    expect(got.complete).toBe(true);
    expect(sha(got.body)).toBe(sha(Buffer.concat([firstPart, secondPart])));
  });

  it('refuses a declared Content-Length over 5 MB with 413 before proxying', async () => {
    const file = randomBytes(UPLOAD_LIMIT_BYTES + 1024);
    const { head, tail } = multipart();
    const body = Buffer.concat([head, file, tail]);
    const reply = await upload(bff.url, path, [body], { contentLength: body.length });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ msgCode: 'A0100', msg: 'Request body too large' });
    expect(upstream.received).toHaveLength(0);
  });

  it('cuts off a chunked body that grows past 5 MB with 413; the upstream never gets it whole', async () => {
    const file = randomBytes(UPLOAD_LIMIT_BYTES + 512 * 1024);
    const { head, tail } = multipart();
    const parts = [head];
    for (let offset = 0; offset < file.length; offset += 256 * 1024)
      parts.push(file.subarray(offset, offset + 256 * 1024));
    parts.push(tail);
    const reply = await upload(bff.url, path, parts);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ msgCode: 'A0100', msg: 'Request body too large' });
    expect(reply.headers.connection).toBe('close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(upstream.received.every((r) => !r.complete && r.body.length <= UPLOAD_LIMIT_BYTES)).toBe(true);
  });
});

describe('the upload gateway guards', () => {
  it.each([
    ['no X-CSRF header', { 'x-csrf': '' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('refuse an upload with %s with 403, upstream untouched', async (_name, headers) => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: UPLOAD_PATHS['the upload gateway'],
      headers: { 'x-csrf': '1', 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body: `--${BOUNDARY}--\r\n`,
    });
    expect(reply.status).toBe(403);
    expect(upstream.received).toHaveLength(0);
  });

  it('refuse a path trick with 400, upstream untouched', async () => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: '/gw/upload/api/v1/%2e%2e/uploadFile',
      headers: { 'x-csrf': '1' },
    });
    expect(reply.status).toBe(400);
    expect(upstream.received).toHaveLength(0);
  });
});

describe('the multipart exception', () => {
  it('holds only for the upload endpoint', async () => {
    const { head, tail } = multipart();
    const reply = await upload(bff.url, '/gw/uaa-be/api/v1/personal/info/update', [
      Buffer.concat([head, tail]),
    ]);
    expect(reply.status).toBe(415);
    expect(upstream.received).toHaveLength(0);
  });
});
