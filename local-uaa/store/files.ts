/**
 * Uploaded pictures (platform logos). The records travel in the data file; the bytes sit in a
 * folder beside it (`<data file>.files/`), or in memory when there is no data file.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileRecord } from '../records';
import { randomSecret } from '../secrets';
import type { StoreContext } from './context';
import { RecordTable } from './record-table';

export type ImageType = FileRecord['mime'];

/** The picture type from the first bytes, whatever the client claimed; null for anything else. */
export function sniffImage(bytes: Buffer): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const ID = /^[A-Za-z0-9_-]{22}$/;

export class FileStore extends RecordTable<string, FileRecord> {
  private readonly memory = new Map<string, Buffer>();

  constructor(
    records: readonly FileRecord[],
    /** Folder for the bytes; undefined keeps them in memory. */
    private readonly dir: string | undefined,
    context: StoreContext,
  ) {
    super(records, (record) => record.id, context);
  }

  async save(ownerUid: string, mime: ImageType, bytes: Buffer): Promise<FileRecord> {
    const record: FileRecord = {
      id: randomSecret(16),
      mime,
      size: bytes.length,
      ownerUid,
      createdAt: this.context.now(),
    };
    if (this.dir) {
      await mkdir(this.dir, { recursive: true });
      await writeFile(join(this.dir, record.id), bytes, { mode: 0o600 });
    } else {
      this.memory.set(record.id, bytes);
    }
    this.records.set(record.id, record);
    this.context.changed();
    return record;
  }

  /** The picture and its type; null for an unknown id or bytes gone missing. */
  async read(id: string): Promise<{ record: FileRecord; bytes: Buffer } | null> {
    const record = ID.test(id) ? this.records.get(id) : undefined;
    if (!record) return null;
    if (!this.dir) {
      const bytes = this.memory.get(id);
      return bytes ? { record, bytes } : null;
    }
    try {
      return { record, bytes: await readFile(join(this.dir, id)) };
    } catch {
      return null;
    }
  }
}
