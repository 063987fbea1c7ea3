import type { APIRequestContext, Page } from './fixtures';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
}

/** The newest message the local UAA "sent" to an address, polled briefly. */
export async function lastMessageTo(request: APIRequestContext, to: string): Promise<OutboxMessage> {
  for (let i = 0; i < 20; i++) {
    const res = await request.get('/__dev/outbox', { headers: { Accept: 'application/json' } });
    const messages = (await res.json()) as OutboxMessage[];
    const found = messages.filter((m) => m.to === to).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no message to ${to}`);
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** Everything the page's JavaScript can read where a token might hide. */
export async function jsReadableStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k) ?? ''}`);
    return [document.cookie, ...dump(localStorage), ...dump(sessionStorage)].join('\n');
  });
}
