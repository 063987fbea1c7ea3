/** Payload and reply types of spec §3 and §7. */
export type Locale = 'zh-CN' | 'en-US';
export type PasswordScene = 'register' | 'login' | 'resetPassword';

export interface UserInfo {
  ssoUid: string;
  username: string | null;
  phone: string | null;
  email: string | null;
  githubAccount: string | null;
  wechat: string | null;
  wechatName: string | null;
  nickname: string;
}

export interface LoginReply {
  msgCode: string;
  msg: string;
  ssouid: string;
  phone: string | null;
  data: { ssoCode?: string; token?: string; data: { username: string | null } };
}

export interface LoginByAccountPayload {
  account: string;
  password: string;
  autoLogin: boolean;
}

export interface LoginByPhonePayload {
  phone: string;
  code: string;
  autoLogin: boolean;
  source?: string;
  clientId?: string;
}

export interface RegisterCheckPayload {
  item: string;
  type: 'phone' | 'email';
}

export interface RegisterByEmailPayload {
  username: string;
  email: string;
  password: string;
  code?: string;
  source?: string;
}

export interface RegisterByPhonePayload {
  username: string;
  phone: string;
  code: string;
  password: string;
  source?: string;
}

export interface ActivatePayload {
  sign: string;
  token: string;
}

export interface CaptchaResult {
  captchaVerifyParam: string;
  sceneId: string;
  prefix: string;
}

export interface LocationInfo {
  overseas: boolean;
  city: string;
}

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  at: string;
}

/** data of cipher/getPubKey: the RSA public key (PEM, SPKI) for the password envelope. */
export interface PubKeyData {
  pubKey: string;
}

/** data of register/check. */
export interface ExistData {
  exist: boolean;
}

/** data of register/byEmail. */
export interface RegisterByEmailData {
  ssoUid: string;
}

export interface InternalAuthPayload {
  clientId: string;
}

/** data of internal/auth: a one-time code (60 s, single use) for the client's redirect. */
export interface InternalAuthData {
  code: string;
}

/** The static allow-list JSON (spec §3), not an envelope. */
export interface RedirectWhiteList {
  redirectWhiteList: string[];
}
