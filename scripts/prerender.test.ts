import { describe, expect, it } from 'vitest';
import { withoutUnusedProperties as strip } from './prerender';

describe("the prerendered page's inline CSS", () => {
  it('keeps the custom properties its rules read, through other properties, and drops the rest', async () => {
    const html =
      '<style>body{--red-1:1,2,3;--blue-6:4,5,6;--primary-6:var(--blue-6);--unused:0}' +
      '.btn{color:rgb(var(--primary-6))}</style><p class="btn">x</p>';
    expect(await strip(html)).toBe(
      '<style>body{--blue-6:4,5,6;--primary-6:var(--blue-6)}.btn{color:rgb(var(--primary-6))}</style><p class="btn">x</p>',
    );
  });

  it('refuses a document with other than one inline style element: a property could be lost between two', async () => {
    await expect(
      strip('<style>:root{--a:1}</style><style>a{order:var(--a)}</style><a>x</a>'),
    ).rejects.toThrow('one inline style element expected, 2 found');
    await expect(strip('<a>x</a>')).rejects.toThrow('0 found');
  });
});
