/**
 * The user centre's status machine (spec §4): init, an operation in progress, and update after a
 * successful change (which reloads the user info).
 */
export type Operation = 'phone' | 'email' | 'github' | 'password' | 'wechat' | 'username' | 'help';
export type Status = { kind: 'init' } | { kind: 'operate'; operation: Operation } | { kind: 'update' };

/** The page's tabs (`?tab=keys`); the first when the address names none. */
export type Section = 'account' | 'keys' | 'help';
export const SECTIONS: readonly Section[] = ['account', 'keys', 'help'];

export const OPERATIONS: readonly Operation[] = [
  'phone',
  'email',
  'github',
  'password',
  'wechat',
  'username',
  'help',
];

export function isOperation(value: string | null): value is Operation {
  return OPERATIONS.includes(value as Operation);
}
