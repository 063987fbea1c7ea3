/**
 * The optional data file (LOCAL_UAA_DATA). Reads happen once at start; writes are debounced so
 * a burst of changes costs one write, and atomic (temp file + rename) so a crash mid-write never
 * leaves a truncated file that would refuse to load.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from './logger';
import { snapshotSchema, type Snapshot } from './records';

export const SAVE_DELAY_MS = 100;

/** The saved state, or null when the file does not exist yet. Throws on an unreadable file. */
export function readSnapshot(file: string): Snapshot | null {
  if (!existsSync(file)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`local UAA data file ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const result = snapshotSchema.safeParse(parsed);
  // Refuse rather than start empty: the next save would overwrite the developer's data.
  if (!result.success) {
    throw new Error(`local UAA data file ${file} has an unexpected shape: ${result.error.message}`);
  }
  return result.data;
}

let tempCounter = 0;

export class SnapshotWriter {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  // Writes run one after another so an older snapshot never lands after a newer one.
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly produce: () => Snapshot,
    private readonly logger: Logger,
  ) {}

  schedule(): void {
    this.dirty = true;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.writeNow();
    }, SAVE_DELAY_MS);
  }

  /** Writes any pending change now and waits for every write to finish. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.writeNow();
  }

  private writeNow(): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      const temp = `${this.file}.${process.pid}.${++tempCounter}.tmp`;
      try {
        await mkdir(dirname(this.file), { recursive: true });
        await writeFile(temp, JSON.stringify(this.produce(), null, 2), { mode: 0o600 });
        await rename(temp, this.file);
      } catch (err) {
        this.dirty = true; // the next change or flush tries again
        await rm(temp, { force: true }).catch(() => {});
        (this.logger.error ?? this.logger.info).call(
          this.logger,
          `local-uaa: saving ${this.file} failed`,
          err,
        );
      }
    });
    return this.queue;
  }
}
