/**
 * What the engines tier runs against, started once for both engines: the product as the browser
 * tests run it (tests/support/e2e-stack.ts: the built BFF, nginx, the local UAA; on E2E_PORT,
 * default 18080, with the browser tests' environment) and an Xvfb display for MiniBrowser. The
 * stack's output goes to test-results/engines/stack.log. Once the journeys have run, the security
 * events the stack wrote are searched for secrets, as after the browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stackEnv, stackPort } from '../support/e2e-fixtures';
import checkSecurityStream, { RUN_STARTED_ENV } from '../support/e2e-security-stream';
import { until } from '../support/http';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    display: string;
    outputDir: string;
  }
}

export const OUTPUT_DIR = path.resolve(process.env.E2E_OUTPUT_DIR ?? 'test-results', 'engines');

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM, then SIGKILL after `graceMs`. */
async function stop(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/** Xvfb on the first free display (it writes the number it took to the pipe `-displayfd` names). */
async function startXvfb(): Promise<{ display: string; xvfb: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  let number = '';
  xvfb.stdio[3]!.on('data', (chunk: Buffer) => (number += chunk.toString()));
  await until('Xvfb to take a display', () => /\d+\n/.test(number) || xvfb.exitCode !== null, 15_000, 50);
  if (xvfb.exitCode !== null) throw new Error(`Xvfb exited (${xvfb.exitCode}): apt-get install xvfb`);
  return { display: `:${number.trim()}`, xvfb };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env[RUN_STARTED_ENV] = new Date().toISOString();
  rmSync(OUTPUT_DIR, { recursive: true, force: true });
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const port = stackPort(0);
  const baseURL = `http://localhost:${port}`;
  if (await fetch(`${baseURL}/healthz`).catch(() => null))
    throw new Error(`something answers at ${baseURL} already: set E2E_PORT to a free port`);
  const { display, xvfb } = await startXvfb();
  const logFile = path.join(OUTPUT_DIR, 'stack.log');
  const log = createWriteStream(logFile);
  const stack = spawn(process.execPath, ['--import', 'tsx', 'tests/support/e2e-stack.ts'], {
    env: { ...process.env, ...stackEnv(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.stdout!.pipe(log);
  stack.stderr!.pipe(log);
  const stopAll = async () => {
    await Promise.all([stop(stack, 15_000), stop(xvfb, 5000)]);
    log.end();
  };
  try {
    await until(
      `the stack at ${baseURL}/healthz`,
      async () => {
        if (stack.exitCode !== null) throw new Error(`the stack exited (${stack.exitCode})`);
        return (await fetch(`${baseURL}/healthz`).catch(() => null))?.ok === true;
      },
      60_000,
      100,
    );
  } catch (error) {
    await stopAll();
    throw new Error(`${String(error)}\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
  }
  project.provide('baseURL', baseURL);
  project.provide('display', display);
  project.provide('outputDir', OUTPUT_DIR);
  return async () => {
    await stopAll();
    checkSecurityStream();
  };
}
