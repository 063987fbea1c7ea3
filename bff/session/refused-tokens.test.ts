import { describe, expect, it } from 'vitest';
import { createRefusedTokens } from './refused-tokens';

describe('refused tokens', () => {
  it('remembers a token for its time, then forgets it', () => {
    let t = 0;
    const refused = createRefusedTokens({ ttlMs: 1000, now: () => t });
    refused.remember('bogus');
    expect(refused.has('bogus')).toBe(true);
    expect(refused.has('other')).toBe(false);
    t = 999;
    expect(refused.has('bogus')).toBe(true);
    t = 1000;
    expect(refused.has('bogus')).toBe(false);
  });

  it('keeps at most its bound, dropping the oldest first', () => {
    const refused = createRefusedTokens({ max: 2 });
    for (const token of ['a', 'b', 'c']) refused.remember(token);
    expect([refused.has('a'), refused.has('b'), refused.has('c')]).toEqual([false, true, true]);
  });
});
