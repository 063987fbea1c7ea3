import { describe, expect, it } from 'vitest';
import { leaksOf } from './e2e-security-stream';

describe("the browser run's check of the security stream", () => {
  it('passes a masked event', () => {
    const line = JSON.stringify({
      log: 'security',
      type: 'login',
      target: { masked: '138****8000', hash: 'h' },
    });
    expect(leaksOf(line)).toEqual([]);
    expect(leaksOf(JSON.stringify({ target: { masked: 'a***@example.com' } }))).toEqual([]);
    // A request id's hex digits are no phone (a UUID has no run of 11 digits between non-words).
    expect(leaksOf(JSON.stringify({ requestId: '6fcc80a0-2272-445c-8b12-15494336647d' }))).toEqual([]);
    expect(leaksOf(JSON.stringify({ note: '+86-13800138000' }))).toEqual(['a phone number in clear']);
  });

  it.each([
    [{ password: 'x' }, 'field password'],
    [{ token: 't' }, 'field token'],
    [{ note: 'sent to 13800138000' }, 'a phone number in clear'],
    [{ note: 'alice@example.com' }, 'an e-mail in clear (a…@example.com)'],
  ])('finds %j', (event, problem) => {
    expect(leaksOf(JSON.stringify(event))).toContain(problem);
  });
});
