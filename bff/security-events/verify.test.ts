import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecurityEvents, type RequestContext } from './events';
import { macOf, nextKey, unwrapKey } from './seal';
import { runVerify } from './verify-cli';
import { verifyStreams, type Source } from './verify';

const team = generateKeyPairSync('x25519');
const T0 = Date.parse('2026-12-01T08:00:00.000Z');
const EPOCH_S = 60;
const context: RequestContext = { ip: '203.0.113.7', userAgent: 'verify-test', requestId: 'r-1' };

/** A replica's stream on a clock the test moves; its epoch timer fires when the clock passes it. */
function replica(publicKey: KeyObject | null = team.publicKey, start = T0) {
  let now = start;
  let timer: { fn: () => void; at: number } | undefined;
  const lines: string[] = [];
  const events = createSecurityEvents({
    destination: { write: (line) => void lines.push(line) },
    hashKey: 'h'.repeat(32),
    sealPublicKey: publicKey ?? undefined,
    sealEpochSeconds: EPOCH_S,
    clock: () => now,
    schedule: (fn, ms) => {
      const mine = { fn, at: now + ms };
      timer = mine;
      return () => {
        if (timer === mine) timer = undefined;
      };
    },
  });
  let n = 0;
  return {
    events,
    lines,
    emit(count: number) {
      for (let i = 0; i < count; i += 1)
        events.emit(context, {
          type: 'login',
          action: 'password',
          outcome: 'success',
          target: `user${(n += 1)}`,
        });
    },
    advance(ms: number) {
      now += ms;
      while (timer && timer.at <= now) {
        const due = timer;
        timer = undefined;
        due.fn();
      }
    },
  };
}

/** Two runs of one replica (sealed to `publicKey`; null: to none) in one file: 3 events, an epoch, 3, another epoch, 2, a closing seal; restarted, 2 more. */
function restartedReplica(publicKey: KeyObject | null = team.publicKey): string[] {
  const first = replica(publicKey);
  first.emit(3);
  first.advance(61_000);
  first.emit(3);
  first.advance(60_000);
  first.emit(2);
  first.events.close();
  const second = replica(publicKey, T0 + 200_000);
  second.emit(2);
  second.events.close();
  return [...first.lines, ...second.lines];
}

const text = (lines: string[]) => lines.join('');
/** Verified with the team's key, or with none (null). */
const verify = (sources: Source[], privateKey: KeyObject | null = team.privateKey) =>
  verifyStreams(sources, { privateKey: privateKey ?? undefined });
const one = (name: string, lines: string[]) => [{ name, text: text(lines) }];

describe('an intact stream', () => {
  it('passes across a restart, key epochs and rotated files', () => {
    const lines = restartedReplica();
    const kinds = lines.map((line) => JSON.parse(line) as { type: string; action: string });
    expect(kinds.filter((e) => e.type === 'audit_trail').map((e) => e.action)).toEqual([
      'start',
      'epoch',
      'epoch',
      'close',
      'start',
      'close',
    ]);
    const verdict = verify([
      { name: 'security.jsonl.1', text: text(lines.slice(0, 7)) },
      { name: 'security.jsonl', text: text(lines.slice(7)) },
    ]);
    expect(verdict).toEqual({ problems: [], streams: 2, events: lines.length, repeated: 0 });
  });

  it('keeps the event as it was and adds its seal; the key leaves the process only sealed to the team', () => {
    const { lines, emit, events } = replica();
    emit(1);
    const [start, login] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(start).toMatchObject({
      log: 'security',
      v: 3,
      type: 'audit_trail',
      action: 'start',
      epochSeconds: EPOCH_S,
      sealedKey: expect.stringMatching(/^x25519\./),
      seal: { stream: events.streamId, seq: 0, epoch: 0, mac: expect.any(String) },
    });
    expect(login).toMatchObject({ type: 'login', ip: '203.0.113.7', target: { masked: 'u***' } });
    expect(login!.seal).toEqual({
      stream: events.streamId,
      seq: 1,
      epoch: 0,
      prev: (start!.seal as { mac: string }).mac,
      mac: expect.stringMatching(/^[\w-]{43}$/),
    });
    const k0 = unwrapKey(team.privateKey, start!.sealedKey as string, events.streamId)!;
    for (const encoding of ['hex', 'base64', 'base64url'] as const)
      expect(text(lines)).not.toContain(k0.toString(encoding));
  });

  it('without a public key is a hash chain: checked whole without a key, refused as unsealed with one', () => {
    const lines = restartedReplica(null);
    expect(JSON.parse(lines[0]!)).not.toHaveProperty('sealedKey');
    expect(verify(one('plain.jsonl', lines), null).problems).toEqual([]);
    expect(verify(one('plain.jsonl', lines)).problems[0]).toEqual({
      at: 'plain.jsonl:1',
      what: expect.stringContaining('is not sealed'),
    });
  });

  it('seals to an RSA key too, and names a stream sealed to another key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const lines = restartedReplica(rsa.publicKey);
    expect(JSON.parse(lines[0]!).sealedKey).toMatch(/^rsa-oaep-256\./);
    expect(verify(one('rsa.jsonl', lines), rsa.privateKey).problems).toEqual([]);
    expect(verify(one('rsa.jsonl', lines)).problems[0]!.what).toMatch(/sealed to another public key/);
    expect(verify(one('rsa.jsonl', lines), null).problems[0]!.what).toMatch(/verify with --key/);
  });
});

describe('a tampered stream', () => {
  const lines = restartedReplica();
  const problemsOf = (changed: string[]) => verify(one('s.jsonl', changed)).problems;

  it('names a deleted line', () => {
    expect(problemsOf(lines.toSpliced(5, 1))).toEqual([
      { at: 's.jsonl:6', what: '1 line missing before this one (sequence 5): deleted, or lost on the way' },
    ]);
  });

  it('names a changed line', () => {
    const changed = lines.with(2, lines[2]!.replace('"outcome":"success"', '"outcome":"failure"'));
    expect(problemsOf(changed)).toEqual([{ at: 's.jsonl:3', what: 'changed: its MAC does not hold' }]);
  });

  it('names reordered lines', () => {
    const reordered = lines.with(2, lines[3]!).with(3, lines[2]!);
    expect(problemsOf(reordered)).toEqual([
      { at: 's.jsonl:3', what: 'sequence 3 before 2: lines reordered' },
    ]);
  });

  it('names an inserted line, a made-up one or a changed copy', () => {
    const made = JSON.parse(lines[3]!) as { seal: { mac: string } };
    const forged = lines[3]!.replace(made.seal.mac, 'A'.repeat(43)).replace('user3', 'admin');
    expect(problemsOf(lines.toSpliced(3, 0, forged))).toEqual([
      { at: 's.jsonl:4', what: 'a line inserted: the replica never wrote it' },
    ]);
    const copy = lines[1]!.replace('"outcome":"success"', '"outcome":"failure"');
    expect(problemsOf(lines.toSpliced(4, 0, copy))).toEqual([
      { at: 's.jsonl:5', what: 'a line inserted: a changed copy of sequence 1' },
    ]);
  });

  it('names a stream whose tail was cut, by its last line', () => {
    const problems = problemsOf(lines.slice(0, -2));
    expect(problems).toEqual([
      { at: 's.jsonl:14', what: expect.stringMatching(/^stream \S+ stops here without its closing seal/) },
    ]);
  });

  it("names two replicas' files swapped", () => {
    const a = restartedReplica();
    const b = restartedReplica();
    const problems = verify([
      { name: 'a/security.jsonl.1', text: text(a.slice(0, 7)) },
      { name: 'b/security.jsonl', text: text(b.slice(7)) },
    ]).problems;
    expect(problems).toContainEqual({
      at: 'b/security.jsonl:1',
      what: expect.stringMatching(/^a line of stream \S+, whose start is in no file given, amid stream/),
    });
    expect(problems).toContainEqual({
      at: 'a/security.jsonl.1:7',
      what: expect.stringMatching(/stops here without its closing seal/),
    });
  });

  it("names old lines resealed with a later epoch's key (CVE-2023-31439)", () => {
    // An intruder who read epoch 2's key rewrites line 3 (epoch 0) and reseals it and every line
    // after it with that key, so that the chain links again.
    const start = JSON.parse(lines[0]!) as { sealedKey: string; seal: { stream: string } };
    const k0 = unwrapKey(team.privateKey, start.sealedKey, start.seal.stream)!;
    const k2 = nextKey(nextKey(k0));
    const resealed = [...lines];
    let prev = (JSON.parse(lines[1]!) as { seal: { mac: string } }).seal.mac;
    for (let i = 2; i < 12; i += 1) {
      const line = (i === 2 ? lines[i]!.replace('user2', 'admin') : lines[i]!).trimEnd();
      const body = line
        .slice(0, line.lastIndexOf(',"mac":'))
        .replace(/"epoch":\d+,"prev":"[\w-]+"$/, `"epoch":2,"prev":"${prev}"`);
      prev = macOf(k2, prev, body);
      resealed[i] = `${body},"mac":"${prev}"}}\n`;
    }
    expect(problemsOf(resealed)).toEqual([
      {
        at: 's.jsonl:3',
        what: "sealed with epoch 2's key where epoch 0's was due (only an epoch seal moves the key on): an earlier line resealed with a later key",
      },
    ]);
  });

  it('names a line dated before the epoch whose key sealed it (an old event written again with a later key)', () => {
    // An intruder holding epoch 1's key writes, after the epoch-1 seal, a changed copy of an
    // epoch-0 event with its old time, and renumbers and reseals the rest of epoch 1.
    const start = JSON.parse(lines[0]!) as { sealedKey: string; seal: { stream: string } };
    const k1 = nextKey(unwrapKey(team.privateKey, start.sealedKey, start.seal.stream)!);
    let prev = (JSON.parse(lines[4]!) as { seal: { mac: string } }).seal.mac;
    const forged = [lines[2]!.replace('user2', 'admin'), ...lines.slice(5, 8)].map((line, i) => {
      const text = line.trimEnd();
      const body = text
        .slice(0, text.lastIndexOf(',"mac":'))
        .replace(/"seq":\d+,"epoch":\d+,"prev":"[\w-]+"$/, `"seq":${5 + i},"epoch":1,"prev":"${prev}"`);
      prev = macOf(k1, prev, body);
      return `${body},"mac":"${prev}"}}\n`;
    });
    expect(problemsOf([...lines.slice(0, 5), ...forged])).toEqual([
      {
        at: 's.jsonl:6',
        what: expect.stringMatching(
          /^dated 2026-12-01T08:00:00.000Z, before its epoch 1 began \(2026-12-01T08:01:00.000Z\)/,
        ),
      },
    ]);
  });

  it('skips a line repeated exactly (a resend after a collector came back), and only that', () => {
    const resent = lines.toSpliced(6, 0, lines[4]!, lines[5]!);
    expect(verify(one('s.jsonl', resent))).toMatchObject({ problems: [], repeated: 2 });
  });
});

describe('npm run events:verify', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'events-verify-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const keyFile = path.join(dir, 'team.pem');
  writeFileSync(keyFile, team.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const lines = restartedReplica();
  const run = (...argv: string[]) => {
    const out: string[] = [];
    const code = runVerify(argv, { out: (line) => out.push(line), err: (line) => out.push(line) });
    return { code, out };
  };

  it('says intact and exits 0 over rotated files, one of them compressed', () => {
    const older = path.join(dir, 'security.jsonl.1.gz');
    const newer = path.join(dir, 'security.jsonl');
    writeFileSync(older, gzipSync(text(lines.slice(0, 7))));
    writeFileSync(newer, text(lines.slice(7)));
    expect(run('--key', keyFile, older, newer)).toEqual({
      code: 0,
      out: ['intact: 2 stream(s), 16 event(s)'],
    });
  });

  it('prints file:line and what, and exits 1, for a broken stream; 2 without files', () => {
    const file = path.join(dir, 'cut.jsonl');
    writeFileSync(file, text(lines.toSpliced(5, 1)));
    expect(run('--key', keyFile, file)).toEqual({
      code: 1,
      out: [`${file}:6: 1 line missing before this one (sequence 5): deleted, or lost on the way`],
    });
    expect(run('--key', keyFile).code).toBe(2);
  });
});
