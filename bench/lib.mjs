// Shared helpers of `npm run bench`: free ports, child processes that are always cleaned up,
// readiness polling and RSS readings.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

/** A port the kernel just gave out on loopback (closed again before use). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = new Set();

/** Starts a process; its output goes to `log` (a file descriptor or 'ignore'). */
export function start(name, command, args, { env = {}, stdio = 'ignore' } = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdio, stdio],
  });
  child.benchName = name;
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops every process started here, by pid: SIGTERM, then SIGKILL after 3 s. */
export async function stopAll() {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const late = await Promise.race([exited.then(() => false), sleep(3000).then(() => true)]);
      if (late) child.kill('SIGKILL');
    }),
  );
}

/** Polls until `url` answers (any HTTP status), or throws after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 20_000, headers = {}) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      return res.status;
    } catch (err) {
      last = err;
      await sleep(100);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${last?.message ?? 'no reply'})`);
}

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The RSS of a process's children together (the BFF's renderer), in MB. */
export function childrenRssMb(pid) {
  let children = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
    );
  } catch {
    return 0;
  }
  return children.reduce((sum, child) => {
    try {
      return sum + rssMb(child);
    } catch {
      return sum;
    }
  }, 0);
}

// Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ, the same on every
// architecture Node runs on here).
const TICK_US = 10_000;

/** A process's and its children's processes' (nginx's worker) CPU time so far, in µs. */
export function cpuMicros(pid) {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  const own = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command name.
  const ticks = Number(own[11]) + Number(own[12]);
  return ticks * TICK_US + children.filter(Boolean).reduce((sum, child) => sum + cpuMicros(Number(child)), 0);
}

export function loadAverage() {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

export const round = (value, digits = 1) =>
  Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value;
