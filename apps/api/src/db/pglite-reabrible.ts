// The embedded database through a full disk (issue 28, item 4; docs/decisions/0040-disco-lleno.md).
//
// When PGlite cannot write its WAL for lack of space, the failing statement gets disk_full (53100) or an internal
// error ("XLogBeginInsert was already called"), and the instance is left broken: the next statements fail, and
// soon one loops forever inside the WebAssembly, a synchronous call that holds the event loop (no /salud, no
// SIGTERM). That state cannot be detected once entered, so it is never entered: after such an error the instance
// is fenced (it is never called again, its file descriptors are closed) and a new one is opened on the same
// directory when there is room, which recovers from the WAL as after a crash. Every commit acknowledged before was
// synced (db/pglite-fsync.ts); the statement that failed was not acknowledged.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { MENSAJE_SIN_ESPACIO } from '@clinica/contracts/errors';
import { isSinEspacio } from '../lib/app-error.ts';

/** Free space an existing data directory needs to start or reopen: a new 16 MB WAL segment and room to spare. */
export const ESPACIO_MINIMO_BYTES = 32 * 1024 * 1024;
/** Free space a new data directory needs: initdb's ~40 MB, the migrations and the demo seed. */
export const ESPACIO_MINIMO_NUEVA_BYTES = 96 * 1024 * 1024;
/** Reopening is tried at most this often while it keeps failing (each try starts a PostgreSQL). */
const REINTENTO_MS = 1000;

/** A write refused because the disk is full; answered 507 SIN_ESPACIO (plugins/errors.ts). */
export class SinEspacioError extends Error {
  readonly code = 'ENOSPC';
  constructor(options?: { cause?: unknown }) {
    super(MENSAJE_SIN_ESPACIO, options);
    this.name = 'SinEspacioError';
  }
}

/** The data directory's disk has too little free space to start (the message names what is needed). */
export class EspacioInsuficienteError extends Error {
  constructor(dir: string, libre: number, minimo: number) {
    super(
      `No hay espacio suficiente en disco para la base de datos embebida: quedan ${enMegas(libre)} libres donde ` +
        `está ${dir} y se necesitan al menos ${enMegas(minimo)}. Libera espacio en ese disco o usa un DATA_DIR en otro.`,
    );
    this.name = 'EspacioInsuficienteError';
  }
}

/** Refuses to start on a disk with less free space than a data directory (new or not) needs. */
export function comprobarEspacioParaArrancar(dir: string, nueva: boolean): void {
  const minimo = nueva ? ESPACIO_MINIMO_NUEVA_BYTES : ESPACIO_MINIMO_BYTES;
  const libre = espacioLibre(dir);
  if (libre < minimo) throw new EspacioInsuficienteError(dir, libre, minimo);
}

/** Bytes an unprivileged process may still write on the file system of `dir` (or of its nearest existing parent). */
export function espacioLibre(dir: string): number {
  let actual = path.resolve(dir);
  while (!fs.existsSync(actual) && path.dirname(actual) !== actual) actual = path.dirname(actual);
  const s = fs.statfsSync(actual);
  return s.bavail * s.bsize;
}

export const enMegas = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/** Errors after which a PGlite instance must not be called again. */
function rompeLaInstancia(err: unknown): boolean {
  // WebAssembly.RuntimeError (an abort, "unreachable"): the instance is dead.
  if (err instanceof Error && err.name === 'RuntimeError') return true;
  if (isSinEspacio(err)) return true;
  // Class XX (internal_error): PostgreSQL's own state is inconsistent, as after a failed WAL write.
  const codigo = (err as { code?: unknown } | null)?.code;
  return typeof codigo === 'string' && codigo.startsWith('XX');
}

type Modulo = { FS?: { streams?: ({ nfd?: unknown } | null)[] } };

/** Closes the Node file descriptors a PGlite instance holds, without calling into its WebAssembly. */
export function cerrarDescriptores(pg: PGlite): void {
  let modulo: Modulo | undefined;
  try {
    modulo = (pg as unknown as { Module?: Modulo }).Module;
  } catch {
    return; // never started
  }
  for (const flujo of modulo?.FS?.streams ?? []) {
    if (typeof flujo?.nfd !== 'number') continue;
    try {
      fs.closeSync(flujo.nfd);
    } catch {
      // already closed
    }
  }
}

type Oyente = {
  canal: string;
  alAviso(payload: string): void;
  alEstado(escuchando: boolean): void;
  dejar?: () => Promise<void>;
};
type Instancia = { crudo: PGlite; cliente: PGlite; cercada: boolean };
type Log = { error(o: object, m: string): void; warn(o: object, m: string): void };

export type PgliteReabrible = {
  /** What drizzle and the rest use: forwards query and transaction (and the rest) to the instance in use. */
  cliente: PGlite;
  /** Throws SinEspacioError when the disk has less free space than the database needs (readiness). */
  verificarEspacio(): void;
  escuchar(canal: string, oyente: Omit<Oyente, 'canal' | 'dejar'>): Promise<() => Promise<void>>;
  cerrar(): Promise<void>;
};

/**
 * `abrir` starts a PGlite on `dir` (it closes what it opened when it fails); `envolver` gives the client drizzle
 * sees for an instance (named prepared statements: they live in one instance, so each gets its own).
 */
export async function crearPgliteReabrible(o: {
  dir: string;
  abrir: () => Promise<PGlite>;
  envolver: (crudo: PGlite) => PGlite;
  log?: Log | undefined;
}): Promise<PgliteReabrible> {
  const oyentes = new Set<Oyente>();
  let actual: Instancia | null = null;
  let reabriendo: Promise<Instancia> | null = null;
  let ultimoIntento = 0;
  let cerrada = false;
  let ultimoLogError = Number.NEGATIVE_INFINITY;

  const sinEspacio = () => espacioLibre(o.dir) < ESPACIO_MINIMO_BYTES;

  function cercar(instancia: Instancia, err: unknown) {
    if (instancia.cercada) return;
    instancia.cercada = true;
    if (actual === instancia) actual = null;
    cerrarDescriptores(instancia.crudo);
    // Once a minute at error: a disk that stays nearly full may fence one instance after another.
    const ahora = Date.now();
    const nivel = ahora - ultimoLogError >= 60_000 ? 'error' : 'warn';
    if (nivel === 'error') ultimoLogError = ahora;
    o.log?.[nivel](
      { err: { message: (err as Error)?.message, code: (err as { code?: unknown })?.code } },
      'la base de datos embebida falló al escribir; se abrirá de nuevo cuando haya espacio',
    );
    for (const oyente of oyentes) {
      oyente.dejar = undefined;
      oyente.alEstado(false);
    }
  }

  /** Every call into the instance's WebAssembly goes through execProtocolRawSync; errors come out of these two. */
  function vigilar(crudo: PGlite): Instancia {
    const instancia: Instancia = { crudo, cliente: crudo, cercada: false };
    const objetivo = crudo as unknown as Record<string, (...a: unknown[]) => unknown>;
    const cruda = objetivo.execProtocolRawSync!.bind(crudo);
    objetivo.execProtocolRawSync = (...args) => {
      if (instancia.cercada) throw new SinEspacioError();
      return cruda(...args);
    };
    for (const nombre of ['execProtocolStream', 'execProtocol']) {
      const original = objetivo[nombre]!.bind(crudo);
      objetivo[nombre] = async (...args) => {
        try {
          return await original(...args);
        } catch (err) {
          if (instancia.cercada || !rompeLaInstancia(err)) throw err;
          cercar(instancia, err);
          throw isSinEspacio(err) || sinEspacio() ? new SinEspacioError({ cause: err }) : err;
        }
      };
    }
    instancia.cliente = o.envolver(crudo);
    return instancia;
  }

  async function escucharEn(instancia: Instancia, oyente: Oyente) {
    oyente.dejar = await instancia.crudo.listen(oyente.canal, oyente.alAviso);
    oyente.alEstado(true);
  }

  async function reabrir(): Promise<Instancia> {
    ultimoIntento = Date.now();
    const instancia = vigilar(await o.abrir());
    actual = ultima = instancia;
    o.log?.warn({}, 'la base de datos embebida se abrió de nuevo');
    for (const oyente of oyentes) await escucharEn(instancia, oyente);
    return instancia;
  }

  /** The instance in use; after a fence, a new one when there is room (one attempt at a time, one per second). */
  async function asegurar(): Promise<Instancia> {
    if (actual) return actual;
    if (cerrada) throw new Error('La base de datos está cerrada.');
    if (reabriendo) return reabriendo;
    if (sinEspacio() || Date.now() - ultimoIntento < REINTENTO_MS) throw new SinEspacioError();
    reabriendo = reabrir().finally(() => {
      reabriendo = null;
    });
    try {
      return await reabriendo;
    } catch (err) {
      throw sinEspacio() || isSinEspacio(err) ? new SinEspacioError({ cause: err }) : err;
    }
  }

  actual = vigilar(await o.abrir());
  /** The newest instance, for synchronous members (parsers, serializers) while none is open. */
  let ultima = actual;

  const ASINCRONOS = new Set<PropertyKey>(['query', 'exec', 'transaction', 'listen', 'sql', 'describeQuery']);
  // The target only gives the proxy PGlite's prototype (drizzle checks what it was given); holding the first instance
  // itself would keep a fenced one's WebAssembly memory alive for good.
  const cliente = new Proxy(Object.create(Object.getPrototypeOf(actual.crudo) as object) as PGlite, {
    get(_objetivo, prop) {
      if (ASINCRONOS.has(prop)) {
        return async (...args: unknown[]) => {
          const instancia = await asegurar();
          return (Reflect.get(instancia.cliente, prop) as (...a: unknown[]) => unknown)(...args);
        };
      }
      const destino = (actual ?? ultima).cliente;
      const valor = Reflect.get(destino, prop) as unknown;
      return typeof valor === 'function' ? (valor as (...a: unknown[]) => unknown).bind(destino) : valor;
    },
  });

  return {
    cliente,
    verificarEspacio() {
      if (sinEspacio()) throw new SinEspacioError();
    },
    async escuchar(canal, { alAviso, alEstado }) {
      const oyente: Oyente = { canal, alAviso, alEstado };
      oyentes.add(oyente);
      if (actual) await escucharEn(actual, oyente);
      return async () => {
        oyentes.delete(oyente);
        await oyente.dejar?.().catch(() => {});
      };
    },
    async cerrar() {
      cerrada = true;
      await reabriendo?.catch(() => {});
      const instancia = actual;
      actual = null;
      if (instancia && !instancia.cercada) await instancia.crudo.close();
    },
  };
}
