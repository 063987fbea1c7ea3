/**
 * The seal's verifier (ADR 0010, docs/security-events.md "Verifying"): reads the lines of one or
 * more files in the order given (a replica's rotated files, oldest first; its restarts) and says
 * whether every stream in them is whole, or names the first place each is not: a line deleted,
 * changed, reordered, inserted, resealed with a later epoch's key, another replica's line, or a
 * stream that stops without its closing seal. A line repeated exactly (a shipper's resend after
 * its collector came back) is counted and skipped: it adds nothing and hides nothing.
 */
import type { KeyObject } from 'node:crypto';
import { macOf, nextKey, UNKEYED_K0, unwrapKey } from './seal';

export interface Source {
  /** The file's name, as problems report it. */
  name: string;
  text: string;
}

export interface Problem {
  /** `file:line` */
  at: string;
  what: string;
}

export interface Verdict {
  problems: Problem[];
  streams: number;
  events: number;
  /** Lines met twice, exactly (a resend), skipped. */
  repeated: number;
}

export interface VerifyOptions {
  /** The security team's private key; without it only streams no public key sealed can be checked. */
  privateKey?: KeyObject;
}

interface Seal {
  stream: string;
  seq: number;
  epoch: number;
  prev?: string;
  mac: string;
}

interface Line {
  at: string;
  body: string;
  seal: Seal;
  event: Record<string, unknown>;
}

interface Stream {
  id: string;
  key: Buffer;
  epoch: number;
  origin: number;
  epochMs: number;
  nextSeq: number;
  lastMac: string;
  /** Recent lines' text by sequence number: a resent line is one of these, exactly. */
  recent: Map<number, string>;
  lastAt: string;
  lastTime: string;
  closed: boolean;
  /** A problem was reported: its further lines are not checked. */
  failed: boolean;
}

/** How far a line may be dated before its epoch began (clocks disagree a little): never a whole epoch. */
const SKEW_MS = 5000;
/** How far ahead a missing or misplaced line is looked for, to tell reordered from deleted or inserted. */
const LOOKAHEAD = 64;
/** Lines kept to recognise a resend: more than a shipper resends after a reconnect. */
const RECENT = 10_000;
/** More epochs than 180 days of one-minute epochs: a line claiming more is not worth deriving keys for. */
const MAX_EPOCHS_AHEAD = 300_000;
/** How a sealed line ends: `,"mac":"<43 characters of base64url>"}}`. */
const MAC_TAIL = /^,"mac":"([A-Za-z0-9_-]{43})"\}\}$/;
const MAC_TAIL_LENGTH = ',"mac":""}}'.length + 43;

const isTrail = (event: Record<string, unknown>, action: string) =>
  event.type === 'audit_trail' && event.action === action;

/** A security line of the input: its seal and the text its MAC covers; a problem, or nothing for other lines. */
function readLine(raw: string, at: string): Line | Problem | undefined {
  // Text before the JSON (a container runtime's or a syslog file's prefix) is not part of the event.
  const start = raw.indexOf('{');
  if (start < 0) return undefined;
  const text = raw.slice(start).replace(/\r$/, '');
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text.includes('"log":"security"') ? { at, what: 'a security line cut or garbled' } : undefined;
  }
  if (typeof event !== 'object' || event === null || event.log !== 'security') return undefined;
  const sealed = MAC_TAIL.exec(text.slice(-MAC_TAIL_LENGTH));
  const seal = event.seal as Seal | undefined;
  if (
    !sealed ||
    typeof seal !== 'object' ||
    seal === null ||
    seal.mac !== sealed[1] ||
    typeof seal.stream !== 'string' ||
    !Number.isSafeInteger(seal.seq) ||
    !Number.isSafeInteger(seal.epoch)
  )
    return { at, what: 'a security line without its seal: inserted, or written without one' };
  return { at, body: text.slice(0, -MAC_TAIL_LENGTH), seal, event };
}

export function verifyStreams(sources: Source[], opts: VerifyOptions = {}): Verdict {
  const lines: Line[] = [];
  const problems: Problem[] = [];
  const report = (at: string, what: string) => void problems.push({ at, what });
  for (const source of sources) {
    source.text.split('\n').forEach((raw, index) => {
      const line = readLine(raw, `${source.name}:${index + 1}`);
      if (line && 'seal' in line) lines.push(line);
      else if (line) report(line.at, line.what);
    });
  }

  const streams = new Map<string, Stream>();
  let current: Stream | undefined;
  let events = 0;
  let repeated = 0;
  /** The next line of the stream after position i: its sequence number and whether it links to `mac`. */
  const ahead = (i: number, stream: string) =>
    lines.slice(i + 1, i + 1 + LOOKAHEAD).filter((l) => l.seal.stream === stream);
  // The whole line, not its MAC alone: a changed copy keeps the MAC it was copied with.
  const isRepeat = (stream: Stream | undefined, line: Line) =>
    stream?.recent.get(line.seal.seq) === line.body + line.seal.mac;

  const failed = (id: string, at: string): Stream => ({
    id,
    key: Buffer.alloc(0),
    epoch: 0,
    origin: 0,
    epochMs: 1,
    nextSeq: 0,
    lastMac: '',
    recent: new Map(),
    lastAt: at,
    lastTime: '',
    closed: false,
    failed: true,
  });

  function open(line: Line): void {
    const { seal, event, at } = line;
    const id = seal.stream;
    const epochSeconds = event.epochSeconds;
    const origin = Date.parse(String(event.time));
    const fail = (what: string) => {
      report(at, what);
      streams.set(id, failed(id, at));
      current = streams.get(id);
    };
    if (typeof epochSeconds !== 'number' || !(epochSeconds > 0) || Number.isNaN(origin))
      return fail(`stream ${id}'s start has no epoch length or time: changed`);
    let key: Buffer | undefined;
    if (typeof event.sealedKey === 'string') {
      if (!opts.privateKey)
        return fail(`stream ${id} is sealed to the security team's key: verify with --key`);
      key = unwrapKey(opts.privateKey, event.sealedKey, id);
      if (!key)
        return fail(
          `stream ${id}'s key is sealed to another public key (${String(event.keyId)}), or its start was changed`,
        );
    } else if (opts.privateKey) {
      return fail(
        `stream ${id} is not sealed (SECURITY_LOG_SEAL_PUBLIC_KEY was unset): anyone could have rewritten it`,
      );
    } else key = Buffer.from(UNKEYED_K0);
    if (macOf(key, undefined, line.body) !== seal.mac)
      return fail(`stream ${id}'s start changed: its MAC does not hold`);
    current = {
      id,
      key,
      epoch: 0,
      origin,
      epochMs: epochSeconds * 1000,
      nextSeq: 1,
      lastMac: seal.mac,
      recent: new Map([[0, line.body + seal.mac]]),
      lastAt: at,
      lastTime: String(event.time),
      closed: false,
      failed: false,
    };
    streams.set(id, current);
    events += 1;
  }

  /** Whether a line's MAC holds under its epoch's key, derived forward from the stream's current one. */
  function macHolds(stream: Stream, line: Line): boolean {
    if (line.seal.epoch < stream.epoch || line.seal.epoch - stream.epoch > MAX_EPOCHS_AHEAD) return false;
    let key: Buffer = Buffer.from(stream.key);
    for (let epoch = stream.epoch; epoch < line.seal.epoch; epoch += 1) {
      const next = nextKey(key);
      key.fill(0);
      key = next;
    }
    const holds = macOf(key, line.seal.prev, line.body) === line.seal.mac;
    key.fill(0);
    return holds;
  }

  /** Why line i, the next of `stream` by its place in the input, is not what the replica sealed next. */
  function check(stream: Stream, line: Line, i: number): string | undefined {
    const { seal, event } = line;
    if (stream.closed) return `a line after stream ${stream.id}'s closing seal: inserted`;
    if (seal.seq < stream.nextSeq)
      return stream.recent.has(seal.seq) && !macHolds(stream, line)
        ? `a line inserted: a changed copy of sequence ${seal.seq}`
        : `sequence ${seal.seq} after ${stream.nextSeq - 1}: lines reordered`;
    // Whether the line due here comes a little later (looked for only when this one is not it).
    const nextFollows = () =>
      ahead(i, stream.id).some((l) => l.seal.seq === stream.nextSeq && l.seal.prev === stream.lastMac);
    if (seal.seq > stream.nextSeq) {
      if (!macHolds(stream, line))
        return nextFollows()
          ? 'a line inserted: the replica never wrote it'
          : 'changed: its MAC does not hold';
      if (nextFollows()) return `sequence ${seal.seq} before ${stream.nextSeq}: lines reordered`;
      const missing = seal.seq - stream.nextSeq;
      return `${missing} line${missing === 1 ? '' : 's'} missing before this one (sequence ${stream.nextSeq}${missing === 1 ? '' : `-${seal.seq - 1}`}): deleted, or lost on the way`;
    }
    // The next line by number: a line the replica never wrote in its place, or its own line changed.
    if (seal.prev !== stream.lastMac)
      return nextFollows()
        ? 'a line inserted: the replica never wrote it'
        : 'changed: it does not follow the line before';
    const moved = seal.epoch === stream.epoch + 1 && isTrail(event, 'epoch');
    if (seal.epoch !== stream.epoch && !moved)
      return seal.epoch > stream.epoch
        ? `sealed with epoch ${seal.epoch}'s key where epoch ${stream.epoch}'s was due (only an epoch seal moves the key on): an earlier line resealed with a later key`
        : `sealed with epoch ${seal.epoch}'s key after epoch ${stream.epoch} began: changed`;
    const key = moved ? nextKey(stream.key) : stream.key;
    const mac = macOf(key, seal.prev, line.body);
    if (moved && mac !== seal.mac) key.fill(0);
    if (mac !== seal.mac)
      return nextFollows() ? 'a line inserted: the replica never wrote it' : 'changed: its MAC does not hold';
    const epochStart = stream.origin + seal.epoch * stream.epochMs;
    const time = Date.parse(String(event.time));
    if (!(time >= epochStart - Math.min(SKEW_MS, stream.epochMs / 4)))
      return `dated ${String(event.time)}, before its epoch ${seal.epoch} began (${new Date(epochStart).toISOString()}): an earlier line resealed with a later key`;
    if (moved) {
      stream.key.fill(0);
      stream.key = key;
      stream.epoch += 1;
    }
    return undefined;
  }

  lines.forEach((line, i) => {
    const { seal, event, at } = line;
    const known = streams.get(seal.stream);
    if (isRepeat(known, line)) {
      repeated += 1;
      return;
    }
    if (isTrail(event, 'start') && seal.seq === 0 && seal.prev === undefined && !known) return open(line);
    if (!known) {
      report(
        at,
        current
          ? `a line of stream ${seal.stream}, whose start is in no file given, amid stream ${current.id}: two replicas' files mixed, or a line inserted`
          : `stream ${seal.stream} begins without its start: the file with its start is missing, or its head was cut`,
      );
      streams.set(seal.stream, failed(seal.stream, at));
      return;
    }
    if (known.failed) return;
    if (known !== current) {
      report(
        at,
        `a line of stream ${known.id} after stream ${current?.id ?? '?'} began: files given out of order, or two replicas' files mixed`,
      );
      known.failed = true;
      return;
    }
    const problem = check(known, line, i);
    if (problem) {
      report(at, problem);
      known.failed = true;
      return;
    }
    known.nextSeq += 1;
    known.lastMac = seal.mac;
    known.recent.set(seal.seq, line.body + seal.mac);
    known.recent.delete(seal.seq - RECENT);
    known.lastAt = at;
    known.lastTime = String(event.time);
    if (isTrail(event, 'close')) {
      known.closed = true;
      known.key.fill(0);
    }
    events += 1;
  });
  for (const stream of streams.values())
    if (!stream.closed && !stream.failed)
      report(
        stream.lastAt,
        `stream ${stream.id} stops here without its closing seal (last line ${stream.lastTime}, epoch ${stream.epoch}): the replica was killed, or the stream's tail was cut`,
      );
  return { problems, streams: streams.size, events, repeated };
}
