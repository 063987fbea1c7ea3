// The flags the image gives node (the Dockerfile's CMD), read from there so that `npm start` and
// the benchmark run the BFF as the image runs it.
import { readFileSync } from 'node:fs';

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
