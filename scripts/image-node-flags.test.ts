import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { imageNodeFlags as untyped, imageNodeMajor as untypedMajor } from './image-node-flags.mjs';

const imageNodeFlags = untyped as (dockerfile?: string) => string[];
const imageNodeMajor = untypedMajor as (dockerfile?: string) => number;

function dockerfile(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'flags-')), 'Dockerfile');
  writeFileSync(file, text);
  return file;
}

describe('imageNodeFlags', () => {
  it("gives the options of the image's CMD, not its HEALTHCHECK's", () => {
    const file = dockerfile(
      [
        'FROM node:24-slim',
        'HEALTHCHECK --interval=10s \\',
        '  CMD ["node", "-e", "fetch(1)"]',
        'CMD ["node", "--enable-source-maps", "--max-old-space-size=192", "dist/server/index.js"]',
      ].join('\n'),
    );
    expect(imageNodeFlags(file)).toEqual(['--enable-source-maps', '--max-old-space-size=192']);
  });

  it("reads the repository's Dockerfile: the heap's sizes are stated there", () => {
    const flags = imageNodeFlags();
    expect(flags.some((f) => f.startsWith('--max-semi-space-size='))).toBe(true);
    expect(flags.some((f) => f.startsWith('--max-old-space-size='))).toBe(true);
  });

  it('refuses a CMD that is not node in exec form', () => {
    expect(() => imageNodeFlags(dockerfile('CMD node dist/server/index.js\n'))).toThrow(/exec form/);
    expect(() => imageNodeFlags(dockerfile('CMD ["npm", "start"]\n'))).toThrow(/runs npm/);
  });
});

describe('imageNodeMajor', () => {
  it("is the major of the last stage's node image, the one that runs", () => {
    const file = dockerfile(
      [
        'FROM node:22-bookworm AS build',
        'FROM node:24-bookworm-slim AS runtime',
        'CMD ["node", "x.js"]',
      ].join('\n'),
    );
    expect(imageNodeMajor(file)).toBe(24);
  });

  it('refuses a last stage that is not a node image (the bench would measure another runtime)', () => {
    expect(() => imageNodeMajor(dockerfile('FROM node:24 AS build\nFROM debian:12\n'))).toThrow(/not a node/);
  });
});
