// `npm start`: build what is missing, then serve the whole product (the BFF embeds the local
// UAA unless UAA_UPSTREAM is set) on http://localhost:8080.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { imageNodeFlags } from './image-node-flags.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  ['dist/client/index.html', 'build:client'],
  ['dist/server/index.js', 'build:server'],
];
for (const [output, script] of steps) {
  if (existsSync(output)) continue;
  console.log(`${output} is missing: npm run ${script}`);
  const result = spawnSync(npm, ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// As the image runs it (the Dockerfile's CMD).
const child = spawn(process.execPath, [...imageNodeFlags(), 'dist/server/index.js'], { stdio: 'inherit' });
// SIGHUP too: the BFF re-reads RATE_LIMITS_FILE on it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
