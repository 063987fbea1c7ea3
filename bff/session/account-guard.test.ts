import { describe, expect, it } from 'vitest';
import { createSessionUsers, userIdOfReply } from './account-guard';

describe("sessions' users", () => {
  it("keeps a session's user for its time, then asks again", () => {
    let t = 0;
    const users = createSessionUsers({ ttlMs: 1000, now: () => t });
    users.learn('token-c', 'C');
    expect(users.userOf('token-c')).toBe('C');
    expect(users.userOf('token-b')).toBeUndefined();
    t = 999;
    expect(users.userOf('token-c')).toBe('C');
    t = 1000;
    expect(users.userOf('token-c')).toBeUndefined();
  });

  it('forgets a session that ended, and keeps at most its bound, the oldest going first', () => {
    const users = createSessionUsers({ max: 2 });
    for (const token of ['a', 'b', 'c']) users.learn(token, token.toUpperCase());
    expect(['a', 'b', 'c'].map((token) => users.userOf(token))).toEqual([undefined, 'B', 'C']);
    users.forget('b');
    expect(users.userOf('b')).toBeUndefined();
  });
});

describe('the user a reply names', () => {
  it.each([
    [{ msgCode: '10000', ssouid: 'u1', data: { ssoCode: 'x' } }, 'u1'],
    [{ msgCode: '10000', data: { ssoUid: 'u2', username: 'n' } }, 'u2'],
    [{ msgCode: '10000', data: { ssouid: 'u3' } }, 'u3'],
    [{ msgCode: '10000', data: { ssoUid: '' } }, undefined],
    [{ msgCode: '10000', data: { ssoUid: 7 } }, undefined],
    [null, undefined],
  ])('%j: %s', (reply, userId) => {
    expect(userIdOfReply(reply)).toBe(userId);
  });
});
