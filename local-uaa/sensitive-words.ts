/**
 * A small sensitive-word list for usernames and nicknames (spec §5: C0902 "sensitive information
 * exists"). The legacy service's list is not shown; these stand in so the path can be tested.
 */
import type { Store } from './store';
import { checkUsername } from '@shared/validation/rules';
import { assertRule } from './input';
import { UaaError } from './reply';

export const SENSITIVE_WORDS = ['fuck', 'shit', 'bitch', 'cunt', '傻逼', '他妈的', '操你'] as const;

export function containsSensitiveWord(text: string): boolean {
  const folded = text.toLowerCase();
  return SENSITIVE_WORDS.some((word) => folded.includes(word));
}

export function assertNoSensitiveWord(text: string): void {
  if (containsSensitiveWord(text)) throw new UaaError('C0902');
}

/** The phone-tab and set-username rules, the word list, then uniqueness (A0210, any case). */
export function assertUsernameAvailable(store: Store, username: string): void {
  assertRule(checkUsername(username));
  assertNoSensitiveWord(username);
  if (store.users.findByUsername(username)) throw new UaaError('A0210');
}
