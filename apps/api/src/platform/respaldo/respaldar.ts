// One backup as the server and `npm run respaldo` make it: the key (clave.ts), the file (crear.ts), read back whole
// and checked against its manifest (leer.ts), then the oldest files beyond RESPALDO_CONSERVAR removed.
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { claveParaRespaldar } from './clave.ts';
import { crearRespaldo, PATRON_ARCHIVO, type Manifiesto } from './crear.ts';
import { ErrorRespaldo, type OrigenClave } from './formato.ts';
import { leerRespaldo } from './leer.ts';

export type RespaldoHecho = {
  ruta: string;
  tamano: number;
  manifiesto: Manifiesto;
  origenClave: OrigenClave;
  /** The generated key's file (development without RESPALDO_CLAVE). */
  archivoClave: string | undefined;
};

type ConfigRespaldo = Pick<
  Config,
  | 'env'
  | 'dataDir'
  | 'respaldoClave'
  | 'respaldoDir'
  | 'clinicaNombre'
  | 'clinicaTz'
  | 'clinicaDireccion'
  | 'urlPublica'
>;

export async function respaldarYVerificar(
  config: ConfigRespaldo,
  database: Database,
  ahora: Date,
  senal?: AbortSignal,
): Promise<RespaldoHecho> {
  const clave = claveParaRespaldar(config);
  // Only the default folder is created: a RESPALDO_DIR on a disk that is not mounted would otherwise become a
  // folder on the same disk as the data, and the backups would die with it.
  if (config.respaldoDir !== path.join(config.dataDir, 'respaldos') && !existsSync(config.respaldoDir)) {
    throw new ErrorRespaldo(
      `La carpeta de respaldos ${config.respaldoDir} (RESPALDO_DIR) no existe. ¿Está conectado y montado el disco o la carpeta de red?`,
    );
  }
  const hecho = await crearRespaldo({
    database,
    dataDir: config.dataDir,
    destino: config.respaldoDir,
    clave: clave.clave,
    origenClave: clave.origen,
    // In production the JWT secret comes from the environment (the operator keeps it); only the development one,
    // generated into DATA_DIR, would otherwise be lost with the machine.
    incluirSecretoJwt: config.env !== 'production',
    ajustes: {
      clinicaNombre: config.clinicaNombre,
      clinicaTz: config.clinicaTz,
      clinicaDireccion: config.clinicaDireccion ?? null,
      urlPublica: config.urlPublica,
    },
    ahora,
    senal,
  });
  try {
    await leerRespaldo(hecho.ruta, clave.clave);
  } catch (err) {
    await rm(hecho.ruta, { force: true });
    const detalle = err instanceof Error ? err.message : String(err);
    throw new ErrorRespaldo(
      `El respaldo se escribió, pero al leerlo de nuevo no pasó la verificación y se borró: ${detalle}`,
    );
  }
  return { ...hecho, origenClave: clave.origen, archivoClave: clave.archivo };
}

/** Keeps the newest `conservar` backup files of the folder (by name, which starts with their time); returns the removed. */
export async function aplicarRetencion(carpeta: string, conservar: number): Promise<string[]> {
  const nombres = (await readdir(carpeta).catch(() => [] as string[])).filter((n) => PATRON_ARCHIVO.test(n)).sort();
  const sobran = nombres.slice(0, Math.max(0, nombres.length - conservar));
  for (const n of sobran) await rm(path.join(carpeta, n), { force: true });
  return sobran;
}

/** 12,3 MB, as an operator reads it. */
export function tamanoLegible(bytes: number): string {
  const unidades = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < unidades.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toLocaleString('es-CO', { maximumFractionDigits: i === 0 ? 0 : 1 })} ${unidades[i]}`;
}
