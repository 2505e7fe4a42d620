// What `npm run respaldo` does once the database is open: through the server's own service when the database is
// at this code's migration level (the backup is then recorded in `respaldos`, shown on the screen, retention
// applied, and a failure told to the administrators), else straight through the library (an older database is
// backed up as it is, before anything migrates it).
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { migracionesAlDia } from '../../db/migraciones.ts';
import { claveParaRespaldar } from '../../platform/respaldo/clave.ts';
import { ErrorRespaldo } from '../../platform/respaldo/formato.ts';
import { aplicarRetencion, respaldarYVerificar } from '../../platform/respaldo/respaldar.ts';
import { createServices } from '../../services.ts';

export type ResumenRespaldo = {
  ruta: string;
  tamano: number;
  tablas: number;
  filas: number;
  archivos: number;
  /** Where the key is when it was generated (development without RESPALDO_CLAVE). */
  archivoClave: string | undefined;
  registrado: boolean;
};

const silencioso = { warn: () => {}, error: () => {} };

export async function respaldarDesdeCli(config: Config, database: Database): Promise<ResumenRespaldo> {
  const alDia = await migracionesAlDia(
    async (sql) => ((await database.db.execute(sql)) as unknown as { rows: Record<string, unknown>[] }).rows,
  );
  if (!alDia) {
    const hecho = await respaldarYVerificar(config, database, new Date());
    await aplicarRetencion(config.respaldoDir, config.respaldoConservar);
    return {
      ruta: hecho.ruta,
      tamano: hecho.tamano,
      tablas: hecho.manifiesto.tablas.length,
      filas: hecho.manifiesto.tablas.reduce((s, t) => s + t.filas, 0),
      archivos: hecho.manifiesto.archivos.length,
      archivoClave: hecho.archivoClave,
      registrado: false,
    };
  }
  // Refused before a row is written (production without a key): the message is the same either way.
  const clave = claveParaRespaldar(config);
  const services = await createServices({
    config,
    database,
    log: silencioso,
    intervaloBandejaMs: 0,
    intervaloRespaldosMs: 0,
  });
  try {
    const fila = await services.respaldos.respaldar('comando');
    if (!fila)
      throw new ErrorRespaldo(
        'Ya hay un respaldo en curso (de la aplicación o de otro comando). Espera a que termine.',
      );
    if (fila.estado !== 'verificado') throw new ErrorRespaldo(fila.error ?? 'falló sin detalle');
    return {
      ruta: fila.archivo ?? path.join(config.respaldoDir, '?'),
      tamano: fila.tamano ?? 0,
      tablas: fila.tablas ?? 0,
      filas: fila.filas ?? 0,
      archivos: fila.archivos ?? 0,
      archivoClave: clave.archivo,
      registrado: true,
    };
  } finally {
    await services.cerrar();
  }
}

/** Why a backup or restore failed, for the terminal: a driver error can carry row values, so only its code. */
export function motivoDelFallo(err: unknown): string {
  if (err instanceof ErrorRespaldo) return err.message;
  const e = err as NodeJS.ErrnoException;
  return e.code && /^E[A-Z]+$/.test(e.code) ? e.message : `error ${e.code ?? e.name ?? 'desconocido'}`;
}
