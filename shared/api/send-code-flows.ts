/**
 * Every way a visitor or member has a code sent, with its captcha policy (spec §7: of the calls
 * that send a code, only the login's getSmsCode carries the captcha header fields). The SPA's one
 * code sender (client/components/use-send-code.tsx) reads `captcha` from here; `step` is the user
 * centre's message/code of the verification flows (verification-flows.ts).
 */
import type { USER_ENDPOINTS } from '../contract/user-endpoints';

export const SEND_CODE_FLOWS = {
  login: { endpoint: 'loginSmsCode', captcha: true },
  register: { endpoint: 'registerSmsCode', captcha: false },
  forget: { endpoint: 'passwordForget', captcha: false },
  step: { endpoint: 'messageCode', captcha: false },
} as const satisfies Record<string, { endpoint: keyof typeof USER_ENDPOINTS; captcha: boolean }>;

export type SendCodeFlow = keyof typeof SEND_CODE_FLOWS;
