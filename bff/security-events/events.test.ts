import { describe, expect, it } from 'vitest';
import { prng, type Rng } from '@tests/fuzz/generate';
import {
  createSecurityEvents,
  SECURITY_EVENT_MAX_BYTES,
  SECURITY_EVENT_TYPES,
  SECURITY_EVENTS_VERSION,
  TRUNCATED,
  type EventInput,
  type RequestContext,
} from './events';

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

/** Events written to an array, one line each, sealed; the stream's start (its first line) left out. */
function stream() {
  const lines: string[] = [];
  let started = false;
  const events = createSecurityEvents({
    destination: { write: (line) => void (started ? lines.push(line) : (started = true)) },
  });
  return { lines, events };
}

const bytes = (line: string) => Buffer.byteLength(line, 'utf8');

describe("an event's size", () => {
  const context: RequestContext = { ip: '203.0.113.7', userAgent: 'agent/1.0', requestId: 'r-1' };

  it('is what its caller said when it fits: nothing cut, nothing marked', () => {
    const { lines, events } = stream();
    const details = { rule: 'proxied-per-ip', path: '/admin/user', ids: ['p-1', 'p-2'], roleIds: [1, 2] };
    events.emit(context, {
      type: 'rate_limited',
      action: 'limit',
      outcome: 'failure',
      code: 'A0301',
      details,
    });
    const { time, seal, ...event } = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(typeof time).toBe('string');
    expect(seal).toMatchObject({ seq: 1, epoch: 0 });
    expect(event).toEqual({
      log: 'security',
      v: SECURITY_EVENTS_VERSION,
      type: 'rate_limited',
      action: 'limit',
      outcome: 'failure',
      code: 'A0301',
      ...context,
      ...details,
    });
  });

  it('cuts a long string where the bound needs, with a marker, and keeps its start', () => {
    const { lines, events } = stream();
    const path = `/admin/${'a'.repeat(12 * 1024)}`;
    events.emit(
      { ...context, userAgent: `Mozilla/5.0 ${'\u0001'.repeat(4096)}` },
      { type: 'rate_limited', action: 'limit', outcome: 'failure', details: { rule: 'r', path } },
    );
    expect(bytes(lines[0]!)).toBeLessThanOrEqual(SECURITY_EVENT_MAX_BYTES);
    const event = JSON.parse(lines[0]!) as Record<string, string>;
    expect(event.path).toMatch(/^\/admin\/a{100,}…\[truncated\]$/);
    // Cut by its bytes as written: a control character is six (\u0001).
    expect(event.userAgent!.startsWith('Mozilla/5.0 \u0001')).toBe(true);
    expect(event.userAgent!.endsWith(TRUNCATED)).toBe(true);
    expect(bytes(JSON.stringify(event.userAgent))).toBeGreaterThan(200);
    expect(bytes(JSON.stringify(event.userAgent))).toBeLessThanOrEqual(256);
    // Cut, not dropped: the rest of the event is all there.
    expect(event).toMatchObject({ type: 'rate_limited', rule: 'r', ip: context.ip, requestId: 'r-1' });
    expect(event.truncated).toBeUndefined();
  });

  it('never passes the bound, whatever its fields: 1,000 events from a fixed seed', () => {
    const { lines, events } = stream();
    const generate = generator(prng(41));
    let over = 0;
    for (let i = 0; i < 1000; i++) {
      const from = generate.context();
      const input = generate.input();
      if (bytes(JSON.stringify({ ...from, ...input })) > SECURITY_EVENT_MAX_BYTES) over++;
      events.emit(from, input);
    }
    // The generator does make events past the bound, some cut and some with fields left out.
    expect(over).toBeGreaterThan(250);
    expect(lines).toHaveLength(1000);
    expect(lines.filter((line) => line.includes(TRUNCATED)).length).toBeGreaterThan(100);
    expect(lines.filter((line) => line.includes('"truncated":true')).length).toBeGreaterThan(100);
    for (const line of lines) {
      expect(bytes(line), line.slice(0, 200)).toBeLessThanOrEqual(SECURITY_EVENT_MAX_BYTES);
      expect(line.endsWith('}\n')).toBe(true);
      // What every event has stays, whatever else had to go.
      const event = JSON.parse(line) as Record<string, unknown>;
      expect(event).toMatchObject({ log: 'security', v: SECURITY_EVENTS_VERSION });
      for (const field of ['time', 'type', 'outcome', 'requestId'])
        expect(typeof event[field]).toBe('string');
    }
  });
});

/**
 * Strings of every size and of every kind of character JSON writes longer than one byte. An
 * event's generated values share one budget of characters, so that a large event stays cheap.
 */
function generator(r: Rng) {
  let budget = 0;
  const kinds = [
    () => String.fromCharCode(0x20 + r.int(95)),
    () => r.pick(['"', '\\', '\u0001', '\n', '\u2028', '\u0085']),
    () => String.fromCharCode(0xd800 + r.int(0x800)),
    () => r.pick(['😀', '中', 'é']),
  ];
  const string = (): string => {
    const length = Math.min(Math.max(budget, 0), r.pick([0, 1, 8, 60, 255, 300, 1500, 13_000]));
    budget -= length;
    // A run of up to 40 characters, repeated: long strings cost no more to make than short ones.
    const kind = r.pick(kinds);
    let run = '';
    for (let i = 0; i < Math.min(length, 1 + r.int(40)); i++) run += r.chance(0.8) ? kind() : r.pick(kinds)();
    return run.repeat(Math.ceil(length / Math.max(run.length, 1))).slice(0, length);
  };
  const value = (depth: number): unknown => {
    budget -= 40;
    switch (budget <= 0 ? 0 : r.int(depth > 3 ? 4 : 6)) {
      case 0:
        return r.pick([0, -1, 1.5, 1e308, Number.NaN, true, false, null]);
      case 1:
      case 2:
      case 3:
        return string();
      case 4:
        return Array.from({ length: r.pick([0, 2, 50, 500]) }, () => value(depth + 1));
      default:
        return details(depth + 1);
    }
  };
  const details = (depth = 0): Record<string, unknown> => {
    const fields: Record<string, unknown> = {};
    const count = r.pick([0, 1, 3, 40, 300]);
    for (let i = 0; i < count; i++) fields[r.chance(0.9) ? `f${i}` : string()] = value(depth);
    return fields;
  };
  const maybe = () => (r.chance(0.5) ? string() : undefined);
  return {
    context(): RequestContext {
      budget = 5_000;
      return {
        ip: r.chance(0.9) ? '198.51.100.4' : string(),
        userAgent: maybe(),
        requestId: r.chance(0.9) ? `r-${r.int(1e6)}` : string(),
        traceId: maybe(),
      };
    },
    input(): EventInput {
      budget = 20_000;
      return {
        type: r.pick(SECURITY_EVENT_TYPES),
        action: maybe(),
        outcome: r.pick(['success', 'failure', 'unknown'] as const),
        code: maybe(),
        target: maybe(),
        actor: maybe(),
        token: maybe(),
        details: r.chance(0.8) ? details() : undefined,
      };
    },
  };
}
