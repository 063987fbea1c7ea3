/**
 * The browser journeys run with security events on (issue 26): each stack writes its stream to a
 * file of its own (SECURITY_LOG_FILE, below), and once every journey has run this teardown reads
 * the lines this run wrote and fails the run when one holds a secret or personal data in clear:
 * a field named as a secret, a phone number or an e-mail address that is not masked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SECURITY_STREAM_DIR = path.join(tmpdir(), 'uaa-sso-e2e-security-events');
/** When this run started: earlier lines are another run's. */
export const RUN_STARTED_ENV = 'E2E_SECURITY_RUN_STARTED';

export function securityLogFile(port: number | string): string {
  return path.join(SECURITY_STREAM_DIR, `${port}.jsonl`);
}

const FORBIDDEN_FIELDS = [
  'password',
  'token',
  'sk',
  'clientSecret',
  'phone',
  'email',
  'cookie',
  'authorization',
];

/** What is wrong with one event line, or an empty list. */
export function leaksOf(line: string): string[] {
  const problems: string[] = [];
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return [`not JSON: ${line.slice(0, 120)}`];
  }
  for (const field of FORBIDDEN_FIELDS) if (field in event) problems.push(`field ${field}`);
  if (/(?<!\w)1[3-9]\d{9}(?!\w)/.test(line)) problems.push('a phone number in clear');
  for (const email of line.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [])
    if (!/^\w\*\*\*@/.test(email)) problems.push(`an e-mail in clear (${email.replace(/^(.).*@/, '$1…@')})`);
  return problems;
}

export default function checkSecurityStream(): void {
  const started = process.env[RUN_STARTED_ENV] ?? '';
  if (!existsSync(SECURITY_STREAM_DIR))
    throw new Error('no security events were written by the browser journeys');
  let lines = 0;
  const problems: string[] = [];
  for (const file of readdirSync(SECURITY_STREAM_DIR)) {
    for (const line of readFileSync(path.join(SECURITY_STREAM_DIR, file), 'utf8').split('\n')) {
      if (!line) continue;
      const time = /"time":"([^"]+)"/.exec(line)?.[1] ?? '';
      if (time < started) continue;
      lines += 1;
      for (const problem of leaksOf(line)) problems.push(`${file}: ${problem}: ${line.slice(0, 160)}`);
    }
  }
  if (lines === 0) throw new Error('no security events were written by the browser journeys of this run');
  if (problems.length > 0)
    throw new Error(`security events hold secrets or personal data:\n${problems.slice(0, 20).join('\n')}`);
  console.log(`security events: ${lines} lines of this run searched, no secret or personal data in clear`);
}
