/**
 * The store over TLS against real redis-servers (Debian's, built with TLS) on loopback, with a
 * throwaway CA: one Redis by a rediss:// URL, and a primary found through a sentinel, both
 * speaking only TLS. The CA file is what lets the BFF in: without it the certificate is refused.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '@tests/support/http';
import { createLogger } from '../log';
import { redisBackend, type CounterBackend, type RedisTarget } from './store';

const REDIS_SERVER = '/usr/bin/redis-server';
let dir: string;
let caFile: string;
let ports: { node: number; sentinel: number };
const servers: ChildProcess[] = [];
const backends: CounterBackend[] = [];
/** What the stores logged, for the message of a wait that timed out. */
const logged: string[] = [];

/**
 * Polls `check` until it holds. The deadline is generous: TLS handshakes to a sentinel and its
 * primary just started, on a machine running the rest of the suite, once took over 10 s (CI,
 * 2026-11-29); the test is about TLS, not speed, and a passing run does not wait for it.
 */
async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 25_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; the stores logged:\n${logged.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A CA, and a certificate it signed for 127.0.0.1 and localhost. */
function certificates(): { ca: string; cert: string; key: string } {
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl(
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=redis-test-ca'],
    ...['-keyout', file('ca.key'), '-out', file('ca.crt')],
  );
  openssl(
    ...['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
    ...['-keyout', file('node.key'), '-out', file('node.csr')],
  );
  openssl(
    ...['x509', '-req', '-in', file('node.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key')],
    ...['-CAcreateserial', '-days', '1', '-copy_extensions', 'copy', '-out', file('node.crt')],
  );
  return { ca: file('ca.crt'), cert: file('node.crt'), key: file('node.key') };
}

/** TLS only (no plain port), clients need no certificate of their own. */
function tlsConf(port: number, tls: { ca: string; cert: string; key: string }): string[] {
  return [
    'port 0',
    `tls-port ${port}`,
    'bind 127.0.0.1',
    `tls-cert-file ${tls.cert}`,
    `tls-key-file ${tls.key}`,
    `tls-ca-cert-file ${tls.ca}`,
    'tls-auth-clients no',
    // A sentinel speaks TLS to the nodes it watches too.
    'tls-replication yes',
    `dir ${dir}`,
  ];
}

function startServer(name: string, lines: string[], sentinel = false): void {
  const conf = path.join(dir, `${name}.conf`);
  writeFileSync(conf, lines.join('\n'));
  servers.push(spawn(REDIS_SERVER, sentinel ? [conf, '--sentinel'] : [conf], { stdio: 'ignore' }));
}

function backend(target: RedisTarget): CounterBackend {
  const made = redisBackend(
    target,
    createLogger('info', { write: (line: string) => void logged.push(line) }),
  );
  backends.push(made);
  return made;
}

beforeAll(async () => {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server`);
  dir = mkdtempSync(path.join(tmpdir(), 'redis-tls-'));
  const tls = certificates();
  caFile = tls.ca;
  ports = { node: await freePort(), sentinel: await freePort() };
  startServer('node', [...tlsConf(ports.node, tls), 'save ""', 'appendonly no']);
  startServer(
    'sentinel',
    [...tlsConf(ports.sentinel, tls), `sentinel monitor tls-test 127.0.0.1 ${ports.node} 1`],
    true,
  );
});

afterAll(async () => {
  // The servers first: nothing this file started outlives it, even when a close hangs.
  for (const server of servers) server.kill('SIGKILL');
  await Promise.all(backends.map((made) => made.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('counts through a rediss:// URL with REDIS_CA_FILE', { timeout: 30_000 }, async () => {
  const store = backend({ mode: 'single', url: `rediss://127.0.0.1:${ports.node}`, tls: { caFile } });
  await until('the TLS connection', () => store.up() === true);
  const distinct = store.distinctFor('tls-single');
  expect(await distinct.admit('k', 'a', 1, 60_000)).toMatchObject({ admitted: true, added: true });
  expect(await distinct.admit('k', 'b', 1, 60_000)).toMatchObject({ admitted: false });
});

it(
  'counts through Sentinel over TLS (REDIS_TLS=true, REDIS_CA_FILE), sentinel and primary alike',
  { timeout: 30_000 },
  async () => {
    const target = (tls: RedisTarget['tls']): RedisTarget => ({
      mode: 'sentinel',
      name: 'tls-test',
      sentinels: [{ host: '127.0.0.1', port: ports.sentinel }],
      tls,
    });
    const store = backend(target({ caFile }));
    await until('the primary through the sentinel, over TLS', () => store.up() === true);
    const distinct = store.distinctFor('tls-sentinel');
    expect(await distinct.admit('k', 'a', 1, 60_000)).toMatchObject({ admitted: true, added: true });
    expect(await distinct.admit('k', 'b', 1, 60_000)).toMatchObject({ admitted: false });

    // Without the CA the sentinel's certificate is refused: never up.
    const untrusted = backend(target({}));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(untrusted.up()).toBe(false);
  },
);
