/**
 * The browser test files whose tests run in order in one worker (they say
 * `test.describe.configure({ mode: 'serial' | 'default' })`). playwright.config.ts hands them out
 * first, so that the independent tests fill the other worker around them.
 */
export const IN_ORDER_FILES = [
  'back-office-manages-users',
  'login-survives-a-hanging-or-refusing-uaa',
  'wechat-qr-login-in-production',
] as const;

export const IN_ORDER = new RegExp(`(${IN_ORDER_FILES.join('|')})\\.spec\\.ts$`);
