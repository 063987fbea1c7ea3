import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log';
import { watchRulesFile } from './watch';

const logger = createLogger('silent');
const stops: (() => void)[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rules-watch-'));
  dirs.push(dir);
  return dir;
}

describe('watching RATE_LIMITS_FILE', () => {
  it('reloads after a Kubernetes ConfigMap swap of its ..data symlink', async () => {
    // As the kubelet lays a ConfigMap out: rules.json -> ..data/rules.json, ..data -> ..<timestamp>.
    const dir = tempDir();
    mkdirSync(path.join(dir, '..2026_11_27_01'));
    writeFileSync(path.join(dir, '..2026_11_27_01', 'rules.json'), '[]');
    symlinkSync('..2026_11_27_01', path.join(dir, '..data'));
    symlinkSync('..data/rules.json', path.join(dir, 'rules.json'));
    const reload = vi.fn();
    stops.push(watchRulesFile(path.join(dir, 'rules.json'), reload, logger, 20));

    mkdirSync(path.join(dir, '..2026_11_27_02'));
    writeFileSync(path.join(dir, '..2026_11_27_02', 'rules.json'), '[{"changed":true}]');
    symlinkSync('..2026_11_27_02', path.join(dir, '..data_tmp'));
    renameSync(path.join(dir, '..data_tmp'), path.join(dir, '..data'));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('reloads on a write in place or a rename over it, and not when the text stays the same', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'rules.json');
    writeFileSync(file, '[]');
    const reload = vi.fn();
    stops.push(watchRulesFile(file, reload, logger, 20));

    writeFileSync(file, '[]');
    writeFileSync(path.join(dir, 'other.txt'), 'unrelated');
    writeFileSync(file, '[1]');
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 });

    writeFileSync(path.join(dir, 'rules.json.tmp'), '[2]');
    renameSync(path.join(dir, 'rules.json.tmp'), file);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2), { timeout: 3000 });
  });

  it('stops when told, and a missing directory is reported, not thrown', () => {
    const warn = vi.fn();
    const stop = watchRulesFile('/nonexistent/dir/rules.json', () => {}, { ...logger, warn } as never, 20);
    expect(warn).toHaveBeenCalled();
    stop();
  });
});
