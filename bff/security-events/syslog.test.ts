/**
 * The sealed stream into a real collector: Debian's rsyslog (scripts/test.sh installs it), started
 * here on a loopback port with a configuration and work directory of its own, receiving RFC 5424
 * over TCP and writing each message as it is, one JSON line each. It is restarted while events
 * flow, and the verifier passes on its file with every event there; a full buffer says so in the
 * local stream and the metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import { createMetrics } from '../metrics/metrics';
import type { AllowlistSource } from '../redirect/allowlist';
import { createSecurityEvents, type RequestContext } from './events';
import { createSyslogShipper, type SyslogShipper } from './syslog';
import { startUpstream } from '@tests/support/upstream-double';
import { freeFixedPort, until as untilWithin } from '@tests/support/http';
import { accepts } from '@tests/support/nginx-upstream';
import { verifyStreams } from './verify';

const RSYSLOGD = '/usr/sbin/rsyslogd';
const team = generateKeyPairSync('x25519');
const context: RequestContext = { ip: '198.51.100.4', userAgent: 'syslog-test', requestId: 'r-1' };
const logger = createLogger('silent');

let dir: string;
let port: number;
let rsyslog: ChildProcess | undefined;

/** What rsyslog does takes longer than a Redis: 8 s unless said. */
const until = (what: string, check: () => boolean | Promise<boolean>, timeoutMs = 8000) =>
  untilWithin(what, check, timeoutMs);

const received = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const lineCount = (file: string) => received(file).split('\n').filter(Boolean).length;

/** rsyslog's configuration: one TCP input on loopback, every message written as it came (docs/operations.md). */
function writeConfig(): string {
  const work = path.join(dir, 'work');
  mkdirSync(work, { recursive: true });
  const file = path.join(dir, 'rsyslog.conf');
  writeFileSync(
    file,
    `global(workDirectory="${work}" maxMessageSize="64k")
module(load="imtcp")
template(name="asWritten" type="string" string="%msg%\\n")
ruleset(name="uaa-sso-security") {
  if $app-name == "uaa-sso" and $msgid == "security" then {
    action(type="omfile" file="${path.join(dir, 'security.jsonl')}" template="asWritten")
  }
}
input(type="imtcp" port="${port}" address="127.0.0.1" ruleset="uaa-sso-security")
`,
  );
  return file;
}

async function startRsyslog(): Promise<void> {
  rsyslog = spawn(
    RSYSLOGD,
    ['-n', '-f', path.join(dir, 'rsyslog.conf'), '-i', path.join(dir, 'rsyslog.pid')],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  await until('rsyslogd to listen', () => accepts(port));
}

async function stopRsyslog(): Promise<void> {
  const child = rsyslog;
  rsyslog = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** rsyslog from an empty file (it keeps a file it writes open: one removed under it takes its lines away). */
async function freshCollector(): Promise<string> {
  await stopRsyslog();
  const file = path.join(dir, 'security.jsonl');
  rmSync(file, { force: true });
  await startRsyslog();
  return file;
}

beforeAll(async () => {
  if (!existsSync(RSYSLOGD)) throw new Error(`${RSYSLOGD} is missing: apt-get install rsyslog`);
  dir = mkdtempSync(path.join(tmpdir(), 'rsyslog-'));
  port = await freeFixedPort();
  writeConfig();
});

afterAll(async () => {
  await stopRsyslog();
  rmSync(dir, { recursive: true, force: true });
});

/** A stream that ships to rsyslog as well as to its own lines. */
function shippedStream(bufferSize: number) {
  const local: string[] = [];
  const into: { events?: ReturnType<typeof createSecurityEvents> } = {};
  const shipper: SyslogShipper = createSyslogShipper({
    target: { protocol: 'tcp', host: '127.0.0.1', port },
    bufferSize,
    logger,
    hostname: 'replica-1',
    retryMinMs: 20,
    retryMaxMs: 100,
    report: (action, details) =>
      into.events?.trail(action, action === 'ship-overflow' ? 'failure' : 'success', details),
  });
  const events = createSecurityEvents({
    destination: { write: (line) => void local.push(line) },
    hashKey: 'h'.repeat(32),
    sealPublicKey: team.publicKey,
    ship: shipper,
  });
  into.events = events;
  let n = 0;
  const emit = () =>
    events.emit(context, {
      type: 'code_send',
      action: 'sms',
      outcome: 'success',
      target: `1380013${String((n += 1)).padStart(4, '0')}`,
    });
  return { local, shipper, events, emit };
}

describe('the security events in rsyslog', () => {
  it('are all there, sealed and intact, though rsyslog restarts while they flow', async () => {
    const file = await freshCollector();
    const { local, shipper, events, emit } = shippedStream(10_000);
    const flowing = setInterval(emit, 2);
    await until('events in rsyslog', () => lineCount(file) > 20);
    await stopRsyslog();
    await until(
      'events held while rsyslog is down',
      () => shipper.stats().queued > 10 && !shipper.stats().connected,
    );
    await startRsyslog();
    await until('the held events shipped', () => shipper.stats().connected && shipper.stats().queued === 0);
    const shippedBefore = local.length;
    await until('events flowing after the restart', () => local.length > shippedBefore + 10);
    clearInterval(flowing);
    events.close();
    await shipper.close();
    await until('the closing seal in rsyslog', () => received(file).includes('"action":"close"'));

    const verdict = verifyStreams([{ name: 'security.jsonl', text: received(file) }], {
      privateKey: team.privateKey,
    });
    expect(verdict.problems).toEqual([]);
    expect(verdict.events).toBe(local.length);
    expect(local.length).toBeGreaterThan(40);
    // The message is the line as the replica wrote it, byte for byte.
    const lines = new Set(received(file).split('\n').filter(Boolean));
    for (const line of local) expect(lines.has(line.trimEnd())).toBe(true);
    expect(shipper.stats().dropped).toBe(0);
  });

  it('beyond the buffer, drops the newest, says so in the local stream and the metrics, and the verifier names the gap', async () => {
    const file = await freshCollector();
    await stopRsyslog();
    const { local, shipper, events, emit } = shippedStream(5);
    const metrics = createMetrics({
      allowlist: { ageSeconds: () => 0 } as unknown as AllowlistSource,
      rateLimitStoreUp: () => undefined,
      rateLimitsHeld: () => undefined,
      securityShipping: shipper.stats,
    });
    // The start, then 9 events: 5 held, the rest dropped.
    for (let i = 0; i < 9; i += 1) emit();
    const trail = local.map((line) => JSON.parse(line) as { action: string; bufferSize?: number });
    expect(trail.filter((e) => e.action === 'ship-overflow')).toEqual([
      expect.objectContaining({ type: 'audit_trail', outcome: 'failure', bufferSize: 5 }),
    ]);
    const exposition = await metrics.registry.metrics();
    expect(exposition).toMatch(/^bff_security_events_ship_dropped_total 6$/m);
    expect(exposition).toMatch(/^bff_security_events_ship_queued 5$/m);
    expect(exposition).toMatch(/^bff_security_events_ship_connected 0$/m);

    await startRsyslog();
    await until('the held events shipped', () => shipper.stats().connected && shipper.stats().queued === 0);
    emit();
    events.close();
    await shipper.close();
    await until('the closing seal in rsyslog', () => received(file).includes('"action":"close"'));
    expect(local.map((line) => JSON.parse(line) as { action: string })).toContainEqual(
      expect.objectContaining({ action: 'ship-resumed', dropped: 6, droppedSeq: [5, 10] }),
    );
    const privateKey = team.privateKey;
    expect(verifyStreams([{ name: 'local', text: local.join('') }], { privateKey }).problems).toEqual([]);
    expect(verifyStreams([{ name: 'rsyslog', text: received(file) }], { privateKey }).problems).toEqual([
      {
        at: 'rsyslog:6',
        what: '6 lines missing before this one (sequence 5-10): deleted, or lost on the way',
      },
    ]);
  });
});

describe('the BFF process', () => {
  it('starts its stream sealed, ships it, and ends it with the closing seal on SIGTERM', async () => {
    const file = await freshCollector();
    const localFile = path.join(dir, 'local', 'security.jsonl');
    const keyFile = path.join(dir, 'team.pub.pem');
    writeFileSync(keyFile, team.publicKey.export({ type: 'spki', format: 'pem' }));
    const upstream = await startUpstream();
    const child = spawn(process.execPath, ['--import', 'tsx', 'bff/index.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        UAA_UPSTREAM: upstream.url,
        SECURITY_LOG_FILE: localFile,
        SECURITY_LOG_SEAL_PUBLIC_KEY: keyFile,
        SECURITY_LOG_SYSLOG: `tcp://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await until('the start event shipped', () => received(file).includes('"action":"start"'), 45_000).catch(
      (err: Error) => {
        throw new Error(`${err.message}: ${said}`);
      },
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await upstream.close();
    await until('the closing seal in rsyslog', () => received(file).includes('"action":"close"'));
    for (const [name, text] of [
      ['local', received(localFile)],
      ['rsyslog', received(file)],
    ] as const) {
      expect(verifyStreams([{ name, text }], { privateKey: team.privateKey })).toMatchObject({
        problems: [],
        streams: 1,
        events: 2,
      });
    }
  }, 60_000);
});
