// Load and soak (issue 10): SOAK_CLIENTS concurrent clients for SOAK_SECONDS through a running
// BFF (BFF_URL) on the local UAA (UAA_URL, for the dev outbox), each running mixed journeys:
// register by SMS, log in, read the user info, create / close / delete an access key, log out.
// Every reply is classified; the only refusals allowed are the deliberate rate-limit 429s. The
// BFF's V8 heap (from its /metrics) and RSS (BFF_PID) are sampled every 2 s; the heap's floor
// must not rise between the first and second half of the run. Prints the figures and exits
// non-zero on any error (a request without a reply within 10 s included) or on memory growth.
import { constants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';

const BFF = process.env.BFF_URL ?? 'http://127.0.0.1:18380';
const UAA = process.env.UAA_URL ?? 'http://127.0.0.1:18390';
const PID = Number(process.env.BFF_PID);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_S = Math.min(15, SECONDS / 4);
const RAMP_S = Math.min(5, SECONDS / 6);
// Between a user's clicks: 0.5 to 1.5 times this.
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 400);
const GW = `${BFF}/gw/uaa-be/api/v1`;
const CAPTCHA = { captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' };
const PASSWORD = 'Soak12345x';

const figures = {
  requests: 0,
  ok: 0,
  rateLimited: 0,
  errors: 0,
  journeys: {},
  byStatus: {},
  errorSamples: [],
};
const latencies = [];
let stopping = false;

function count(journey) {
  figures.journeys[journey] = (figures.journeys[journey] ?? 0) + 1;
}

function error(what, detail) {
  figures.errors++;
  if (figures.errorSamples.length < 20) figures.errorSamples.push(`${what}: ${detail}`);
}

/** One gateway call; returns the reply body, or null after a deliberate 429 (counted apart). */
async function call(path, body = {}, { cookie, headers = {}, expect = '10000' } = {}) {
  const started = performance.now();
  figures.requests++;
  let res;
  try {
    res = await fetch(`${GW}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf': '1',
        lang: 'en-US',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    error(path, `no reply: ${err.message}`);
    return undefined;
  }
  latencies.push(performance.now() - started);
  figures.byStatus[res.status] = (figures.byStatus[res.status] ?? 0) + 1;
  const text = await res.text();
  if (res.status === 429) {
    figures.rateLimited++;
    return null;
  }
  let reply;
  try {
    reply = JSON.parse(text);
  } catch {
    error(path, `${res.status} not JSON: ${text.slice(0, 100)}`);
    return undefined;
  }
  if (res.status !== 200 || (expect && reply.msgCode !== expect)) {
    error(path, `${res.status} ${reply.msgCode} ${reply.msg}`);
    return undefined;
  }
  figures.ok++;
  return { reply, setCookie: res.headers.getSetCookie() };
}

let pubKey;
function encrypt(scene) {
  const plain = JSON.stringify({ password: PASSWORD, timestamp: Math.floor(Date.now() / 1000), scene });
  return publicEncrypt({ key: pubKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString(
    'base64',
  );
}

let phoneSeq = 0;
const runId = String(Date.now() % 1e6).padStart(6, '0');
function newPhone() {
  return `15${runId.slice(0, 4)}${String(phoneSeq++).padStart(5, '0')}`;
}

async function codeFor(phone) {
  for (let i = 0; i < 20; i++) {
    let list = [];
    try {
      list = await (await fetch(`${UAA}/__dev/outbox`, { signal: AbortSignal.timeout(5000) })).json();
    } catch {
      // The dev outbox is not the product: a slow read is retried, not counted.
    }
    const hit = list.findLast((m) => m.to === phone && m.code);
    if (hit) return hit.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

async function register() {
  const phone = newPhone();
  const sms = await call('/register/getSmsCode', { phone });
  if (!sms) return undefined;
  const code = await codeFor(phone);
  if (!code) return void error('register', `no SMS code for ${phone}`);
  const username = `s${phone}`;
  const reg = await heavy(() =>
    call('/register/byPhone', { username, phone, code, password: encrypt('register') }),
  );
  if (!reg) return undefined;
  count('register');
  return phone;
}

async function login(account) {
  const reply = await call(
    '/login/byAccount',
    { account, password: encrypt('login'), autoLogin: false },
    { headers: CAPTCHA },
  );
  if (!reply) return undefined;
  // A login first clears any old cookie (`uaa-token=; …`), then sets the new one.
  const line = reply.setCookie.find((l) => l.startsWith('uaa-token=') && !l.startsWith('uaa-token=;'));
  if (!line) return void error('login', 'no session cookie');
  count('login');
  return line.split(';')[0];
}

async function keys(cookie) {
  const created = await call('/open/credential/create', { description: 'soak' }, { cookie });
  if (!created) return;
  const ak = created.reply.data?.ak;
  if (!ak) return void error('key create', 'no ak');
  await call('/open/credential/revoke', { ak, type: 1 }, { cookie });
  await call('/open/credential/revoke', { ak, type: 2 }, { cookie });
  count('key create/close/delete');
}

// Registering and logging in cost the local UAA an RSA decryption in JavaScript and an scrypt
// (~0.3-1 s of its CPU each): the harness lets only HEAVY_SLOTS of them be in flight, so the
// measured BFF is not judged by the local UAA's queue. Waiting for a slot is not a request.
const HEAVY_SLOTS = Number(process.env.SOAK_HEAVY_SLOTS ?? 3);
let heavyInFlight = 0;
const heavyWaiters = [];
async function heavy(fn) {
  while (heavyInFlight >= HEAVY_SLOTS) await new Promise((r) => heavyWaiters.push(r));
  heavyInFlight++;
  try {
    return await fn();
  } finally {
    heavyInFlight--;
    heavyWaiters.shift()?.();
  }
}

const think = () => new Promise((r) => setTimeout(r, THINK_MS / 2 + Math.random() * THINK_MS));

/** Before the clock starts: every client has an account and a session. */
async function prepare() {
  for (let tries = 0; tries < 5; tries++) {
    const phone = await register();
    const cookie = phone && (await login(phone));
    if (cookie) return { phone, cookie };
  }
  throw new Error('could not prepare a client');
}

async function client(index, prepared) {
  // Clients start over the ramp-up, as people do, not all in the same millisecond.
  await new Promise((r) => setTimeout(r, (index * RAMP_S * 1000) / CLIENTS));
  let first = prepared;
  while (!stopping) {
    // After its first account, a client signs up anew: registration stays in the mix.
    const phone = first?.phone ?? (await register());
    if (!phone) continue;
    let cookie = first?.cookie ?? (await login(phone));
    first = undefined;
    // A long-lived user: registering and logging in cost the UAA an RSA decryption and an scrypt each.
    for (let round = 0; cookie && round < 60 && !stopping; round++) {
      await think();
      const info = await call('/login/getUserInfo', {}, { cookie });
      if (info) count('user info');
      if (round % 3 === 0) await keys(cookie);
      if (round % 30 === 29) {
        // Log out and back in: the session ends and a new one starts.
        await call('/logout/all', {}, { cookie });
        count('logout');
        cookie = await login(phone);
      }
      // Existence checks, which a rule limits per address: the deliberate refusals.
      await think();
      await call('/register/check', { item: newPhone(), type: 'phone' }, { expect: '10000' });
    }
  }
}

function rssMb() {
  if (!PID) return undefined;
  const status = readFileSync(`/proc/${PID}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

const key = await (
  await fetch(`${GW}/cipher/getPubKey`, {
    method: 'POST',
    headers: { 'x-csrf': '1', 'content-type': 'application/json' },
    body: '{}',
  })
).json();
pubKey = key.data.pubKey;

const setupStarted = Date.now();
const prepared = [];
for (let i = 0; i < CLIENTS; i += 10)
  prepared.push(...(await Promise.all(Array.from({ length: Math.min(10, CLIENTS - i) }, prepare))));
const setupS = Math.round((Date.now() - setupStarted) / 1000);
const setupFigures = { ...figures, journeys: { ...figures.journeys } };
console.log(
  `setup: ${CLIENTS} accounts registered and signed in in ${setupS} s (${setupFigures.requests} requests, ${setupFigures.errors} errors)`,
);
// The figures below are the measured window's.
Object.assign(figures, { requests: 0, ok: 0, rateLimited: 0, journeys: {}, byStatus: {} });
latencies.length = 0;

/** The BFF's V8 heap in use (MB), from its own /metrics (loopback scrapers need no token). */
async function heapMb() {
  try {
    const text = await (await fetch(`${BFF}/metrics`, { signal: AbortSignal.timeout(3000) })).text();
    return Number(/^bff_nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1]) / 2 ** 20;
  } catch {
    return undefined;
  }
}

const samples = [];
const started = Date.now();
const sampler = setInterval(async () => {
  const s = Math.round((Date.now() - started) / 1000);
  samples.push({ s, rss: rssMb(), heap: await heapMb() });
}, 2000);
const running = Array.from({ length: CLIENTS }, (_, i) => client(i, prepared[i]));
await new Promise((r) => setTimeout(r, SECONDS * 1000));
stopping = true;
await Promise.all(running);
clearInterval(sampler);
// Idle for a moment: what the BFF keeps once the load is gone.
await new Promise((r) => setTimeout(r, 5000));
const idle = { rss: rssMb(), heap: await heapMb() };

const health = await fetch(`${BFF}/healthz`);
if (health.status !== 200) error('healthz', `after the run: ${health.status}`);

latencies.sort((a, b) => a - b);
const pct = (p) => Math.round(latencies[Math.floor((latencies.length - 1) * p)] ?? 0);
// Flat: the heap is a saw (it grows until V8 collects); its floor — the lowest sample — in the
// second half of the run must be no higher than in the first half after the warm-up, within
// 25 % or 10 MB. A leak raises the floor; load alone raises only the teeth.
const measured = samples.filter((x) => x.s >= WARMUP_S && Number.isFinite(x.heap));
const half = Math.floor(measured.length / 2);
const floor = (xs) => Math.min(...xs.map((x) => x.heap));
const firstHalf = floor(measured.slice(0, half));
const secondHalf = floor(measured.slice(half));
const memoryFlat = measured.length < 4 || secondHalf <= Math.max(firstHalf * 1.25, firstHalf + 10);
const baseline = measured[0]?.rss;
const end = samples.at(-1)?.rss;
const peak = Math.max(...samples.map((x) => x.rss ?? 0));

console.log(
  `\nsoak: ${CLIENTS} clients for ${SECONDS} s through ${BFF} (ramp-up ${RAMP_S} s, think time ~${THINK_MS} ms)`,
);
console.log(
  `  requests ${figures.requests}, ok ${figures.ok}, rate-limited (deliberate 429) ${figures.rateLimited}, errors ${figures.errors}`,
);
console.log(`  statuses ${JSON.stringify(figures.byStatus)}`);
console.log(`  journeys ${JSON.stringify(figures.journeys)}`);
console.log(`  latency ms p50 ${pct(0.5)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, max ${pct(1)}`);
console.log(
  `  BFF heap used MB: floor ${firstHalf.toFixed(1)} in the first half after the ${WARMUP_S} s warm-up, ${secondHalf.toFixed(1)} in the second, ${idle.heap?.toFixed(1)} idle after (${memoryFlat ? 'flat' : 'GROWING'})`,
);
if (PID) {
  console.log(
    `  BFF RSS MB: after warm-up ${baseline?.toFixed(1)}, end ${end?.toFixed(1)}, peak ${peak.toFixed(1)}, idle after ${idle.rss?.toFixed(1)}`,
  );
}
console.log(
  `  samples (s:heap/rss MB): ${samples.map((x) => `${x.s}:${x.heap?.toFixed(0)}/${x.rss?.toFixed(0)}`).join(' ')}`,
);
for (const sample of figures.errorSamples) console.log(`  error: ${sample}`);
process.exit(figures.errors === 0 && setupFigures.errors === 0 && memoryFlat && figures.ok > 0 ? 0 : 1);
