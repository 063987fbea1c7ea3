/**
 * The member's own account (spec §7 personal/*, user/management/password/*): the user info, the
 * username and nickname, the verification-code flows of spec §4 and the forgotten password.
 */
import { z } from 'zod/mini';
import { FUNCTION_CODES } from '../api/function-codes';
import { contactChannel, field, identifierField, nullableText, optionalField, textOrEmpty } from './fields';

/** Spec §3 "UserInfo"; the legacy UAA may leave fields out (an unset contact reads as null). */
export const userInfo = z.looseObject({
  ssoUid: z.optional(z.string()),
  username: nullableText,
  phone: nullableText,
  email: nullableText,
  githubAccount: nullableText,
  wechat: nullableText,
  wechatName: nullableText,
  nickname: textOrEmpty,
});
export type UserInfo = z.output<typeof userInfo>;

/** data of register/check and personal/username/check. */
export const existData = z.looseObject({ exist: z.boolean() });
export type ExistData = z.input<typeof existData>;

export const usernameRequest = z.strictObject({ username: field });

// A nickname is free text: 1-30 characters without control characters.
const nickname = z.string().check(z.trim(), z.minLength(1), z.maxLength(30), z.regex(/^[^\p{Cc}\p{Cf}]+$/u));

/** personal/info/update: the username can be set once; the nickname at any time. */
export const infoUpdateRequest = z
  .strictObject({
    username: optionalField,
    nickname: z.pipe(optionalField, z.optional(nickname)),
  })
  .check(z.refine((body) => body.username !== undefined || body.nickname !== undefined));
export type InfoUpdatePayload = z.output<typeof infoUpdateRequest>;

const functionCode = z.enum(FUNCTION_CODES);

export const messageCodeRequest = z.strictObject({
  function: functionCode,
  message: contactChannel,
  item: identifierField,
});
export const messageCodeCheckRequest = z.extend(messageCodeRequest, { code: field });
/** `password`: encrypted, scene 'resetPassword'; required on x.2.2 when the account has none. */
export const mobileBindRequest = z.strictObject({
  function: functionCode,
  phone: identifierField,
  code: field,
  password: optionalField,
});
export const emailBindRequest = z.strictObject({
  function: functionCode,
  email: identifierField,
  code: field,
  password: optionalField,
});
/** `password`: encrypted, scene 'resetPassword'. */
export const passwordUpdateRequest = z.strictObject({
  function: functionCode,
  message: contactChannel,
  item: identifierField,
  password: field,
});

/** personal/item/check: data is true when the phone or e-mail belongs to some account. */
export const itemCheckRequest = z.strictObject({ message: contactChannel, item: identifierField });
export type ItemCheckPayload = z.input<typeof itemCheckRequest>;

export const passwordForgetRequest = z.strictObject({ type: contactChannel, item: identifierField });
/** `password`: encrypted, scene 'resetPassword'. */
export const passwordResetRequest = z.extend(passwordForgetRequest, { code: field, password: field });
