// Backups as the server runs them (issue 28, item 2; decision 0038): every day at RESPALDO_HORA in the clinic's
// zone (the missed one at the next check after a start), once across instances (the slot's row is the claim), one
// at a time; each is written, read back and checked, recorded, and the oldest files beyond RESPALDO_CONSERVAR go.
// A failure notifies every active administrator in the app and by e-mail (outbox).
import path from 'node:path';
import { fechaEnZona, instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { HORAS_ALERTA_RESPALDO, type respaldosSchema, type respaldoSchema } from '@clinica/contracts/respaldos';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError } from '../../lib/app-error.ts';
import { ErrorRespaldo } from '../../platform/respaldo/formato.ts';
import { aplicarRetencion, respaldarYVerificar } from '../../platform/respaldo/respaldar.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { PlantillasCorreo } from '../../platform/plantillas-correo.ts';
import type { Origen, RespaldoFila, RespaldosRepository } from './respaldos.repository.ts';

type Respaldo = z.output<typeof respaldoSchema>;
type Respaldos = z.output<typeof respaldosSchema>;

/** How often each instance looks for a due daily backup. The first look is one interval after the start. */
export const INTERVALO_RESPALDOS_MS = 60_000;
/** On PostgreSQL an en_curso row older than this belongs to an instance that died. */
const PLAZO_INTERRUMPIDO_MS = 6 * 60 * 60_000;

/** What the failure notice needs from the transaction: the administrators, notifications and the outbox. */
export type TxAvisos = {
  usuarios: {
    list(f: { rol: 'administrador'; estado: true; limit: number; offset: number }): Promise<{
      items: { id: number; nombre: string; correo: string | null }[];
    }>;
  };
  encolar: Encolar;
};

export type RespaldosDeps = {
  config: Config;
  database: Database;
  repo: RespaldosRepository;
  transaccion: Transaccion<TxAvisos>;
  notificar: (tx: TxAvisos, v: { usuario_id: number; tipo: string; mensaje: string; ruta: string }[]) => Promise<void>;
  plantillas: PlantillasCorreo;
  now: () => Date;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  /** 0 turns the timer off (tests call revisar()). */
  intervaloMs?: number;
};

/** A failure as the administrators read it: Spanish, and never a driver's message (it could carry row values). */
export function motivoDeFallo(err: unknown): string {
  if (err instanceof ErrorRespaldo) return err.message;
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOSPC':
      return 'No queda espacio en el disco de los respaldos (RESPALDO_DIR).';
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'La aplicación no tiene permiso para escribir en la carpeta de respaldos (RESPALDO_DIR).';
    case 'ENOENT':
      return 'No se encontró la carpeta de respaldos o un archivo de datos (¿se desmontó el disco?).';
    case 'EIO':
      return 'Error de lectura o escritura del disco.';
    default:
      return `Error inesperado${code ? ` (${code})` : ''}. Revisa los registros del servidor.`;
  }
}

export function createRespaldosService(deps: RespaldosDeps) {
  const { config, database, repo, now, log } = deps;
  const intervalo = deps.intervaloMs ?? INTERVALO_RESPALDOS_MS;
  let temporizador: NodeJS.Timeout | null = null;
  let enCurso: Promise<unknown> | null = null;
  const abortar = new AbortController();

  const aWire = (f: RespaldoFila): Respaldo => ({
    id: f.id,
    origen: f.origen,
    estado: f.estado,
    iniciado_en: f.iniciado_en,
    terminado_en: f.terminado_en,
    archivo: f.archivo ? path.basename(f.archivo) : null,
    tamano: f.tamano,
    tablas: f.tablas,
    filas: f.filas,
    archivos: f.archivos,
    error: f.error,
    eliminado: f.eliminado_en !== null,
  });

  async function avisarFallo(fila: RespaldoFila, motivo: string): Promise<void> {
    const cuando = fila.iniciado_en.toLocaleString('es-CO', {
      timeZone: config.clinicaTz,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    await deps.transaccion(async (tx) => {
      const { items } = await tx.usuarios.list({ rol: 'administrador', estado: true, limit: 100, offset: 0 });
      await deps.notificar(
        tx,
        items.map((a) => ({
          usuario_id: a.id,
          tipo: 'respaldo_fallido',
          mensaje: `El respaldo del ${cuando} no se hizo: ${motivo}`,
          ruta: '/respaldos',
        })),
      );
      for (const a of items) {
        if (!a.correo) continue;
        const correo = deps.plantillas.componer({
          asunto: `El respaldo de ${config.clinicaNombre} falló`,
          titulo: 'El respaldo no se hizo',
          saludo: `Hola, ${a.nombre}:`,
          bloques: [
            { tipo: 'parrafo', texto: `El respaldo del ${cuando} no se hizo: ${motivo}` },
            {
              tipo: 'parrafo',
              texto:
                'Mientras no se corrija, un daño del disco podría perder la información de la clínica. Revisa la pantalla Respaldos y, cuando esté corregido, usa «Respaldar ahora».',
            },
            { tipo: 'boton', texto: 'Abrir Respaldos', url: `${config.urlPublica}/respaldos` },
          ],
        });
        await tx.encolar('correo', { para: a.correo, ...correo });
      }
    });
  }

  /** Writes, checks and records the backup of a claimed row; a failure is recorded and announced. */
  async function ejecutar(fila: RespaldoFila): Promise<RespaldoFila> {
    try {
      const hecho = await respaldarYVerificar(config, database, now(), abortar.signal);
      const terminada = await repo.terminar(fila.id, {
        estado: 'verificado',
        terminado_en: now(),
        archivo: hecho.ruta,
        tamano: hecho.tamano,
        tablas: hecho.manifiesto.tablas.length,
        filas: hecho.manifiesto.tablas.reduce((s, t) => s + t.filas, 0),
        archivos: hecho.manifiesto.archivos.length,
      });
      const borrados = await aplicarRetencion(config.respaldoDir, config.respaldoConservar);
      await repo.marcarEliminados(
        borrados.map((n) => path.join(config.respaldoDir, n)),
        now(),
      );
      return terminada;
    } catch (err) {
      const motivo = motivoDeFallo(err);
      log.error({ respaldoId: fila.id, code: (err as NodeJS.ErrnoException).code }, `respaldo fallido: ${motivo}`);
      const fallida = await repo.terminar(fila.id, { estado: 'fallido', terminado_en: now(), error: motivo });
      // Stopping the server interrupts a backup: recorded, but not announced as a fault.
      if (abortar.signal.aborted) return fallida;
      await avisarFallo(fallida, motivo).catch((e: unknown) =>
        log.error({ code: (e as NodeJS.ErrnoException).code }, 'no se pudo avisar del respaldo fallido'),
      );
      return fallida;
    }
  }

  /** Runs one backup in the background, tracked so that stopping waits for it. */
  function enSegundoPlano(fila: RespaldoFila): void {
    const p = ejecutar(fila).finally(() => {
      if (enCurso === p) enCurso = null;
    });
    enCurso = p;
  }

  /** The most recent daily slot that has passed (RESPALDO_HORA in the clinic's zone), or null when off. */
  function turnoVencido(ahora: Date): Date | null {
    if (!config.respaldoHora) return null;
    const hoy = fechaEnZona(ahora, config.clinicaTz);
    const turno = instanteLocal(hoy, config.respaldoHora, config.clinicaTz);
    return turno <= ahora ? turno : instanteLocal(sumarDias(hoy, -1), config.respaldoHora, config.clinicaTz);
  }

  /**
   * The timer's check: closes backups a dead instance left en_curso, then claims and runs the daily slot if it
   * has passed and nobody has it. Resolves when that backup has ended (tests await it).
   */
  async function revisar(): Promise<RespaldoFila | null> {
    const ahora = now();
    if (database.kind === 'postgres')
      await repo.cerrarInterrumpidos(ahora, new Date(ahora.getTime() - PLAZO_INTERRUMPIDO_MS));
    const turno = turnoVencido(ahora);
    if (!turno || (await repo.existeProgramado(turno))) return null;
    const fila = await repo.reclamar({ origen: 'programado', programadoPara: turno, ahora });
    if (!fila) return null;
    const p = ejecutar(fila);
    enCurso = p;
    try {
      return await p;
    } finally {
      if (enCurso === p) enCurso = null;
    }
  }

  return {
    /** One backup now, waited for (npm run respaldo records through this). null: another one is running. */
    async respaldar(origen: Origen, solicitadoPor?: number): Promise<RespaldoFila | null> {
      const fila = await repo.reclamar({ origen, solicitadoPor, ahora: now() });
      return fila ? ejecutar(fila) : null;
    },

    /** The administrators' button: starts a backup and answers at once with its row (202). */
    async solicitar(actor: { id: number }): Promise<Respaldo> {
      const fila = await repo.reclamar({ origen: 'manual', solicitadoPor: actor.id, ahora: now() });
      if (!fila) throw new AppError('RESPALDO_EN_CURSO', 409, 'Ya hay un respaldo en curso. Espera a que termine.');
      enSegundoPlano(fila);
      return aWire(fila);
    },

    revisar,

    async listar(): Promise<Respaldos> {
      const filas = await repo.listar(30);
      const ultimo = filas[0];
      const verificado = filas.find((f) => f.estado === 'verificado') ?? (await repo.ultimoVerificado());
      const cifrado = config.respaldoClave ? 'clave' : config.env === 'production' ? 'falta' : 'generada';
      const ahora = now();
      let alerta: Respaldos['alerta'] = null;
      if (cifrado === 'falta') {
        alerta = {
          tipo: 'sin_clave',
          mensaje:
            'Falta RESPALDO_CLAVE: en producción no se hacen respaldos sin ella. Pídele a quien administra el servidor que la defina.',
        };
      } else if (ultimo && ultimo.estado === 'fallido') {
        alerta = { tipo: 'fallido', mensaje: `El último respaldo falló: ${ultimo.error ?? 'sin detalle'}` };
      } else if (!verificado) {
        alerta = { tipo: 'nunca', mensaje: 'Todavía no hay ningún respaldo verificado. Haz uno ahora.' };
      } else if (ahora.getTime() - verificado.terminado_en!.getTime() > HORAS_ALERTA_RESPALDO * 3600_000) {
        alerta = {
          tipo: 'antiguo',
          mensaje: `El respaldo verificado más reciente tiene más de ${HORAS_ALERTA_RESPALDO} horas. Revisa que el servidor esté encendido a la hora del respaldo, o haz uno ahora.`,
        };
      }
      return {
        items: filas.map(aWire),
        alerta,
        programacion: {
          hora: config.respaldoHora,
          zona: config.clinicaTz,
          conservar: config.respaldoConservar,
          directorio: config.respaldoDir,
          cifrado,
        },
      };
    },

    /** Starts the daily check (the first one interval after the start: a short-lived process never backs up). */
    async iniciar(): Promise<void> {
      // PGlite has one process: whatever it left en_curso died with it.
      if (database.kind === 'pglite') await repo.cerrarInterrumpidos(now());
      if (intervalo <= 0 || !config.respaldoHora) return;
      temporizador = setInterval(() => {
        if (enCurso) return;
        revisar().catch((err: unknown) =>
          log.error({ code: (err as NodeJS.ErrnoException).code }, 'no se pudo revisar la programación de respaldos'),
        );
      }, intervalo);
      temporizador.unref();
    },

    /** Stops the timer and a backup under way (its partial file is removed and the row recorded as interrupted). */
    async detener(): Promise<void> {
      if (temporizador) clearInterval(temporizador);
      temporizador = null;
      abortar.abort();
      await enCurso?.catch(() => {});
    },
  };
}
export type RespaldosService = ReturnType<typeof createRespaldosService>;
