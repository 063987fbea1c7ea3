import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IN_ORDER, IN_ORDER_FILES } from './e2e-order';

const E2E = path.join(__dirname, '..', 'e2e');
const IN_ORDER_MODE = /describe\.configure\(\{\s*mode:\s*'(serial|default)'/;

describe('the in-order browser test files', () => {
  it('are exactly the files that run their tests in order', () => {
    const inOrder = readdirSync(E2E)
      .filter((file) => file.endsWith('.spec.ts'))
      .filter((file) => IN_ORDER_MODE.test(readFileSync(path.join(E2E, file), 'utf8')))
      .map((file) => file.replace(/\.spec\.ts$/, ''))
      .sort();
    expect(inOrder).toEqual([...IN_ORDER_FILES].sort());
  });

  it('match by file name only', () => {
    expect(IN_ORDER.test('/repo/tests/e2e/back-office-manages-users.spec.ts')).toBe(true);
    expect(IN_ORDER.test('/repo/tests/e2e/back-office-manages-users-more.spec.ts')).toBe(false);
  });
});
