import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a build script in plain JavaScript, without types
import { withoutUnusedProperties } from './prerender.mjs';

const strip = withoutUnusedProperties as (html: string) => string;

describe("the prerendered page's inline CSS", () => {
  it('keeps the custom properties its rules read, through other properties, and drops the rest', () => {
    const html =
      '<style>body{--red-1:1,2,3;--blue-6:4,5,6;--primary-6:var(--blue-6);--unused:0}' +
      '.btn{color:rgb(var(--primary-6))}</style><p>x</p>';
    expect(strip(html)).toBe(
      '<style>body{--blue-6:4,5,6;--primary-6:var(--blue-6)}.btn{color:rgb(var(--primary-6))}</style><p>x</p>',
    );
  });
});
