import { describe, expect, it } from 'vitest';
import { maskContact, maskEmail, maskPhone } from './mask';

describe('masking a phone or an e-mail', () => {
  it.each([
    ['13800138000', '138****8000'],
    ['+86 138-0013-8000', '861****8000'],
    ['1234', '****'],
  ])('a phone %s is %s', (phone, masked) => expect(maskPhone(phone)).toBe(masked));

  it.each([
    ['alice@example.com', 'a***@example.com'],
    ['a@b.cn', 'a***@b.cn'],
    ['@x', '***'],
  ])('an e-mail %s is %s', (email, masked) => expect(maskEmail(email)).toBe(masked));

  it('shows a contact masked, and one the UAA masked already as it came', () => {
    expect(maskContact('phone', '13800000728')).toBe('138****0728');
    expect(maskContact('email', 'alice@example.com')).toBe('a***@example.com');
    expect(maskContact('phone', '138****0728')).toBe('138****0728');
    expect(maskContact('email', 'al***@example.com')).toBe('al***@example.com');
  });
});
