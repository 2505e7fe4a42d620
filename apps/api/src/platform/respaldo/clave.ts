// Which key encrypts backups (decision 0038). RESPALDO_CLAVE when set. Without it, production refuses: a backup
// nobody can decrypt, or one anybody can read, protects no one. In development a random key is generated once and
// kept in DATA_DIR/respaldo-clave (readable by this user only), and every backup says so: that file is not inside
// the backups, and without it (or its content in RESPALDO_CLAVE) they cannot be restored elsewhere.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { ErrorRespaldo, type OrigenClave } from './formato.ts';

export const ARCHIVO_CLAVE_GENERADA = 'respaldo-clave';

export const MENSAJE_FALTA_CLAVE_PRODUCCION =
  'Falta RESPALDO_CLAVE: en producción los respaldos se cifran con una clave que tú guardas fuera de este equipo. ' +
  'Defínela (al menos 16 caracteres, por ejemplo con: openssl rand -base64 32) y guárdala en un lugar seguro: sin ella no se puede restaurar.';

export type ClaveRespaldo = { clave: string; origen: OrigenClave; archivo?: string };

type ConfigClave = Pick<Config, 'env' | 'dataDir' | 'respaldoClave'>;

/** The key for a new backup; in development without RESPALDO_CLAVE, the generated one (created on first use). */
export function claveParaRespaldar(config: ConfigClave): ClaveRespaldo {
  if (config.respaldoClave) return { clave: config.respaldoClave, origen: 'RESPALDO_CLAVE' };
  if (config.env === 'production') throw new ErrorRespaldo(MENSAJE_FALTA_CLAVE_PRODUCCION);
  const archivo = path.join(config.dataDir, ARCHIVO_CLAVE_GENERADA);
  if (!existsSync(archivo)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(archivo, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return { clave: readFileSync(archivo, 'utf8').trim(), origen: 'generada', archivo };
}

/** The key to read a backup: RESPALDO_CLAVE, else a generated key in this DATA_DIR; null when there is none. */
export function claveParaLeer(config: ConfigClave): ClaveRespaldo | null {
  if (config.respaldoClave) return { clave: config.respaldoClave, origen: 'RESPALDO_CLAVE' };
  const archivo = path.join(config.dataDir, ARCHIVO_CLAVE_GENERADA);
  if (existsSync(archivo)) return { clave: readFileSync(archivo, 'utf8').trim(), origen: 'generada', archivo };
  return null;
}
