// Makes PGlite's fsync() reach the disk (issue 28, item 1; docs/decisions/0036-pglite-durable.md).
// PGlite keeps an on-disk data directory through emscripten's NODEFS, whose file streams have no fsync: the WASI
// fd_sync that PostgreSQL's fsync() becomes calls `stream_ops.fsync?.()` and reports success when it is missing,
// and emscripten's fdatasync only checks that the descriptor exists. So even with fsync=on no commit, checkpoint
// or control-file write was ever synced. This module gives NODEFS streams an fsync that calls Node's, before the
// database starts, and syncs a freshly created data directory once (PGlite writes initdb's files without syncs).
// Loaded only on the embedded database, on disk (db/client.ts).
import fs from 'node:fs';
import path from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Flujo = { nfd?: number };
/** The part of emscripten's NODEFS this module uses (not in PGlite's types). */
type NodefsInterno = {
  stream_ops: { fsync?: (flujo: Flujo) => number };
  tryFSOperation<T>(f: () => T): T;
};

/** Adds fsync to NODEFS file streams: every PostgreSQL fsync() on the data directory becomes Node's fs.fsyncSync. */
function conFsync(nodefs: NodefsInterno): void {
  nodefs.stream_ops.fsync = (flujo) => {
    const fd = flujo.nfd;
    // tryFSOperation turns a Node error (EIO, ENOSPC...) into the errno PostgreSQL sees, as for a write.
    if (fd !== undefined) nodefs.tryFSOperation(() => fs.fsyncSync(fd));
    return 0;
  };
}

/** PGlite's NodeFS, with fsync on its file streams. */
export class NodeFSConFsync extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const r = await super.init(...args);
    r.emscriptenOpts.preRun = [
      ...(r.emscriptenOpts.preRun ?? []),
      (mod) => conFsync(mod.NODEFS as unknown as NodefsInterno),
    ];
    return r;
  }
}

/**
 * fsync of every file and directory under `dir`, and of `dir`'s entry in its parent: once, after PGlite created a
 * data directory, so the files it wrote without a sync (initdb's, copied from memory) are on disk before the first
 * commit that depends on them is acknowledged.
 */
export function sincronizarArbol(dir: string): void {
  const sincronizar = (ruta: string) => {
    const fd = fs.openSync(ruta, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  };
  const recorrer = (ruta: string) => {
    for (const entrada of fs.readdirSync(ruta, { withFileTypes: true })) {
      const hijo = path.join(ruta, entrada.name);
      if (entrada.isDirectory()) recorrer(hijo);
      else if (entrada.isFile()) sincronizar(hijo);
    }
    sincronizar(ruta);
  };
  recorrer(dir);
  sincronizar(path.dirname(dir));
}
