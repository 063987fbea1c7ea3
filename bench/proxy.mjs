// Proxy overhead: one cheap call (getLocationInfo) driven with autocannon straight to the
// upstream, through nginx proxy_pass, through a bare Node proxy (the floor any Node proxy starts
// from) and through the BFF, in one run and in that order.
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { cpuMicros, round } from './lib.mjs';

export const LOCATION_PATH = '/api/v1/login/getLocationInfo';
export const GATEWAY = '/gw/uaa-be';

/** nginx as operators would put it in front of the UAA: keep-alive upstream, one worker. */
export function nginxConfig({ port, upstreamPort }) {
  return `worker_processes 1;
daemon off;
pid nginx.pid;
error_log error.log warn;
events { worker_connections 1024; }
http {
  access_log access.log;
  client_body_temp_path tmp/body;
  proxy_temp_path tmp/proxy;
  fastcgi_temp_path tmp/fastcgi;
  uwsgi_temp_path tmp/uwsgi;
  scgi_temp_path tmp/scgi;
  upstream uaa {
    server 127.0.0.1:${upstreamPort};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location ${GATEWAY}/ {
      proxy_pass http://uaa/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }
}
`;
}

/** One autocannon run; resolves to req/s and latency percentiles (ms). */
export async function drive({ url, connections = 50, duration, amount, headers = {} }) {
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration }),
    headers,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed,
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * Open loop: `rate` calls a second on a fixed schedule, each sent when its time comes whether
 * or not the earlier ones were answered, its latency counted from that time. A closed loop
 * (autocannon's connections, each waiting for its answer) sends less when the target slows
 * down, so queueing hides in its figures; here it shows in p99.
 */
export async function openLoop({ url, rate, duration, headers = {} }) {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections: 128, pipelining: 1 });
  const latencies = [];
  let failed = 0;
  const calls = [];
  const total = Math.round(rate * duration);
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    calls.push(
      pool
        .request({ method: 'GET', path: `${pathname}${search}`, headers })
        .then(async (res) => {
          await res.body.dump();
          if (res.statusCode !== 200) failed += 1;
          latencies.push(performance.now() - due);
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(calls);
  await pool.close();
  const sorted = latencies.sort((x, y) => x - y);
  return { rate, total, failed, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * Runs the targets: a short warm-up each, then `rounds` interleaved rounds (direct, nginx,
 * Node floor, BFF, the BFF with tracing on when `bffTraced` (every call sampled) and `bffTraced10`
 * (a tenth) are given, direct, ...), so that a change in the machine's load hits all of them alike.
 * Throughput is over all rounds; latency percentiles are the median round's; CPU per call is the
 * proxy's and the upstream's CPU time over all rounds divided by the calls answered (Linux /proc).
 * Returns one row per target and the ratios the budgets read.
 *
 * `pids`: { upstream, nginx, floor, bff, bffTraced, bffTraced10 }, the processes whose CPU time is read.
 */
export async function proxyOverhead({
  upstream,
  nginx,
  floor,
  bff,
  bffTraced,
  bffTraced10,
  pids,
  duration,
  connections,
  rounds = 3,
  rate = 300,
  log,
}) {
  const targets = [
    { name: 'upstream (direct)', url: `${upstream}${LOCATION_PATH}` },
    { name: 'nginx proxy_pass', url: `${nginx}${GATEWAY}${LOCATION_PATH}`, pid: pids.nginx },
    { name: 'Node floor (bare http proxy)', url: `${floor}${GATEWAY}${LOCATION_PATH}`, pid: pids.floor },
    { name: 'BFF', url: `${bff}${GATEWAY}${LOCATION_PATH}`, headers: { 'X-CSRF': '1' }, pid: pids.bff },
    ...(bffTraced
      ? [
          {
            name: 'BFF, tracing on (every call)',
            url: `${bffTraced}${GATEWAY}${LOCATION_PATH}`,
            headers: { 'X-CSRF': '1' },
            pid: pids.bffTraced,
          },
        ]
      : []),
    ...(bffTraced10
      ? [
          {
            name: 'BFF, tracing on (a tenth sampled)',
            url: `${bffTraced10}${GATEWAY}${LOCATION_PATH}`,
            headers: { 'X-CSRF': '1' },
            pid: pids.bffTraced10,
          },
        ]
      : []),
  ];
  for (const t of targets) await drive({ ...t, connections, duration: 2 });
  const runs = targets.map(() => []);
  const each = Math.max(1, Math.round(duration / rounds));
  log(`  autocannon ${connections} connections, ${rounds} rounds of ${each} s per target`);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, t] of targets.entries()) {
      const before = { proxy: t.pid ? cpuMicros(t.pid) : 0, upstream: cpuMicros(pids.upstream) };
      const run = await drive({ ...t, connections, duration: each });
      run.proxyCpu = t.pid ? cpuMicros(t.pid) - before.proxy : 0;
      run.upstreamCpu = cpuMicros(pids.upstream) - before.upstream;
      runs[i].push(run);
    }
  }
  // The same targets at a fixed, realistic rate, open loop, interleaved too.
  const fixed = targets.map(() => []);
  log(`  open loop: ${rate} calls/s, ${rounds} rounds of ${each} s per target`);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, t] of targets.entries()) fixed[i].push(await openLoop({ ...t, rate, duration: each }));
  }
  const sum = (xs, key) => xs.reduce((n, x) => n + x[key], 0);
  const rows = targets.map((t, i) => {
    const total = sum(runs[i], 'total');
    return {
      name: t.name,
      rps: total / (each * rounds),
      p50: median(runs[i].map((x) => x.p50)),
      p99: median(runs[i].map((x) => x.p99)),
      total,
      failed: sum(runs[i], 'failed'),
      proxyUs: t.pid ? sum(runs[i], 'proxyCpu') / total : undefined,
      upstreamUs: sum(runs[i], 'upstreamCpu') / total,
      fixedP50: median(fixed[i].map((x) => x.p50)),
      fixedP99: median(fixed[i].map((x) => x.p99)),
      fixedFailed: sum(fixed[i], 'failed'),
    };
  });
  const [direct, viaNginx, viaFloor, viaBff, ...tracedRows] = rows;
  const viaTraced = bffTraced ? tracedRows.shift() : undefined;
  const viaTraced10 = bffTraced10 ? tracedRows.shift() : undefined;
  return {
    rows,
    ...(viaTraced
      ? {
          tracedVsFloor: viaTraced.rps / viaFloor.rps,
          tracedVsUntraced: viaTraced.rps / viaBff.rps,
          tracedCpuUs: viaTraced.proxyUs - viaBff.proxyUs,
          fixedTracedAddedP99: viaTraced.fixedP99 - direct.fixedP99,
        }
      : {}),
    ...(viaTraced10
      ? {
          traced10VsFloor: viaTraced10.rps / viaFloor.rps,
          traced10VsUntraced: viaTraced10.rps / viaBff.rps,
          traced10CpuUs: viaTraced10.proxyUs - viaBff.proxyUs,
          fixedTraced10AddedP99: viaTraced10.fixedP99 - direct.fixedP99,
        }
      : {}),
    throughputVsNginx: viaBff.rps / viaNginx.rps,
    floorVsNginx: viaFloor.rps / viaNginx.rps,
    addedP99: viaBff.p99 - direct.p99,
    addedP50: viaBff.p50 - direct.p50,
    nginxAddedP99: viaNginx.p99 - direct.p99,
    floorAddedP99: viaFloor.p99 - direct.p99,
    throughputVsFloor: viaBff.rps / viaFloor.rps,
    rate,
    fixedAddedP99: viaBff.fixedP99 - direct.fixedP99,
    fixedNginxAddedP99: viaNginx.fixedP99 - direct.fixedP99,
    fixedFloorAddedP99: viaFloor.fixedP99 - direct.fixedP99,
  };
}

export function formatProxyRows(rows) {
  return rows.map((r) => ({
    target: r.name,
    'req/s': Math.round(r.rps),
    'p50 ms': round(r.p50),
    'p99 ms': round(r.p99),
    requests: r.total,
    failed: r.failed,
    'proxy CPU µs/call': r.proxyUs === undefined ? '' : Math.round(r.proxyUs),
    'upstream CPU µs/call': Math.round(r.upstreamUs),
    'open-loop p50 ms': round(r.fixedP50),
    'open-loop p99 ms': round(r.fixedP99),
    'open-loop failed': r.fixedFailed,
  }));
}
