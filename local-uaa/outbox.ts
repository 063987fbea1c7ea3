/**
 * Where the local UAA "sends" SMS and e-mails (DESIGN.md §8): developers and tests read them at
 * GET /__dev/outbox. It also owns the per-target send throttle, since "one message per target per
 * 60 s" is a property of sending, whichever flow sends.
 */
import type { OutboxMessage } from '@shared/api/dev-paths';
import type { Logger } from './logger';

export const SEND_INTERVAL_MS = 60_000;
// Enough history for a demo or a test run without growing forever in a long-lived dev server.
const MAX_MESSAGES = 500;

export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  private readonly lastSentAt = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  /** True while a message to this target was sent less than 60 s ago. */
  isThrottled(to: string): boolean {
    const last = this.lastSentAt.get(to.toLowerCase());
    return last !== undefined && this.now() - last < SEND_INTERVAL_MS;
  }

  send(message: Omit<OutboxMessage, 'at'>): OutboxMessage {
    const at = this.now();
    const sent: OutboxMessage = { ...message, at: new Date(at).toISOString() };
    this.messages.push(sent);
    if (this.messages.length > MAX_MESSAGES) this.messages.shift();
    this.lastSentAt.set(message.to.toLowerCase(), at);
    this.logger.info(`local-uaa: ${message.channel} to ${message.to}: ${message.subject}`);
    return sent;
  }

  /** Oldest first, newest last. */
  list(): readonly OutboxMessage[] {
    return this.messages;
  }
}
