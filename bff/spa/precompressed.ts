/**
 * Hashed assets in their precompressed form (written by scripts/compress.mjs at build time):
 * `x.js.br` or `x.js.gz` beside `x.js`, chosen by Accept-Encoding, with the original's
 * Content-Type and the immutable cache header. Only files found at start are served, so no
 * request path ever reaches the file system unchecked.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;
type Encoding = (typeof ENCODINGS)[number][0];

/** Quality values of an Accept-Encoding header; `*` stands for any coding not named. */
function qualities(header: string | undefined): (coding: string) => number {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  return (coding) => q.get(coding) ?? q.get('*') ?? 0;
}

/** The best precompressed variant the client accepts, br before gzip; undefined for identity. */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  const q = qualities(acceptEncoding);
  let best: Encoding | undefined;
  for (const [encoding] of ENCODINGS) {
    if (available.has(encoding) && q(encoding) > 0 && (best === undefined || q(encoding) > q(best)))
      best = encoding;
  }
  return best;
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
    const encoding = available && chooseEncoding(req.get('accept-encoding'), available);
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
