import { describe, expect, it } from 'vitest';
import { LIMITS } from '../validation/rules';
import { ENDPOINTS, type EndpointName } from './endpoints';

/** An address of exactly `length` characters, labels within 63. */
const address = (length: number) =>
  `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 197)}.com`;

// Every call that names an address, with the body it names it in (issue 40: one limit everywhere).
const NAMING_AN_ADDRESS: [EndpointName, (email: string) => unknown][] = [
  ['loginByAccount', (email) => ({ account: email, password: 'x' })],
  ['registerByEmail', (email) => ({ username: 'abc', email, password: 'x' })],
  ['registerCheck', (email) => ({ item: email, type: 'email' })],
  ['passwordForget', (email) => ({ type: 'email', item: email })],
  ['messageCode', (email) => ({ function: '3.2.2', message: 'email', item: email })],
  ['emailBind', (email) => ({ function: '3.2.2', email, code: '123456' })],
  ['itemCheck', (email) => ({ message: 'email', item: email })],
  ['internalUserCreate', (email) => ({ email, password: 'x' })],
  ['internalUserUpdate', (email) => ({ ssoUid: '1', email })],
];

describe('the gateway takes an address as long as the forms do, and no longer', () => {
  it.each(NAMING_AN_ADDRESS)('%s', (name, body) => {
    const request = ENDPOINTS[name].request;
    expect(request.safeParse(body(address(LIMITS.emailMax))).success).toBe(true);
    expect(request.safeParse(body(address(LIMITS.emailMax + 1))).success).toBe(false);
  });
});
