// Stored files reach the disk before a write is acknowledged (issue 28): a consent PDF, a signature or an exam result
// whose database row commits durably must not vanish in a power cut. The file's bytes are flushed before it is
// closed and the folder that receives the rename is synced too.
import fs from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage } from '../src/lib/storage.ts';
import { directorioTemporal } from './temporales.ts';

afterEach(() => vi.restoreAllMocks());

describe('local storage durability', () => {
  it('a put syncs the file and the folder it lands in; what is read back is what was written', async () => {
    const dir = directorioTemporal('clinica-almacen');
    // FileHandle is not exported; its prototype is reachable through any open handle.
    const h = await open(dir, 'r');
    const proto = Object.getPrototypeOf(h) as { sync(): Promise<void> };
    await h.close();
    const sync = vi.spyOn(proto, 'sync');
    const fsync = vi.spyOn(fs, 'fsync');
    const storage = createLocalStorage(dir, { privado: true });
    const bytes = Buffer.from('%PDF-1.7 consentimiento firmado');
    expect(await storage.put('consentimientos/abc123.pdf', bytes)).toBe(bytes.length);
    // The file's bytes: the write stream's flush (fs.fsync before close); the folder's entry: a FileHandle sync.
    expect(fsync).toHaveBeenCalledTimes(1);
    expect(sync).toHaveBeenCalledTimes(1);
    expect(await readFile(path.join(dir, 'consentimientos', 'abc123.pdf'))).toEqual(bytes);
  });
});
