/**
 * The function codes of spec §4's verification steps, which `message/code` and the binds carry
 * (verification-flows.ts says what each step does). The contract checks them (personal.ts) on
 * every page; the steps themselves are the user centre's alone.
 */
export const FUNCTION_CODES = [
  '1.1.1',
  '1.1.2',
  '1.2.1',
  '1.2.2',
  '2.1.1',
  '2.1.2',
  '3.1.1',
  '3.1.2',
  '3.2.1',
  '3.2.2',
  '4.1.1',
  '4.1.2',
  '5.1.1',
  '5.1.2',
  '5.2.1',
  '5.2.2',
] as const;

export type FunctionCode = (typeof FUNCTION_CODES)[number];
