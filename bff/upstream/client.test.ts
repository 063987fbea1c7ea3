/**
 * The upstream client's decoding (the conformance suite runs it against nginx and a strict
 * double): every coding a UAA deployment sends, a bomb cut short, and an unknown coding refused.
 */
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decode, MAX_REPLY_BYTES, UPSTREAM_TIMEOUT_MS, UpstreamError } from './client';

const json = Buffer.from(JSON.stringify({ msgCode: '10000', data: { text: '中文 and more'.repeat(50) } }));

describe('decode', () => {
  it.each([
    ['gzip', gzipSync(json)],
    ['x-gzip', gzipSync(json)],
    ['br', brotliCompressSync(json)],
    ['deflate', deflateSync(json)],
    ['deflate (raw, as some servers send it)', deflateRawSync(json)],
    ['identity', json],
  ])('undoes %s', async (name, body) => {
    expect((await decode(body, name.split(' ')[0])).equals(json)).toBe(true);
  });

  it('undoes several codings, the last applied first', async () => {
    expect((await decode(brotliCompressSync(gzipSync(json)), 'gzip, br')).equals(json)).toBe(true);
  });

  it('leaves a body without Content-Encoding as it is', async () => {
    expect(await decode(json, undefined)).toBe(json);
  });

  it('stops a decompression bomb at the reply limit', async () => {
    const bomb = gzipSync(Buffer.alloc(MAX_REPLY_BYTES + 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expect(decode(bomb, 'gzip')).rejects.toBeInstanceOf(UpstreamError);
  });

  it.each([
    ['an unknown coding', json, 'zstd-ish'],
    ['bytes that are not what they claim', json, 'gzip'],
    ['too many codings', json, 'gzip, gzip, gzip, gzip'],
  ])('refuses %s', async (_name, body, coding) => {
    await expect(decode(body, coding)).rejects.toBeInstanceOf(UpstreamError);
  });
});

it("gives a call the spec's 6000 ms by default (the fault suites inject a shorter budget)", () => {
  expect(UPSTREAM_TIMEOUT_MS).toBe(6000);
});
