import { describe, expect, it } from 'vitest';
import { maskTarget, targetOf } from './mask';

describe('masking personal data', () => {
  it('masks an account name to its first character', () => {
    expect(maskTarget('alice')).toBe('a***');
    expect(maskTarget('13800138000')).toBe('138****8000');
  });

  it('joins one target across its spellings, and two targets apart', () => {
    const key = 'k'.repeat(32);
    expect(targetOf('Alice@Example.com.', key)).toEqual(targetOf('alice@example.com', key));
    expect(targetOf('１３８００１３８０００', key).hash).toBe(targetOf('13800138000', key).hash);
    // As the rate limits count them: a country code, spaces, dashes and brackets are no new target.
    for (const phone of ['+8613800138000', '+86 138 0013 8000', '138-0013-8000', '(138)00138000'])
      expect(targetOf(phone, key), phone).toEqual(targetOf('13800138000', key));
    expect(targetOf('13800138001', key).hash).not.toBe(targetOf('13800138000', key).hash);
    expect(JSON.stringify(targetOf('13800138000', key))).not.toContain('13800138000');
  });
});
