// @vitest-environment jsdom
/// <reference types="vite/client" />
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_REGISTRY } from '@shared/i18n/define-texts';

// Load every client module so that each text table registers itself; not main, which renders into
// the page as it loads. The shared catalogues (validation, errors) and the local UAA's texts are
// tables of the same shape.
const modules = import.meta.glob([
  '../../**/*.{ts,tsx}',
  '!../../**/*.test.{ts,tsx}',
  '!../../main.tsx',
  '../../../shared/**/*.ts',
  '!../../../shared/**/*.test.ts',
  '../../../local-uaa/messages.ts',
  '../../../local-uaa/**/*.locale.ts',
]);

// Names that stay the same in both languages.
const PROPER_NOUNS = new Set(['GitHub', 'WeChat', 'CARSI', 'MoCE']);

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value))
      for (const [p, leaf] of leaves(v, `${prefix}${k}.`)) out.set(p, leaf);
  } else {
    out.set(prefix.slice(0, -1), value);
  }
  return out;
}

/** The `{names}` a text fills in (format), sorted. */
function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}

describe('text tables', () => {
  // Importing the whole client transforms every module: seconds alone, far more beside a loaded
  // suite, so the import has a budget of its own instead of the first test's.
  beforeAll(async () => {
    // The router first, alone: its CommonJS build requires react-router's ES module (Node's
    // require of ESM), and with many modules asking for it at once Node's loader failed now and
    // then ("Cannot read properties of undefined (reading 'getStatus')", about one run in five).
    await import('react-router-dom');
    await Promise.all(Object.values(modules).map((load) => load()));
  }, 120_000);

  it('exist in zh-CN and en-US for every key of every table', () => {
    expect(TEXT_REGISTRY.length).toBeGreaterThan(5);
    for (const table of TEXT_REGISTRY) {
      const en = leaves(table['en-US']);
      const zh = leaves(table['zh-CN']);
      expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        expect(typeof text === 'string' && text.trim() !== '', `en-US ${key}`).toBe(true);
        const other = zh.get(key);
        expect(typeof other === 'string' && other.trim() !== '', `zh-CN ${key}`).toBe(true);
        expect(placeholders(other), `zh-CN ${key} placeholders`).toEqual(placeholders(text));
      }
    }
  });

  it('are translated, not copied (zh-CN holds Chinese wherever en-US holds words)', () => {
    for (const table of TEXT_REGISTRY) {
      const zh = leaves(table['zh-CN']);
      for (const [key, text] of leaves(table['en-US'])) {
        if (/[A-Za-z]{3,}/.test(String(text)) && !PROPER_NOUNS.has(String(text))) {
          expect(String(zh.get(key)), `zh-CN ${key} is translated`).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
    }
  });
});
