// Restores a backup into an empty database and DATA_DIR (or, with `forzar`, replaces what is there). First the
// whole file is read and checked (key, every byte, the manifest): a wrong key or a changed byte is refused before
// anything is touched. Then, in ONE transaction: the target is migrated to the backup's level, the rows go in
// parents first (user triggers off, so signed notes keep their signatures), sequences are set, the files are put in
// place, and every table and file is compared with the manifest; any difference rolls everything back.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { ultimaMigracion } from '../../db/migraciones.ts';
import { MIGRATIONS_DIR } from '../../lib/paths.ts';
import { carpetasDeDatos, SECRETO_JWT, type Manifiesto } from './crear.ts';
import { ErrorRespaldo } from './formato.ts';
import { leerRespaldo } from './leer.ts';
import {
  fijarFormato,
  fijarSecuencia,
  filasDe,
  Huella,
  id,
  insertarFilas,
  nivelDeMigracion,
  tablasPublicas,
} from './tablas.ts';

export type OpcionesRestaurar = {
  archivo: string;
  clave: string;
  database: Database;
  dataDir: string;
  /** Replace a target that holds data (its rows and files are deleted). */
  forzar?: boolean;
  /** Runs in the restore's transaction after the check, before the commit. */
  antesDeConfirmar?: (tx: Executor) => Promise<void>;
};

export type ResultadoRestaurar = { manifiesto: Manifiesto; filas: number; archivos: number; migradaDespues: boolean };

const RUTA_SEGURA = /^(uploads|privado)(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/;

/** A copy of the migrations folder whose journal stops at `nivel`: drizzle then migrates exactly that far. */
async function migrarHasta(database: Database, nivel: number): Promise<void> {
  const diario = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const carpeta = await mkdtemp(path.join(os.tmpdir(), 'clinica-migraciones-'));
  try {
    await cp(MIGRATIONS_DIR, carpeta, { recursive: true });
    await writeFile(
      path.join(carpeta, 'meta', '_journal.json'),
      JSON.stringify({ ...diario, entries: diario.entries.filter((e) => e.when <= nivel) }),
    );
    if (database.kind === 'pglite') {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(database.db as never, { migrationsFolder: carpeta });
    } else {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      await migrate(database.db, { migrationsFolder: carpeta });
    }
  } finally {
    await rm(carpeta, { recursive: true, force: true });
  }
}

async function tieneArchivos(carpeta: string): Promise<boolean> {
  if (!existsSync(carpeta)) return false;
  const pendientes = [carpeta];
  while (pendientes.length) {
    const dir = pendientes.pop()!;
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.isDirectory()) pendientes.push(path.join(dir, e.name));
      else return true;
    }
  }
  return false;
}

async function sha256De(ruta: string): Promise<{ sha256: string; tamano: number }> {
  const hash = createHash('sha256');
  let tamano = 0;
  for await (const c of createReadStream(ruta) as AsyncIterable<Buffer>) {
    hash.update(c);
    tamano += c.length;
  }
  return { sha256: hash.digest('hex'), tamano };
}

export async function restaurarRespaldo(o: OpcionesRestaurar): Promise<ResultadoRestaurar> {
  // 1. The whole file, before anything else: the key, every byte, the manifest.
  const { manifiesto } = await leerRespaldo(o.archivo, o.clave);

  // 2. The schema: the backup's migration level, never a newer one than this code knows.
  const codigo = ultimaMigracion();
  if (manifiesto.migracion.nivel > codigo) {
    throw new ErrorRespaldo(
      'Este respaldo viene de una versión más nueva de la aplicación. Actualiza el código (git pull, npm install) y vuelve a restaurar.',
    );
  }
  const actual = await nivelDeMigracion(o.database.db);
  if (actual && actual.nivel > manifiesto.migracion.nivel) {
    throw new ErrorRespaldo(
      'La base de datos de destino ya está en una versión más nueva que la del respaldo. Restaura en una base de datos vacía (o en otro DATA_DIR).',
    );
  }
  if (!actual || actual.nivel < manifiesto.migracion.nivel) await migrarHasta(o.database, manifiesto.migracion.nivel);

  // 3. The target must be empty, unless told to replace it.
  const tablas = await tablasPublicas(o.database.db);
  const conDatos: string[] = [];
  for (const t of tablas) {
    const r = (await o.database.db.execute(
      sql.raw(`select exists (select 1 from public.${id(t.nombre)}) as hay`),
    )) as unknown as { rows: { hay: boolean }[] };
    if (r.rows[0]?.hay) conDatos.push(t.nombre);
  }
  const carpetas = carpetasDeDatos(o.dataDir);
  const carpetasConArchivos: string[] = [];
  for (const [nombre, carpeta] of Object.entries(carpetas))
    if (await tieneArchivos(carpeta)) carpetasConArchivos.push(nombre);
  if ((conDatos.length || carpetasConArchivos.length) && !o.forzar) {
    const partes = [
      conDatos.length
        ? `la base de datos tiene datos (${conDatos.slice(0, 5).join(', ')}${conDatos.length > 5 ? '…' : ''})`
        : '',
      carpetasConArchivos.length ? `DATA_DIR tiene archivos en ${carpetasConArchivos.join(' y ')}` : '',
    ].filter(Boolean);
    throw new ErrorRespaldo(
      `El destino no está vacío: ${partes.join('; ')}. Restaura en un DATA_DIR y una base de datos vacíos, o usa --forzar para reemplazar todo lo que hay (se borra).`,
    );
  }
  const nombres = new Set(tablas.map((t) => t.nombre));
  if (manifiesto.tablas.length !== tablas.length || manifiesto.tablas.some((t) => !nombres.has(t.nombre))) {
    throw new ErrorRespaldo('Las tablas del respaldo no coinciden con las de la base de datos migrada a su versión.');
  }

  // 4. Rows, sequences and files in one transaction; files are staged first and moved in before the commit.
  await mkdir(o.dataDir, { recursive: true });
  const preparacion = path.join(o.dataDir, `.restaurando-${randomBytes(4).toString('hex')}`);
  const movidas: { desde: string; hacia: string }[] = [];
  let filas = 0;
  try {
    await o.database.db.transaction(async (tx) => {
      await fijarFormato(tx);
      // User triggers (the record's protections: a signed note's prescriptions, an addendum's note, the audit log's
      // refusal of changes) would refuse rows that are being put back exactly as they were, and --forzar's
      // emptying of the target; they are on again before the commit.
      for (const t of tablas) await tx.execute(sql.raw(`alter table public.${id(t.nombre)} disable trigger user`));
      if (o.forzar) {
        await tx.execute(
          sql.raw(`truncate ${tablas.map((t) => `public.${id(t.nombre)}`).join(', ')} restart identity cascade`),
        );
      }
      const porNombre = new Map(tablas.map((t) => [t.nombre, t]));
      await leerRespaldo(o.archivo, o.clave, {
        async tabla(t, lotes) {
          const destino = porNombre.get(t.nombre);
          if (!destino || destino.columnas.join(',') !== t.columnas.join(',')) {
            throw new ErrorRespaldo(`Las columnas de la tabla ${t.nombre} no coinciden con las del respaldo.`);
          }
          for await (const lote of lotes) {
            await insertarFilas(tx, destino, lote);
            filas += lote.length;
          }
        },
        async archivo(ruta, trozos) {
          if (ruta !== SECRETO_JWT && !RUTA_SEGURA.test(ruta))
            throw new ErrorRespaldo(`Ruta no válida en el respaldo: ${ruta}`);
          const destino = path.join(preparacion, ...ruta.split('/'));
          await mkdir(path.dirname(destino), { recursive: true, mode: 0o700 });
          const privado = !ruta.startsWith('uploads/');
          await pipeline(Readable.from(trozos), createWriteStream(destino, { mode: privado ? 0o600 : 0o644 }));
        },
      });
      for (const s of manifiesto.secuencias) if (s.valor !== null) await fijarSecuencia(tx, s.nombre, s.valor);
      for (const t of tablas) await tx.execute(sql.raw(`alter table public.${id(t.nombre)} enable trigger user`));

      // The check: every table as this database now returns it, against the manifest.
      const esperadas = new Map(manifiesto.tablas.map((t) => [t.nombre, t]));
      for (const t of tablas) {
        const huella = new Huella();
        let n = 0;
        for await (const lote of filasDe(tx, t)) {
          for (const l of lote) huella.agregar(l);
          n += lote.length;
        }
        const e = esperadas.get(t.nombre)!;
        if (n !== e.filas || huella.hex() !== e.huella) {
          throw new ErrorRespaldo(
            `La verificación después de restaurar falló en la tabla ${t.nombre} (${n} filas; el respaldo tiene ${e.filas}). No se cambió nada.`,
          );
        }
      }

      // Files into place (the old ones aside when replacing), then checked where they now are.
      for (const [nombre, carpeta] of Object.entries(carpetas)) {
        const nueva = path.join(preparacion, nombre);
        if (existsSync(carpeta)) {
          const aparte = path.join(preparacion, `anterior-${nombre}`);
          await rename(carpeta, aparte);
          movidas.push({ desde: aparte, hacia: carpeta });
        }
        if (existsSync(nueva)) {
          await rename(nueva, carpeta);
          movidas.push({ desde: carpeta, hacia: '' });
        }
      }
      const secreto = path.join(preparacion, ...SECRETO_JWT.split('/'));
      const secretoDestino = path.join(o.dataDir, 'jwt-secret');
      if (existsSync(secreto) && (o.forzar || !existsSync(secretoDestino))) await rename(secreto, secretoDestino);
      for (const a of manifiesto.archivos) {
        if (a.ruta === SECRETO_JWT) continue;
        const [carpeta, ...resto] = a.ruta.split('/');
        const real = path.join(carpetas[carpeta as keyof typeof carpetas], ...resto);
        const visto = existsSync(real) ? await sha256De(real) : null;
        if (!visto || visto.sha256 !== a.sha256 || visto.tamano !== a.tamano) {
          throw new ErrorRespaldo(
            `La verificación después de restaurar falló en el archivo ${a.ruta}. No se cambió nada.`,
          );
        }
      }
      if (o.antesDeConfirmar) await o.antesDeConfirmar(tx);
    });
  } catch (err) {
    // Undo the moves, newest first: restored folders removed, the previous ones back.
    for (const m of movidas.reverse()) {
      if (m.hacia === '') await rm(m.desde, { recursive: true, force: true });
      else await rename(m.desde, m.hacia).catch(() => {});
    }
    throw err;
  } finally {
    await rm(preparacion, { recursive: true, force: true });
  }

  // 5. A backup from an older version: the rest of the migrations, as a start would run them.
  const migradaDespues = manifiesto.migracion.nivel < codigo;
  if (migradaDespues) await o.database.migrate();
  return { manifiesto, filas, archivos: manifiesto.archivos.length, migradaDespues };
}
