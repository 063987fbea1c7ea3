// The Dockerfile, performed without Docker (Docker cannot run on the test machine): every stage's
// WORKDIR, ENV, COPY and RUN are read from the Dockerfile itself and carried out the same way in a
// temporary directory per stage (the build context filtered by .dockerignore, `COPY --from` between
// stages), with Node 24 first on PATH when NODE24_BIN is given. Then the runtime stage's CMD is
// started from its pruned tree under its ENV, the HEALTHCHECK command is run against it, and
// SIGTERM must stop it with exit 0. Also checks what the issue asks of the image: Node 24 bases,
// a slim runtime, a non-root user, production dependencies only.
//
//   node tests/deploy/dockerfile-build.mjs        (KEEP_DOCKER_DIR=1 keeps the temporary tree)
//
// RUNTIME_OUT=<dir> (a path that does not exist yet) keeps the runtime stage's tree there, the
// image's /app (dist/ and the production node_modules), so that the scale-out test runs this very
// build instead of building again.
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const results = [];
const check = (ok, what, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'} ${what}${detail ? ` (${detail})` : ''}`);
};

// ---- parse ---------------------------------------------------------------------------------
/** Instructions with continuation lines joined; comments and the parser directive dropped. */
function parseDockerfile(text) {
  const lines = [];
  let current = '';
  for (const raw of text.split('\n')) {
    if (!current && /^\s*#/.test(raw)) continue;
    if (raw.trimEnd().endsWith('\\')) {
      current += `${raw.trimEnd().slice(0, -1)} `;
      continue;
    }
    current += raw;
    if (current.trim()) lines.push(current.trim());
    current = '';
  }
  const stages = [];
  let stage;
  for (const line of lines) {
    const [, op, rest] = /^(\w+)\s+([\s\S]*)$/.exec(line) ?? [];
    const instr = op.toUpperCase();
    if (instr === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest.trim());
      stage = { image: m[1], name: m[2] ?? String(stages.length), steps: [] };
      stages.push(stage);
    } else {
      stage.steps.push({ instr, rest: rest.trim() });
    }
  }
  return stages;
}

const execForm = (rest) => (rest.startsWith('[') ? JSON.parse(rest) : ['/bin/sh', '-c', rest]);

// ---- .dockerignore ---------------------------------------------------------------------------
function ignoreMatcher() {
  const file = path.join(ROOT, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('#'))
    : [];
  if (patterns.some((p) => p.startsWith('!')))
    throw new Error('.dockerignore exceptions (!) are not simulated');
  const regexes = patterns.map((p) => {
    const body = p
      .replace(/^\/+|\/+$/g, '')
      .split('')
      .map((c, i, all) => {
        if (c === '*' && all[i + 1] === '*') return '';
        if (c === '*' && all[i - 1] === '*') return all[i + 1] === '/' ? '(?:.*/)?' : '.*';
        if (c === '/' && all[i - 1] === '*' && all[i - 2] === '*') return '';
        if (c === '*') return '[^/]*';
        if (c === '?') return '[^/]';
        return c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return new RegExp(`^${body}$`);
  });
  return (rel) => regexes.some((r) => r.test(rel));
}

/** The build context as Docker sends it: the repository minus .dockerignore. */
function copyContext(dest) {
  const ignored = ignoreMatcher();
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (ignored(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() || entry.isSymbolicLink()) {
        mkdirSync(path.join(dest, rel), { recursive: true });
        cpSync(path.join(ROOT, child), path.join(dest, child));
      }
    }
  };
  walk('');
}

// ---- perform ---------------------------------------------------------------------------------
const started = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'uaa-docker-'));
const context = path.join(work, 'context');
const node24 = process.env.NODE24_BIN;
const binDir = path.join(work, 'bin');
mkdirSync(binDir, { recursive: true });
if (node24) execFileSync('ln', ['-s', node24, path.join(binDir, 'node')]);
const PATH = `${binDir}:${process.env.PATH}`;
let server;

try {
  copyContext(context);
  const stages = parseDockerfile(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
  const stageRoot = (name) => path.join(work, 'stages', name);
  const inStage = (name, p) => path.join(stageRoot(name), p.replace(/^\/+/, ''));
  const final = stages.at(-1);

  // What the issue asks of the image, read from the Dockerfile.
  check(
    stages.slice(0, -1).some((s) => /^node:24[.-]/.test(s.image) && !s.image.includes('slim')),
    'a build stage on Node 24',
    stages.map((s) => `${s.name}=${s.image}`).join(', '),
  );
  check(/^node:24[.-].*slim/.test(final.image), 'the runtime on a slim Node 24 image', final.image);
  const user = final.steps.findLast((s) => s.instr === 'USER')?.rest;
  check(Boolean(user) && !/^(root|0)(:|$)/.test(user), 'the runtime runs as a non-root user', user);
  const health = final.steps.find((s) => s.instr === 'HEALTHCHECK');
  check(Boolean(health && /\/healthz/.test(health.rest)), 'HEALTHCHECK on /healthz');
  const cmd = final.steps.findLast((s) => s.instr === 'CMD');
  check(Boolean(cmd?.rest.startsWith('[')), 'CMD in exec form: node is PID 1 and receives SIGTERM itself');

  for (const stage of stages) {
    let workdir = '/';
    let env = {};
    mkdirSync(stageRoot(stage.name), { recursive: true });
    for (const { instr, rest } of stage.steps) {
      if (instr === 'WORKDIR') {
        workdir = path.posix.resolve(workdir, rest);
        mkdirSync(inStage(stage.name, workdir), { recursive: true });
      } else if (instr === 'ENV') {
        for (const [, k, v] of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[k] = v.replace(/^"|"$/g, '');
      } else if (instr === 'COPY') {
        const words = rest.split(/\s+/);
        const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
        const args = words.filter((w) => !w.startsWith('--'));
        const rawDest = args.pop();
        const target = inStage(stage.name, path.posix.resolve(workdir, rawDest));
        // Docker: a directory's contents go into dest; files go into dest when it ends with / or
        // there are several sources, else dest is the file's new name.
        const intoDir = rawDest.endsWith('/') || args.length > 1;
        for (const src of args) {
          const source = from ? inStage(from, path.posix.resolve('/', src)) : path.join(context, src);
          if (statSync(source).isDirectory()) cpSync(source, target, { recursive: true });
          else {
            mkdirSync(intoDir ? target : path.dirname(target), { recursive: true });
            cpSync(source, intoDir ? path.join(target, path.basename(src)) : target);
          }
        }
      } else if (instr === 'RUN') {
        const t = Date.now();
        // RUN --mount=type=cache,target=/root/.npm: a cache kept across builds; here npm's own.
        const command = rest.replace(/^(--\S+\s+)+/, '');
        const [shell, ...shellArgs] = execForm(command);
        execFileSync(shell, shellArgs, {
          cwd: inStage(stage.name, workdir),
          // The host's network settings (proxy, CA) pass on, as a build host's would.
          env: { ...process.env, PATH, ...env },
          stdio: ['ignore', 'inherit', 'inherit'],
        });
        console.log(`     ${stage.name}: RUN ${command} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
      }
    }
    stage.env = env;
    stage.workdir = workdir;
  }

  // The runtime tree: production dependencies only.
  const app = inStage(final.name, final.workdir);
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')).packages;
  // Dev-only packages, as the lock file marks them (a @types package a dependency needs is not).
  const devOnly = Object.keys(lock).filter((p) => p && lock[p].dev === true);
  const devPresent = devOnly.filter((p) => existsSync(path.join(app, p)));
  check(
    devPresent.length === 0,
    'no dev-only package in the runtime image',
    devPresent.length ? devPresent.slice(0, 5).join(', ') : `none of ${devOnly.length}`,
  );
  const missing = Object.keys(pkg.dependencies).filter((d) => !existsSync(path.join(app, 'node_modules', d)));
  check(missing.length === 0, 'every dependency in the runtime image', missing.join(', ') || 'all present');

  // Start the CMD as the image would (demo mode: UAA_UPSTREAM unset, the local UAA embedded).
  const port = await new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });
  const runEnv = { PATH, HOME: app, ...final.env, PORT: String(port), HOST: '127.0.0.1' };
  const [command, ...args] = execForm(cmd.rest);
  let output = '';
  server = spawn(command, args, { cwd: app, env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
  const version = execFileSync('node', ['-v'], { env: { PATH } }).toString().trim();

  const healthcheck = () => {
    const [hc, ...hcArgs] = execForm(health.rest.replace(/^(--\S+\s+)*CMD\s+/, ''));
    try {
      execFileSync(hc, hcArgs, { cwd: app, env: runEnv, stdio: 'ignore', timeout: 3000 });
      return true;
    } catch {
      return false;
    }
  };
  let healthy = false;
  for (let i = 0; i < 100 && !healthy && server.exitCode === null; i += 1) {
    healthy = healthcheck();
    if (!healthy) await new Promise((r) => setTimeout(r, 200));
  }
  check(healthy, `the CMD starts from the pruned tree on Node ${version} and the HEALTHCHECK passes`);
  if (!healthy) console.log(output.split('\n').slice(-20).join('\n'));
  const page = await fetch(`http://127.0.0.1:${port}/login`).catch(() => undefined);
  check(
    page?.status === 200 && (await page.text()).includes('id="app-config"'),
    'the image serves the built SPA',
  );

  const t = Date.now();
  server.kill('SIGTERM');
  const exit = await Promise.race([
    exited,
    new Promise((r) => setTimeout(() => r({ code: 'timeout' }), 12_000)),
  ]);
  check(exit.code === 0, 'SIGTERM stops it with exit 0', `${exit.code} after ${Date.now() - t} ms`);
  check(!healthcheck(), 'the HEALTHCHECK fails once it stopped');
  if (process.env.RUNTIME_OUT) {
    try {
      renameSync(app, process.env.RUNTIME_OUT);
    } catch {
      // Another file system: copy, keeping node_modules/.bin's links as they are.
      cpSync(app, process.env.RUNTIME_OUT, { recursive: true, verbatimSymlinks: true });
    }
    console.log(`     the runtime tree is kept in ${process.env.RUNTIME_OUT}`);
  }
} catch (err) {
  check(false, 'performing the Dockerfile', err.message);
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (process.env.KEEP_DOCKER_DIR) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
const failed = results.filter((ok) => !ok).length;
console.log(
  `${failed === 0 ? 'PASS' : 'FAIL'}: Dockerfile performed in ${((Date.now() - started) / 1000).toFixed(0)} s, ${results.length - failed}/${results.length} checks`,
);
process.exit(failed === 0 ? 0 : 1);
