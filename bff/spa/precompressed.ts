/**
 * Hashed assets in their precompressed form (written by scripts/compress.mjs at build time):
 * `x.js.br` or `x.js.gz` beside `x.js`, chosen by Accept-Encoding, with the original's
 * Content-Type and the immutable cache header. Only files found at start are served, so no
 * request path ever reaches the file system unchecked. Not express-static-gzip (3.0.2): it parses
 * Accept-Encoding by hand, serving br to `br;q=0, *`, and its br preference overrides q-values.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import Negotiator from 'negotiator';

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0];

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
    const suffix = encoding === 'br' ? '.br' : '.gz';
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
