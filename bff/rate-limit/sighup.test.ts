/**
 * The real process: SIGHUP re-reads RATE_LIMITS_FILE and swaps the rules while connections stay
 * open and an in-flight request completes; a bad file is logged and the running rules stay.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRulesFile } from '@tests/support/bff-harness';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import { sampleBody } from '@tests/support/sample-bodies';

const GW = '/gw/uaa-be/api/v1';
const USER_INFO = `${GW}/login/getUserInfo`;
const SLOW = `${GW}/personal/info/update`;
const rules = (limit: number) => [{ name: 'info', match: [USER_INFO], key: 'ip', limit, windowS: 60 }];

let upstream: UpstreamDouble;
let child: ChildProcessWithoutNullStreams;
let base: string;
let file: string;
const logLines: { msg?: string; port?: number }[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(path: string): Promise<{ status: number; reusedSocket: boolean }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(sampleBody(path)));
  });
}

async function logged(msg: RegExp, after = 0, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!logLines.slice(after).some((l) => msg.test(l.msg ?? ''))) {
    if (Date.now() > deadline) throw new Error(`no log line matching ${msg}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  upstream = await startUpstream();
  upstream.respond((req, res) => {
    if (req.url === '/api/v1/personal/info/update') setTimeout(() => sendJson(res, 200, ok()), 400);
    else sendJson(res, 200, ok());
  });
  file = writeRulesFile(rules(1));
  child = spawn(process.execPath, ['--import', 'tsx', 'bff/index.ts'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      UAA_UPSTREAM: upstream.url,
      RATE_LIMITS_FILE: file,
      LOG_LEVEL: 'info',
    },
  });
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logLines.push(JSON.parse(line) as { msg?: string });
      } catch {
        // Not a log line.
      }
    }
  });
  await logged(/BFF listening/, 0, 15_000);
  base = `http://127.0.0.1:${logLines.find((l) => l.msg === 'BFF listening')!.port}`;
}, 20_000);
afterAll(async () => {
  agent.destroy();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await upstream.close();
});

describe('SIGHUP', () => {
  it('swaps the rules without dropping a connection or an in-flight request', async () => {
    expect((await post(USER_INFO)).status).toBe(200);
    expect((await post(USER_INFO)).status).toBe(429);

    const inFlight = post(SLOW);
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(file, JSON.stringify(rules(3)));
    const mark = logLines.length;
    child.kill('SIGHUP');
    await logged(/rate limits reloaded/, mark);
    expect(await inFlight).toMatchObject({ status: 200 });

    // The changed rule starts counting afresh, on the connection opened before the reload.
    const next = await post(USER_INFO);
    expect(next).toEqual({ status: 200, reusedSocket: true });
  });

  it('keeps the running rules when the new file is bad', async () => {
    writeFileSync(file, '[{"name": "broken"');
    const mark = logLines.length;
    child.kill('SIGHUP');
    await logged(/RATE_LIMITS_FILE refused/, mark);
    expect(child.exitCode).toBeNull();
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await post(USER_INFO)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('are re-read when the file changes, with no signal (a ConfigMap update sends none)', async () => {
    writeFileSync(file, JSON.stringify(rules(1)));
    const mark = logLines.length;
    await logged(/RATE_LIMITS_FILE changed/, mark);
    await logged(/rate limits reloaded/, mark);
    const statuses = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await post(USER_INFO)).status);
    expect(statuses).toEqual([200, 429]);
  });
});
