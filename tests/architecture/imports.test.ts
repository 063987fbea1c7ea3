/**
 * The import graph's shape (issue 42): no circle anywhere, type imports included (ESLint's
 * import-x/no-cycle sees value imports only), and the BFF at most eight floors deep, counted as
 * the modules on its longest chain of imports from bff/index.ts. ESLint's zones (eslint.config.js)
 * say which floor may import which; this says how tall the building is.
 */
import path from 'node:path';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BFF_MAX_FLOORS = 8;

// The product, its scripts and its tests, without the test files themselves.
const graph = madge(
  ['bff', 'shared', 'client', 'local-uaa', 'scripts', 'tests'].map((dir) => path.join(ROOT, dir)),
  {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    excludeRegExp: [/\.test\.tsx?$/, /node_modules/],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
  },
);

/** The modules of the longest chain of imports from `start`, inside `prefix`. */
function longestChain(graph: Record<string, string[]>, start: string, prefix: string): string[] {
  const memo = new Map<string, string[]>();
  const walk = (module: string): string[] => {
    const known = memo.get(module);
    if (known) return known;
    const below = (graph[module] ?? []).filter((dep) => dep.startsWith(prefix)).map(walk);
    const chain = [module, ...(below.sort((a, b) => b.length - a.length)[0] ?? [])];
    memo.set(module, chain);
    return chain;
  };
  return walk(start);
}

// madge parses some 560 files: 13 s on a quiet machine here, twice that under the suite's load.
describe('the import graph', { timeout: 90_000 }, () => {
  it('has no circle, type imports included, in the product, its scripts or its tests', async () => {
    expect((await graph).circular()).toEqual([]);
  });

  it(`stands the BFF at most ${BFF_MAX_FLOORS} floors deep`, async () => {
    const chain = longestChain((await graph).obj(), 'bff/index.ts', 'bff/');
    expect(chain.length, chain.join(' > ')).toBeLessThanOrEqual(BFF_MAX_FLOORS);
  });
});
