/** The legacy UAA's reply envelope: success only when msgCode is '10000' (spec §7). */
export const SUCCESS_CODE = '10000';

export interface Envelope<T = unknown> {
  msgCode: string;
  msg: string;
  data?: T;
}

export function isSuccess(reply: unknown): reply is Envelope {
  return typeof reply === 'object' && reply !== null && (reply as Envelope).msgCode === SUCCESS_CODE;
}

/** Headers the browser sends and the BFF passes on (DESIGN.md §7). */
export const HEADERS = {
  csrf: 'x-csrf',
  lang: 'lang',
  /** Marks a request made from inside an iframe (spec §4). */
  iframe: 'x-request-source',
  requestId: 'x-request-id',
  /**
   * The account (ssoUid) a signed-in page shows, on the calls it makes for it: the BFF checks it
   * against the session's and never passes it upstream (issue 40).
   */
  account: 'x-account',
  captchaVerifyParam: 'captchaverifyparam',
  captchaSceneId: 'sceneid',
  captchaPrefix: 'prefix',
} as const;

export const IFRAME_MARKER_VALUE = 'iframe';
export const LOCAL_CAPTCHA_PASS = 'local-captcha-pass';

/** A passed captcha, sent as the three headers above. */
export interface CaptchaResult {
  captchaVerifyParam: string;
  sceneId: string;
  prefix: string;
}
