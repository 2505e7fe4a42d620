// The sweeper of private storage (decision 0053): a file's bytes are written before the transaction that writes its
// row (archivos.service.ts `conArchivos`), so a crash between the two, or a clean-up the database could not confirm,
// leaves bytes that no row names. They are removed at start and every hour, once old enough that no transaction
// still open could be about to name them. Rows are never removed here: records are kept (Res. 1995 de 1999).
import type { Storage } from '../lib/storage.ts';
import type { ArchivosRepository } from './archivos.repository.ts';
import { mensajeParaLog } from '../lib/error-log.ts';

/**
 * How old an unnamed file must be to go. Between writing the bytes and the commit there are only the change's own
 * queries (the PDFs are built before): an hour is far beyond any transaction, and a restore's files, written anew,
 * are as young as their commit.
 */
export const PLAZO_HUERFANOS_MS = 60 * 60_000;
export const INTERVALO_BARRIDO_MS = 60 * 60_000;
/** Keys asked about per query. */
const LOTE = 500;

export function createBarridoArchivos(deps: {
  repo: Pick<ArchivosRepository, 'conFila'>;
  storage: Storage;
  log: { warn(o: object, m: string): void };
  /** 0 turns the timer off (tests call barrer()). */
  intervaloMs?: number;
  /**
   * The disk's clock, not the application's `now`: the files' modification times are real time, also in tests
   * that move the application's clock.
   */
  reloj?: () => number;
}) {
  const { repo, storage, log } = deps;
  const reloj = deps.reloj ?? Date.now;
  let temporizador: ReturnType<typeof setInterval> | null = null;
  let enCurso: Promise<number> | null = null;

  /** Removes files no row names written more than `plazoMs` ago, and crashed writes' `*.tmp`; how many went. */
  async function barrer(plazoMs = PLAZO_HUERFANOS_MS): Promise<number> {
    const limite = reloj() - plazoMs;
    let borrados = 0;
    let lote: string[] = [];
    const revisar = async () => {
      const conFila = await repo.conFila(lote);
      for (const clave of lote.filter((c) => !conFila.has(c))) {
        await storage.delete(clave);
        borrados++;
      }
      lote = [];
    };
    for await (const { key, modified } of storage.list()) {
      if (modified.getTime() > limite) continue;
      if (key.endsWith('.tmp')) {
        await storage.delete(key);
        borrados++;
        continue;
      }
      lote.push(key);
      if (lote.length >= LOTE) await revisar();
    }
    if (lote.length) await revisar();
    // A crash between a file and its row, or a clean-up the database could not confirm: worth a line in the log.
    if (borrados) log.warn({ borrados }, 'archivos privados sin registro eliminados');
    return borrados;
  }

  /** One sweep at a time; a failure (the database is down) is logged and the next tick tries again. */
  const barrerUnaVez = () =>
    (enCurso ??= barrer()
      .catch((err: unknown) => {
        log.warn({ err: mensajeParaLog(err) }, 'no se pudo barrer el almacén privado');
        return 0;
      })
      .finally(() => {
        enCurso = null;
      }));

  return {
    barrer,
    iniciar() {
      const cada = deps.intervaloMs ?? INTERVALO_BARRIDO_MS;
      if (cada <= 0) return;
      void barrerUnaVez();
      temporizador ??= setInterval(() => void barrerUnaVez(), cada);
      temporizador.unref();
    },
    async detener() {
      if (temporizador) clearInterval(temporizador);
      temporizador = null;
      await enCurso;
    },
  };
}
export type BarridoArchivos = ReturnType<typeof createBarridoArchivos>;
