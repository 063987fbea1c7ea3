/**
 * Replies made per request (a page with its runtime config, a gateway JSON answer) compressed
 * per request, quickly, when they are worth it and the client takes br or gzip. Behind nginx,
 * nginx would do it; without it (npm start, a plain Node deployment) this is what pays.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { chooseEncoding } from './spa/precompressed';

const compressors = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};
const COMPRESSION = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  gzip: { level: 6 },
};
export const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS = new Set(['br', 'gzip'] as const);

/** The body to send: compressed (with Content-Encoding and Vary set) when that pays, else as it is. */
export async function compressedFor(req: Request, res: Response, body: Buffer): Promise<Buffer> {
  if (body.length < COMPRESS_FROM_BYTES) return body;
  res.vary('Accept-Encoding');
  const encoding = chooseEncoding(req, ENCODINGS);
  if (!encoding) return body;
  const compressed = await compressors[encoding](body, COMPRESSION[encoding]);
  res.setHeader('Content-Encoding', encoding);
  return compressed;
}
