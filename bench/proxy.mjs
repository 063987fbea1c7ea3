// Proxy overhead: one cheap call (getLocationInfo) driven with autocannon straight to the
// upstream, through nginx proxy_pass and through the BFF, in one run and in that order.
import autocannon from 'autocannon';
import { round } from './lib.mjs';

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

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * Runs the three targets: a short warm-up each, then `rounds` interleaved rounds (direct, nginx,
 * BFF, direct, ...), so that a change in the machine's load hits all three alike. Throughput is
 * over all rounds; latency percentiles are the median round's. Returns one row per target and
 * the ratios the budgets read.
 */
export async function proxyOverhead({ upstream, nginx, bff, duration, connections, rounds = 3, log }) {
  const targets = [
    { name: 'upstream (direct)', url: `${upstream}${LOCATION_PATH}` },
    { name: 'nginx proxy_pass', url: `${nginx}${GATEWAY}${LOCATION_PATH}` },
    { name: 'BFF', url: `${bff}${GATEWAY}${LOCATION_PATH}`, headers: { 'X-CSRF': '1' } },
  ];
  for (const t of targets) await drive({ ...t, connections, duration: 2 });
  const runs = targets.map(() => []);
  const each = Math.max(1, Math.round(duration / rounds));
  log(`  autocannon ${connections} connections, ${rounds} rounds of ${each} s per target`);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, t] of targets.entries()) runs[i].push(await drive({ ...t, connections, duration: each }));
  }
  const rows = targets.map((t, i) => ({
    name: t.name,
    rps: runs[i].reduce((n, x) => n + x.total, 0) / (each * rounds),
    p50: median(runs[i].map((x) => x.p50)),
    p99: median(runs[i].map((x) => x.p99)),
    total: runs[i].reduce((n, x) => n + x.total, 0),
    failed: runs[i].reduce((n, x) => n + x.failed, 0),
  }));
  const [direct, viaNginx, viaBff] = rows;
  return {
    rows,
    throughputVsNginx: viaBff.rps / viaNginx.rps,
    addedP99: viaBff.p99 - direct.p99,
    addedP50: viaBff.p50 - direct.p50,
    nginxAddedP99: viaNginx.p99 - direct.p99,
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
  }));
}
