import { describe, expect, it } from 'vitest';
import { createSecurityEvents, type RequestContext } from './events';

describe('an event line', () => {
  it('is one line for every reader: no character a reader ends a line at, whatever the request said', () => {
    const lines: string[] = [];
    const events = createSecurityEvents({ destination: { write: (line) => void lines.push(line) } });
    const context: RequestContext = {
      ip: '203.0.113.7',
      userAgent: 'agent\u0085two\u2028three',
      requestId: 'r-1',
    };
    events.emit(context, {
      type: 'login',
      action: 'password',
      outcome: 'failure',
      details: { clientId: 'c\u2029d', ids: ['e\u2028f'] },
    });
    // The stream's start, then the event.
    expect(lines).toHaveLength(2);
    expect(lines[1]).not.toMatch(/[\u0085\u2028\u2029]/);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      userAgent: 'agent two three',
      clientId: 'c d',
      ids: ['e f'],
    });
  });
});
