/**
 * The BFF's content encoding, chosen by Accept-Encoding (`chooseEncoding`):
 *   - replies made per request (a page with its runtime config, a gateway JSON answer) compressed
 *     per request, quickly, when they are worth it and the client takes br or gzip. Behind nginx,
 *     nginx would do it; without it (npm start, a plain Node deployment) this is what pays;
 *   - hashed assets in their precompressed form (written by scripts/compress.mjs at build time):
 *     `x.js.br` or `x.js.gz` beside `x.js`, with the original's Content-Type and the immutable
 *     cache header. Only files found at start are served, so no request path ever reaches the
 *     file system unchecked.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Negotiator from 'negotiator';
import type { Request, RequestHandler, Response } from 'express';

/** The encodings the BFF sends, br first: each with the suffix of its precompressed file. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0];

const compressors = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip),
};
const COMPRESSION = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  gzip: { level: 6 },
};
export const COMPRESS_FROM_BYTES = 1024;
const EVERY_ENCODING = new Set(ENCODINGS.map(([encoding]) => encoding));
const SUFFIXES = Object.fromEntries(ENCODINGS) as Record<Encoding, string>;

/** The body to send: compressed (with Content-Encoding and Vary set) when that pays, else as it is. */
export async function compressedFor(req: Request, res: Response, body: Buffer): Promise<Buffer> {
  if (body.length < COMPRESS_FROM_BYTES) return body;
  res.vary('Accept-Encoding');
  const encoding = chooseEncoding(req, EVERY_ENCODING);
  if (!encoding) return body;
  const compressed = await compressors[encoding](body, COMPRESSION[encoding]);
  res.setHeader('Content-Encoding', encoding);
  return compressed;
}

/** Negotiator 1's `encoding(available, { preferred })` (its README), which @types/negotiator 0.6 predates. */
interface EncodingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/**
 * The best precompressed variant the client accepts, by negotiator (Express's own, behind
 * `req.acceptsEncodings`): the header's q-values, `*` and case as it reads them; between equal
 * ones br before gzip (`preferred`), which `req.acceptsEncodings` cannot say: it breaks ties by
 * the client's order, and Chromium's "gzip, deflate, br, zstd" would get gzip. Undefined for the
 * original bytes.
 */
export function chooseEncoding(req: Request, available: ReadonlySet<Encoding>): Encoding | undefined {
  const offered = ENCODINGS.map(([encoding]) => encoding).filter((encoding) => available.has(encoding));
  if (offered.length === 0) return undefined;
  const negotiator = new Negotiator(req) as unknown as EncodingNegotiator;
  const chosen = negotiator.encoding(offered, { preferred: offered });
  return offered.find((encoding) => encoding === chosen);
}

function scan(root: string): Map<string, Set<Encoding>> {
  const variants = new Map<string, Set<Encoding>>();
  if (!existsSync(root)) return variants;
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    for (const [encoding, suffix] of ENCODINGS) {
      if (!entry.endsWith(suffix)) continue;
      const original = entry.slice(0, -suffix.length);
      if (!existsSync(path.join(root, original))) continue;
      const key = `/${original.split(path.sep).join('/')}`;
      const set = variants.get(key) ?? new Set<Encoding>();
      set.add(encoding);
      variants.set(key, set);
    }
  }
  return variants;
}

export function servePrecompressed(root: string): RequestHandler {
  const variants = scan(root);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Which bytes an asset request gets depends on Accept-Encoding: caches must know.
    res.vary('Accept-Encoding');
    const available = variants.get(req.path);
    const encoding = available && chooseEncoding(req, available);
    if (!encoding) return next();
    const suffix = SUFFIXES[encoding];
    res.type(path.extname(req.path));
    res.setHeader('Content-Encoding', encoding);
    res.sendFile(
      `${req.path.slice(1)}${suffix}`,
      { root, maxAge: '365d', immutable: true, acceptRanges: false },
      (err) => {
        if (err) next(err);
      },
    );
  };
}
