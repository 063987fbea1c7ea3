// Precompresses the built SPA's hashed assets (DESIGN.md §5): writes x.br and x.gz beside each
// compressible file of $CLIENT_DIST/static (default dist/client; or the directory given), so the
// BFF and nginx serve them without compressing on every request. Run by `npm run build:client`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? path.join(process.env.CLIENT_DIST ?? 'dist/client', 'static');
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|wasm|ttf|otf|eot|ico)$/i;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  const file = path.join(root, entry);
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const source = readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  const variants = [
    [
      '.br',
      brotliCompressSync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    ['.gz', gzipSync(source, { level: constants.Z_BEST_COMPRESSION })],
  ];
  for (const [suffix, bytes] of variants) {
    // A variant that saves nothing would only cost a disk read.
    if (bytes.length < source.length) writeFileSync(`${file}${suffix}`, bytes);
  }
  files += 1;
  before += source.length;
  after += variants[0][1].length;
}
console.log(`precompressed ${files} files in ${root}: ${before} bytes -> ${after} bytes (br)`);
