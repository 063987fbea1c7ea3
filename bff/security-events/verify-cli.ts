/**
 * `npm run events:verify -- --key PRIVATE_KEY.pem FILE…` (in the image: `node
 * dist/server/verify-events.js …`): checks the security events' seal across the files, given in
 * order (a replica's rotated files oldest first; `.gz` read as such). Prints `intact` and exits 0,
 * or one line per problem (`file:line: what`) and exits 1; 2 for a usage error.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { verifyStreams, type Source } from './verify';

const USAGE = 'usage: events:verify [--key PRIVATE_KEY.pem] FILE… (the files of one replica, oldest first)';

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export function runVerify(argv: string[], io: Io): number {
  const files: string[] = [];
  let keyFile: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--key') keyFile = argv[++i];
    else if (arg.startsWith('--key=')) keyFile = arg.slice('--key='.length);
    else if (arg === '--help' || arg === '-h' || arg.startsWith('-')) {
      io.err(USAGE);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0 || (argv.includes('--key') && !keyFile)) {
    io.err(USAGE);
    return 2;
  }
  let privateKey: KeyObject | undefined;
  if (keyFile !== undefined) {
    try {
      privateKey = createPrivateKey(readFileSync(keyFile));
    } catch (err) {
      // Never the key's text: only why it was not taken.
      io.err(
        `${keyFile}: no private key (${(err as NodeJS.ErrnoException).code ?? 'not a PEM private key'})`,
      );
      return 2;
    }
  }
  const sources: Source[] = [];
  for (const name of files) {
    try {
      const bytes = readFileSync(name);
      sources.push({ name, text: (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8') });
    } catch (err) {
      io.err(`${name}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      return 2;
    }
  }
  const verdict = verifyStreams(sources, { privateKey });
  for (const problem of verdict.problems) io.out(`${problem.at}: ${problem.what}`);
  if (verdict.problems.length > 0) return 1;
  const repeated = verdict.repeated === 0 ? '' : `, ${verdict.repeated} repeated line(s) skipped`;
  io.out(`intact: ${verdict.streams} stream(s), ${verdict.events} event(s)${repeated}`);
  return 0;
}

// Run as a program (tsx or the built dist/server/verify-events.js), not when a test imports it.
if (process.argv[1] && /verify-(cli|events)\.[cm]?[jt]s$/.test(process.argv[1]))
  process.exitCode = runVerify(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
