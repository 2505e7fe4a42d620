// PDFs are built on worker threads, never on the event loop (issue 21, item 2; decision 0044): a small pool created
// on the first document and reused, a bounded queue, a time limit per document, and one document at a time per user.
// The worker entry is src/pdf-worker.ts: from the sources (tests, tsx) through src/pdf-worker-fuentes.mjs, which
// registers tsx in the thread; in the build it is dist/pdf-worker.js beside server.js (build.mjs).
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MensajeTarea, RespuestaTarea, TareaPdf } from '../pdf-worker.ts';
import { AppError } from './app-error.ts';

export type { TareaPdf };

/** Workers at most: one on the 2-core machine, so one core always stays with the event loop. */
export const MAX_TRABAJADORES = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Documents waiting for a worker at most; more get a 503 with Retry-After. */
export const MAX_EN_COLA = 20;
/** A document not built in this time is abandoned: its worker is stopped and replaced. */
export const PLAZO_PDF_MS = 60_000;
/** An idle worker is stopped after this long: its memory (tens of MB) goes back to the system. */
const OCIOSO_MS = 30_000;

export const M_PDF_EN_CURSO = 'Ya estamos preparando un documento para ti. Espera un momento e inténtalo de nuevo.';
export const M_PDF_OCUPADO =
  'Estamos preparando muchos documentos en este momento. Inténtalo de nuevo en unos segundos.';

/** Where the worker's entry is, from the sources or from the bundle. */
function entrada(): { archivo: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { archivo: new URL('../pdf-worker-fuentes.mjs', import.meta.url), execArgv: [] };
  }
  // Bundled: this code is in dist/server.js or in a chunk under dist/chunks/.
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const dist = path.basename(dir) === 'chunks' ? path.dirname(dir) : dir;
  return { archivo: pathToFileURL(path.join(dist, 'pdf-worker.js')), execArgv: ['--enable-source-maps'] };
}

type Pendiente = {
  mensaje: MensajeTarea;
  resolver: (b: Uint8Array) => void;
  rechazar: (e: unknown) => void;
};
type Trabajador = { worker: Worker; actual: Pendiente | null; plazo?: NodeJS.Timeout; ocioso?: NodeJS.Timeout };

const trabajadores: Trabajador[] = [];
const cola: Pendiente[] = [];
const turnos = new Set<number>();
let siguienteId = 1;

const noDisponible = (mensaje: string) =>
  Object.assign(new AppError('NO_DISPONIBLE', 503, mensaje), { reintentarEn: 5 });

function retirar(t: Trabajador) {
  clearTimeout(t.plazo);
  clearTimeout(t.ocioso);
  const i = trabajadores.indexOf(t);
  if (i >= 0) trabajadores.splice(i, 1);
  void t.worker.terminate();
}

function crearTrabajador(): Trabajador {
  const { archivo, execArgv } = entrada();
  // A bounded heap: a runaway document fails in its worker instead of growing the process.
  const worker = new Worker(archivo, { execArgv, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  // An idle worker never keeps the process alive (tests, shutdown).
  worker.unref();
  const t: Trabajador = { worker, actual: null };
  worker.on('message', (r: RespuestaTarea) => {
    const p = t.actual;
    if (!p || p.mensaje.id !== r.id) return;
    t.actual = null;
    clearTimeout(t.plazo);
    if ('bytes' in r) p.resolver(r.bytes);
    else p.rechazar(new Error(`PDF: ${r.error}`));
    siguiente(t);
  });
  const caido = (err: unknown) => {
    const p = t.actual;
    t.actual = null;
    retirar(t);
    p?.rechazar(err instanceof Error ? err : new Error(`El proceso de PDF terminó (${String(err)})`));
    despachar();
  };
  worker.on('error', caido);
  worker.on('exit', (codigo) => {
    if (trabajadores.includes(t)) caido(new Error(`El proceso de PDF terminó con el código ${codigo}`));
  });
  trabajadores.push(t);
  return t;
}

/** Gives a worker its next document, or lets it go idle. */
function siguiente(t: Trabajador) {
  const p = cola.shift();
  if (!p) {
    t.ocioso = setTimeout(() => retirar(t), OCIOSO_MS).unref();
    return;
  }
  clearTimeout(t.ocioso);
  t.actual = p;
  t.plazo = setTimeout(() => {
    retirar(t);
    p.rechazar(noDisponible('No pudimos preparar el documento a tiempo. Inténtalo de nuevo en unos minutos.'));
    despachar();
  }, PLAZO_PDF_MS).unref();
  t.worker.postMessage(p.mensaje);
}

function despachar() {
  while (cola.length) {
    const libre =
      trabajadores.find((t) => !t.actual) ?? (trabajadores.length < MAX_TRABAJADORES ? crearTrabajador() : null);
    if (!libre) return;
    siguiente(libre);
  }
}

/** Builds a document on a worker thread. */
export function generarPdf(tarea: TareaPdf): Promise<Uint8Array> {
  if (cola.length >= MAX_EN_COLA) return Promise.reject(noDisponible(M_PDF_OCUPADO));
  return new Promise((resolver, rechazar) => {
    cola.push({ mensaje: { id: siguienteId++, tarea }, resolver, rechazar });
    despachar();
  });
}

/**
 * Runs `fn` (which builds one or more documents) as the user's only document in progress: a second request of the
 * same user meanwhile gets a 429 at once, so one person cannot fill the queue that everyone shares.
 */
export async function conTurnoPdf<T>(usuarioId: number, fn: () => Promise<T>): Promise<T> {
  if (turnos.has(usuarioId)) throw new AppError('DEMASIADOS_INTENTOS', 429, M_PDF_EN_CURSO);
  turnos.add(usuarioId);
  try {
    return await fn();
  } finally {
    turnos.delete(usuarioId);
  }
}

/** For tests and diagnostics: documents being built or waiting, and whether a user has one in progress. */
export const estadoPdf = () => ({
  trabajadores: trabajadores.length,
  ocupados: trabajadores.filter((t) => t.actual).length,
  enCola: cola.length,
});
export const turnoPdfOcupado = (usuarioId: number) => turnos.has(usuarioId);

/** Stops every worker (tests); documents in progress are rejected. */
export async function cerrarPdfs(): Promise<void> {
  const todos = [...trabajadores];
  for (const t of todos) {
    t.actual?.rechazar(noDisponible(M_PDF_OCUPADO));
    t.actual = null;
    retirar(t);
  }
}
