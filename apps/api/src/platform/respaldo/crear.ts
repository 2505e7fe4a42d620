// Writes one backup file: every table of the public schema read in one repeatable-read snapshot, the migration
// level, the sequences, the public uploads and the private files, and the development JWT secret, then a manifest
// (row counts, SHA-256 of each table's data and of each file). Written to a partial name, synced, then renamed:
// a file with the final name is always whole.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { privadoDir, sincronizar, uploadsDir } from '../../lib/storage.ts';
import { ErrorRespaldo, FIN_DE_REGISTRO, marco, marcoJson, nuevoCifrado, type OrigenClave } from './formato.ts';
import { filasDe, fijarFormato, Huella, nivelDeMigracion, secuencias, tablasPublicas, type Tabla } from './tablas.ts';

export const EXTENSION = '.clinica';
/** File names of backups: the UTC instant first, so the names sort by time (retention relies on it). */
export const PATRON_ARCHIVO = /^respaldo-\d{8}-\d{6}Z-[0-9a-f]{4}\.clinica$/;

/** What the manifest records of each table, file and of the whole. */
export type TablaManifiesto = Tabla & { filas: number; sha256: string; huella: string };
export type ArchivoManifiesto = { ruta: string; tamano: number; sha256: string };
export type Ajustes = {
  clinicaNombre: string;
  clinicaTz: string;
  clinicaDireccion: string | null;
  urlPublica: string;
};
export type Manifiesto = {
  formato: 1;
  creadoEn: string;
  base: Database['kind'];
  migracion: { nivel: number; cantidad: number };
  tablas: TablaManifiesto[];
  secuencias: { nombre: string; valor: string | null }[];
  archivos: ArchivoManifiesto[];
  ajustes: Ajustes;
};

export type CabeceraRegistro =
  ({ tipo: 'tabla' } & Tabla) | { tipo: 'migraciones' } | { tipo: 'archivo'; ruta: string } | { tipo: 'manifiesto' };

/** The folders of DATA_DIR a backup carries, by their name inside the backup. */
export const carpetasDeDatos = (dataDir: string) => ({ uploads: uploadsDir(dataDir), privado: privadoDir(dataDir) });
/** The development JWT secret (config.ts), carried only outside production; its name inside the backup. */
export const SECRETO_JWT = 'ajustes/jwt-secret';

export type OpcionesCrear = {
  database: Database;
  dataDir: string;
  destino: string;
  clave: string;
  origenClave: OrigenClave;
  /** Outside production: the development JWT secret of DATA_DIR travels too (sessions stay valid). */
  incluirSecretoJwt: boolean;
  ajustes: Ajustes;
  ahora: Date;
  /** Aborts between writes (the server is stopping); the partial file is removed. */
  senal?: AbortSignal | undefined;
};

export function nombreDeArchivo(ahora: Date): string {
  const iso = ahora.toISOString(); // 2026-11-24T07:00:00.000Z
  const fecha = iso.slice(0, 10).replace(/-/g, '');
  const hora = iso.slice(11, 19).replace(/:/g, '');
  return `respaldo-${fecha}-${hora}Z-${randomBytes(2).toString('hex')}${EXTENSION}`;
}

/** Whole lines, '\n'-terminated, in frames of about 1 MB (an e-mail row of the outbox can be large). */
function* enTrozos(lineas: string[]): Generator<Buffer> {
  let actual: string[] = [];
  let largo = 0;
  for (const l of lineas) {
    actual.push(l);
    largo += l.length;
    if (largo >= 1024 * 1024) {
      yield Buffer.from(`${actual.join('\n')}\n`, 'utf8');
      actual = [];
      largo = 0;
    }
  }
  if (actual.length) yield Buffer.from(`${actual.join('\n')}\n`, 'utf8');
}

/** Regular files under a folder, relative '/'-separated paths, sorted; half-written ones (*.tmp) are skipped. */
async function archivosBajo(raiz: string): Promise<string[]> {
  if (!existsSync(raiz)) return [];
  const salida: string[] = [];
  const recorrer = async (rel: string) => {
    const entradas = await readdir(path.join(raiz, rel), { withFileTypes: true });
    for (const e of entradas.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await recorrer(r);
      else if (e.isFile() && !e.name.endsWith('.tmp')) salida.push(r);
    }
  };
  await recorrer('');
  return salida;
}

export async function crearRespaldo(
  o: OpcionesCrear,
): Promise<{ ruta: string; tamano: number; manifiesto: Manifiesto }> {
  await mkdir(o.destino, { recursive: true, mode: 0o700 });
  const ruta = path.join(o.destino, nombreDeArchivo(o.ahora));
  const parcial = `${ruta}.parcial`;
  const { prefijo, cifrador } = await nuevoCifrado(o.clave, o.origenClave, o.ahora);

  // The producer writes records into `entrada`; the pipeline compresses, encrypts and writes them.
  const entrada = new PassThrough({ highWaterMark: 1024 * 1024 });
  const escribir = async (b: Buffer) => {
    if (o.senal?.aborted) throw new ErrorRespaldo('Se interrumpió: el servidor se estaba deteniendo.');
    if (entrada.destroyed) throw new Error('la escritura del respaldo se interrumpió');
    // Waits for room, or for the pipeline's end when it failed: the snapshot transaction must never be left open.
    if (!entrada.write(b)) await Promise.race([once(entrada, 'drain'), once(entrada, 'close')]);
  };

  const producir = async (): Promise<Manifiesto> => {
    const tablas: TablaManifiesto[] = [];
    let migracion: Manifiesto['migracion'] | null = null;
    let secs: Manifiesto['secuencias'] = [];
    // One snapshot for every table: rows that reference each other are all there, or none.
    await o.database.db.transaction(
      async (tx) => {
        await fijarFormato(tx);
        migracion = await nivelDeMigracion(tx);
        if (!migracion)
          throw new ErrorRespaldo('La base de datos no tiene tablas de la aplicación: no hay nada que respaldar.');
        for (const t of await tablasPublicas(tx)) {
          await escribir(marcoJson({ tipo: 'tabla', ...t } satisfies CabeceraRegistro));
          const hash = createHash('sha256');
          const huella = new Huella();
          let n = 0;
          for await (const lote of filasDe(tx, t)) {
            for (const datos of enTrozos(lote)) {
              hash.update(datos);
              await escribir(marco(datos));
            }
            for (const l of lote) huella.agregar(l);
            n += lote.length;
          }
          await escribir(FIN_DE_REGISTRO);
          tablas.push({ ...t, filas: n, sha256: hash.digest('hex'), huella: huella.hex() });
        }
        // For the record only: a restore migrates its target to the same level instead of copying this table.
        const mig = (await tx.execute(
          sql.raw('select row_to_json(m)::text as j from drizzle.__drizzle_migrations m order by id'),
        )) as unknown as { rows: { j: string }[] };
        await escribir(marcoJson({ tipo: 'migraciones' } satisfies CabeceraRegistro));
        if (mig.rows.length) await escribir(marco(Buffer.from(`${mig.rows.map((r) => r.j).join('\n')}\n`)));
        await escribir(FIN_DE_REGISTRO);
        secs = await secuencias(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    // Files after the snapshot: a file is written before the row that names it (STYLE 19), so every file a
    // row of the snapshot names is already on disk; a file added meanwhile is carried too, harmlessly.
    const archivos: ArchivoManifiesto[] = [];
    const fuentes: [string, string][] = [];
    for (const [nombre, carpeta] of Object.entries(carpetasDeDatos(o.dataDir))) {
      for (const rel of await archivosBajo(carpeta))
        fuentes.push([`${nombre}/${rel}`, path.join(carpeta, ...rel.split('/'))]);
    }
    const secretoJwt = path.join(o.dataDir, 'jwt-secret');
    if (o.incluirSecretoJwt && existsSync(secretoJwt)) fuentes.push([SECRETO_JWT, secretoJwt]);
    for (const [rel, abs] of fuentes) {
      // Gone since the listing: a private file no row named, taken by the sweeper (decision 0053); a file a row
      // of the snapshot names is never removed.
      const fh = await open(abs, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!fh) continue;
      await escribir(marcoJson({ tipo: 'archivo', ruta: rel } satisfies CabeceraRegistro));
      const hash = createHash('sha256');
      let tamano = 0;
      for await (const trozo of fh.createReadStream({ highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
        hash.update(trozo);
        tamano += trozo.length;
        await escribir(marco(trozo));
      }
      await escribir(FIN_DE_REGISTRO);
      archivos.push({ ruta: rel, tamano, sha256: hash.digest('hex') });
    }

    const manifiesto: Manifiesto = {
      formato: 1,
      creadoEn: o.ahora.toISOString(),
      base: o.database.kind,
      migracion: migracion!,
      tablas,
      secuencias: secs,
      archivos,
      ajustes: o.ajustes,
    };
    await escribir(marcoJson({ tipo: 'manifiesto' } satisfies CabeceraRegistro));
    await escribir(marcoJson(manifiesto));
    await escribir(FIN_DE_REGISTRO);
    entrada.end();
    return manifiesto;
  };

  try {
    const fh = await open(parcial, 'wx', 0o600);
    const [, manifiesto] = await Promise.all([
      pipeline(
        entrada,
        createGzip({ level: 6 }),
        cifrador,
        async function* (cifrado: AsyncIterable<Buffer>) {
          yield prefijo;
          for await (const c of cifrado) yield c;
          yield cifrador.getAuthTag();
        },
        fh.createWriteStream(),
      ),
      producir().catch((err: unknown) => {
        entrada.destroy(err as Error);
        throw err;
      }),
    ]);
    await sincronizar(parcial);
    await rename(parcial, ruta);
    await sincronizar(o.destino);
    return { ruta, tamano: (await stat(ruta)).size, manifiesto };
  } catch (err) {
    await rm(parcial, { force: true });
    throw err;
  }
}
