/**
 * Signing in and the session (spec §7 login/*, captcha, internal/auth, logout, the cipher key):
 * password and SMS login, third-party logins, the one-time code for a platform.
 */
import { z } from 'zod/mini';
import type { Envelope } from '../api/envelope';
import { field, identifierField, optionalField, optionalShortField, sizedField } from './fields';

export const captchaRequest = z.strictObject({
  captchaVerifyParam: sizedField(1),
  sceneId: optionalField,
  prefix: optionalField,
});

export const loginByAccountRequest = z.strictObject({
  account: identifierField,
  /** Encrypted, scene 'login'. */
  password: field,
  autoLogin: z.nullish(z.boolean()),
});

/** Both the login SMS and the registration SMS. */
export const smsCodeRequest = z.strictObject({ phone: identifierField });

export const loginByPhoneRequest = z.strictObject({
  phone: identifierField,
  code: field,
  autoLogin: z.nullish(z.boolean()),
  // A platform id; recorded as the registration source of an account made by this login.
  source: optionalShortField(64),
  clientId: optionalShortField(128),
});

/**
 * data of every token-issuing call (spec §3 "Login response"). The BFF moves the token into the
 * cookie, so the SPA never sees it; ssoCode is opaque to the SPA.
 */
export const loginData = z.looseObject({
  ssoCode: z.optional(z.string()),
  token: z.optional(z.string()),
  data: z.optional(z.looseObject({ username: z.nullish(z.string()) })),
});
export type LoginReply = Envelope<z.output<typeof loginData>>;
/** The legacy login reply carries the account beside the envelope's data. */
export type LegacyLoginReply = Envelope<z.input<typeof loginData>> & { ssouid: string; phone: string | null };

export const OAUTH_PROVIDERS = ['github', 'wechat', 'carsi'] as const;
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];
const provider = z.enum(OAUTH_PROVIDERS);

export const oauthAddressRequest = z.strictObject({
  oauthFrom: provider,
  state: optionalShortField(512),
  /** Passed through to the consent page and back to the callback route unchanged. */
  type: z.pipe(
    z.nullish(z.union([z.string().check(z.maxLength(64)), z.int()])),
    z.transform((v) => (v === null || v === undefined || v === '' ? undefined : String(v))),
  ),
});

/** data of login/oauthaddress: where to open the third party's consent page. */
export const oauthAddressData = z.looseObject({ oauthAddress: z.optional(z.string()) });
export type OauthAddressData = z.input<typeof oauthAddressData>;

export const oauthLoginRequest = z.strictObject({
  code: sizedField(1, 256),
  oauthFrom: provider,
  autoLogin: z.nullish(z.boolean()),
  source: optionalShortField(64),
});

/** login/bind: binds a third-party identity to the signed-in account. */
export const oauthBindRequest = z.strictObject({
  code: sizedField(1, 256),
  oauthFrom: z.enum(['github', 'wechat']),
  autoLogin: z.nullish(z.boolean()),
});

export const locationData = z.looseObject({ overseas: z.boolean(), city: z.optional(z.string()) });
export type LocationInfo = z.output<typeof locationData>;

export const internalAuthRequest = z.strictObject({ clientId: sizedField(1) });
/** data of internal/auth: a one-time code (60 s, single use) for the client's redirect. */
export const internalAuthData = z.looseObject({ code: z.string() });
export type InternalAuthData = z.input<typeof internalAuthData>;

/** data of cipher/getPubKey: the RSA public key (PEM, SPKI) for the password envelope. */
export const pubKeyData = z.looseObject({ pubKey: z.string() });
export type PubKeyData = z.input<typeof pubKeyData>;
