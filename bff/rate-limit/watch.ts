/**
 * RATE_LIMITS_FILE re-read when it changes (issue 27), as well as on SIGHUP: a Kubernetes
 * ConfigMap update sends no signal. It swaps the mounted file by renaming a `..data` symlink in
 * the file's directory, so the directory is watched, not the file (whose inode a swap replaces).
 * Any event there is read after a short quiet time, and only a file whose text changed is
 * reloaded; a bad file is logged and the running rules stay, as on SIGHUP.
 */
import { createHash } from 'node:crypto';
import { readFileSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** Long enough for a writer or a ConfigMap swap to finish, short enough to feel immediate. */
export const RULES_SETTLE_MS = 200;

function digest(file: string): string | undefined {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/** Calls `reload` when the file's text changes; returns the watcher's stop. */
export function watchRulesFile(
  file: string,
  reload: () => void,
  logger: Logger,
  settleMs = RULES_SETTLE_MS,
): () => void {
  let last = digest(file);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(path.dirname(path.resolve(file)), { persistent: false }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const now = digest(file);
        if (now === undefined || now === last) return;
        last = now;
        logger.info({ file }, 'rate limits: RATE_LIMITS_FILE changed, re-reading it');
        reload();
      }, settleMs);
      timer.unref();
    });
  } catch (err) {
    logger.warn(
      { file, err: (err as Error).message },
      'rate limits: cannot watch RATE_LIMITS_FILE; SIGHUP still reloads it',
    );
    return () => {};
  }
  watcher.on('error', (err) =>
    logger.warn({ file, err: err.message }, 'rate limits: watching RATE_LIMITS_FILE stopped'),
  );
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
