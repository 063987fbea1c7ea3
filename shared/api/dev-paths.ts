/**
 * The local UAA's development pages and switches (never in production). The BFF proxies the
 * browser's `/__dev/*` to the embedded local UAA in demo mode, so these paths are the same on both.
 */
import type { OauthProvider } from '../contract/login';

export const DEV_PATHS = {
  /** GET: what the local UAA "sent" (JSON array, newest last). */
  outbox: '/__dev/outbox',
  /** POST { overseas, city } sets what getLocationInfo answers for everybody; DELETE restores the default. */
  location: '/__dev/location',
  /** GET <id>: an uploaded picture. */
  files: '/__dev/files',
  /** GET: recorded tracking events. */
  tracking: '/__dev/tracking',
  /** GET ?state&redirect_uri[&type]: a simulated consent page; POST: its Approve / Deny form. */
  oauth: (provider: OauthProvider) => `/__dev/oauth/${provider}`,
} as const;

/** What getLocationInfo answers until a test or a developer says otherwise. */
export const DEFAULT_DEV_LOCATION = { overseas: false, city: 'Shanghai' } as const;

/** A message the local UAA "sent" (the outbox's rows). */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  at: string;
}
