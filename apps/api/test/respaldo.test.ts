// Backups (issue 28, item 2; decision 0038): a seeded database with signed notes, consents and files is backed up,
// restored into an empty database and DATA_DIR, and every table and file compared; a changed byte or a wrong key is
// refused with the Spanish message and leaves the target untouched; production without RESPALDO_CLAVE refuses.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDb, type Database } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/index.ts';
import { API_ROOT } from '../src/lib/paths.ts';
import { claveParaRespaldar, MENSAJE_FALTA_CLAVE_PRODUCCION } from '../src/platform/respaldo/clave.ts';
import { crearRespaldo, type Manifiesto } from '../src/platform/respaldo/crear.ts';
import { MENSAJE_CLAVE_O_ALTERADO } from '../src/platform/respaldo/formato.ts';
import { leerRespaldo } from '../src/platform/respaldo/leer.ts';
import { aplicarRetencion } from '../src/platform/respaldo/respaldar.ts';
import { restaurarRespaldo } from '../src/platform/respaldo/restaurar.ts';
import { fijarFormato, filasDe, nivelDeMigracion, tablasPublicas } from '../src/platform/respaldo/tablas.ts';
import { createTestDatabase, dataDirMigrado, TEST_DATABASE_URL, testConfig, type BaseDePrueba } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

const CLAVE = 'una-clave-de-respaldo-de-prueba';
const ajustes = {
  clinicaNombre: 'Clínica Aurora Estética',
  clinicaTz: 'America/Bogota',
  clinicaDireccion: null,
  urlPublica: 'http://localhost:3000',
};

let origen: BaseDePrueba;
let dataDirOrigen: string;
let archivo: string;
let manifiesto: Manifiesto;
const abiertas: BaseDePrueba[] = [];

/** Every table as sorted JSON lines (the comparison does not depend on order). */
async function contenido(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await fijarFormato(tx);
    const salida: Record<string, string[]> = {};
    for (const t of await tablasPublicas(tx)) {
      const filas: string[] = [];
      for await (const lote of filasDe(tx, t)) filas.push(...lote);
      salida[t.nombre] = filas.sort();
    }
    return salida;
  });
}

/** Every file under a DATA_DIR's uploads and privado: relative path -> bytes as hex. */
function archivosDe(dataDir: string): Record<string, string> {
  const salida: Record<string, string> = {};
  for (const carpeta of ['uploads', 'privado']) {
    const raiz = path.join(dataDir, carpeta);
    if (!existsSync(raiz)) continue;
    for (const rel of readdirSync(raiz, { recursive: true }) as string[]) {
      const abs = path.join(raiz, rel);
      if (statSync(abs).isFile())
        salida[`${carpeta}/${rel.split(path.sep).join('/')}`] = readFileSync(abs).toString('hex');
    }
  }
  return salida;
}

async function baseVacia(): Promise<BaseDePrueba> {
  const b = await createTestDatabase({ vacia: true });
  abiertas.push(b);
  return b;
}

beforeAll(async () => {
  origen = await createTestDatabase();
  abiertas.push(origen);
  dataDirOrigen = directorioTemporal('respaldo-origen');
  await seedDemo(origen, testConfig({ dataDir: dataDirOrigen }));
  // An addendum to a signed note: its trigger refuses one on an unsigned note, so the restore must keep signatures.
  await origen.db.execute(
    sql`insert into adendas (evolucion_id, autor_id, texto)
        select id, autor_id, 'Adenda de prueba del respaldo' from evoluciones where firmada_en is not null order by id limit 1`,
  );
  writeFileSync(path.join(dataDirOrigen, 'jwt-secret'), 'secreto-de-desarrollo');
  const r = await crearRespaldo({
    database: origen,
    dataDir: dataDirOrigen,
    destino: directorioTemporal('respaldo-destino'),
    clave: CLAVE,
    origenClave: 'RESPALDO_CLAVE',
    incluirSecretoJwt: true,
    ajustes,
    ahora: new Date('2026-11-24T07:00:00Z'),
  });
  archivo = r.ruta;
  manifiesto = r.manifiesto;
}, 120_000);
afterAll(async () => {
  for (const b of abiertas) await b.drop();
});

describe('backup and restore', () => {
  it('the backup holds every table with its rows, the files and a manifest that checks', async () => {
    expect(path.basename(archivo)).toMatch(/^respaldo-20261124-070000Z-[0-9a-f]{4}\.clinica$/);
    const { manifiesto: leido } = await leerRespaldo(archivo, CLAVE);
    expect(leido).toEqual(manifiesto);
    const filas = Object.fromEntries(manifiesto.tablas.map((t) => [t.nombre, t.filas]));
    for (const t of ['usuarios', 'citas', 'evoluciones', 'formulas', 'adendas', 'consentimientos', 'archivos'])
      expect(filas[t], t).toBeGreaterThan(0);
    expect(manifiesto.migracion).toEqual(await nivelDeMigracion(origen.db));
    const rutas = manifiesto.archivos.map((a) => a.ruta);
    expect(rutas.some((r) => r.startsWith('uploads/'))).toBe(true);
    expect(rutas.some((r) => r.startsWith('privado/'))).toBe(true);
    expect(rutas).toContain('ajustes/jwt-secret');
    // Nothing readable in the file: not a patient's e-mail, not a table name.
    const bytes = readFileSync(archivo);
    expect(bytes.includes(Buffer.from('paciente@demo.test'))).toBe(false);
    expect(bytes.includes(Buffer.from('evoluciones'))).toBe(false);
  });

  it('restores into an empty database and DATA_DIR: every table and every file equal', async () => {
    const destino = await baseVacia();
    const dataDir = directorioTemporal('respaldo-restaurado');
    const r = await restaurarRespaldo({ archivo, clave: CLAVE, database: destino, dataDir });
    expect(r.filas).toBe(manifiesto.tablas.reduce((s, t) => s + t.filas, 0));
    expect(await contenido(destino)).toEqual(await contenido(origen));
    expect(archivosDe(dataDir)).toEqual(archivosDe(dataDirOrigen));
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe('secreto-de-desarrollo');
    // Identities continue after the restored rows, and the record's protections are on again.
    const [nueva] = (
      (await destino.db.execute(
        sql`insert into notificaciones (usuario_id, tipo, mensaje) select min(id), 'prueba', 'después de restaurar' from usuarios returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const maximo = (
      (await origen.db.execute(sql`select max(id) as m from notificaciones`)) as unknown as { rows: { m: number }[] }
    ).rows[0]!.m;
    expect(nueva!.id).toBeGreaterThan(maximo);
    await expect(destino.db.execute(sql`delete from evoluciones`)).rejects.toThrow();

    // A target with data is refused unless told; with forzar it is replaced and equal again.
    await expect(restaurarRespaldo({ archivo, clave: CLAVE, database: destino, dataDir })).rejects.toThrow(
      /El destino no está vacío/,
    );
    await restaurarRespaldo({ archivo, clave: CLAVE, database: destino, dataDir, forzar: true });
    expect(await contenido(destino)).toEqual(await contenido(origen));
    expect(archivosDe(dataDir)).toEqual(archivosDe(dataDirOrigen));
  }, 120_000);

  it('a changed byte or a wrong key is refused with the Spanish message and the target stays empty', async () => {
    const alterado = `${archivo}.alterado.clinica`;
    const bytes = readFileSync(archivo);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(alterado, bytes);
    const cortado = `${archivo}.cortado.clinica`;
    writeFileSync(cortado, readFileSync(archivo).subarray(0, -40));

    for (const [ruta, clave] of [
      [alterado, CLAVE],
      [cortado, CLAVE],
      [archivo, 'otra-clave-que-no-es-la-buena'],
    ] as const) {
      const destino = await baseVacia();
      const dataDir = directorioTemporal('respaldo-rechazado');
      await expect(restaurarRespaldo({ archivo: ruta, clave, database: destino, dataDir })).rejects.toThrow(
        MENSAJE_CLAVE_O_ALTERADO,
      );
      expect(await nivelDeMigracion(destino.db)).toBeNull();
      expect(readdirSync(dataDir)).toEqual([]);
    }
    // The clear header is authenticated too.
    const cabecera = readFileSync(archivo);
    const fh = await open(`${archivo}.cabecera.clinica`, 'w');
    const i = cabecera.indexOf(Buffer.from('"compresion"'));
    cabecera.write('"compresioN"', i);
    await fh.write(cabecera);
    await fh.close();
    await expect(leerRespaldo(`${archivo}.cabecera.clinica`, CLAVE)).rejects.toThrow(MENSAJE_CLAVE_O_ALTERADO);
  }, 60_000);

  it.runIf(TEST_DATABASE_URL)(
    'moves a PostgreSQL backup into an empty embedded database, equal',
    async () => {
      const pglite = await openDb({ dataDir: '', memory: true });
      try {
        const dataDir = directorioTemporal('respaldo-a-pglite');
        await restaurarRespaldo({ archivo, clave: CLAVE, database: pglite, dataDir });
        expect(await contenido(pglite)).toEqual(await contenido(origen));
        expect(archivosDe(dataDir)).toEqual(archivosDe(dataDirOrigen));
      } finally {
        await pglite.close();
      }
    },
    120_000,
  );

  it('production without RESPALDO_CLAVE refuses; development generates a key in DATA_DIR once', () => {
    const dataDir = directorioTemporal('respaldo-clave');
    expect(() => claveParaRespaldar({ env: 'production', dataDir, respaldoClave: undefined })).toThrow(
      MENSAJE_FALTA_CLAVE_PRODUCCION,
    );
    expect(readdirSync(dataDir)).toEqual([]);
    const a = claveParaRespaldar({ env: 'development', dataDir, respaldoClave: undefined });
    expect(a.origen).toBe('generada');
    expect(statSync(path.join(dataDir, 'respaldo-clave')).mode & 0o777).toBe(0o600);
    expect(claveParaRespaldar({ env: 'development', dataDir, respaldoClave: undefined }).clave).toBe(a.clave);
    expect(claveParaRespaldar({ env: 'production', dataDir, respaldoClave: CLAVE })).toEqual({
      clave: CLAVE,
      origen: 'RESPALDO_CLAVE',
    });
  });

  it('the settings: defaults, and Spanish errors for a bad hour, count or key', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/clinica-config-respaldo', JWT_SECRET: 'x'.repeat(48) };
    const c = loadConfig(base);
    expect([c.respaldoDir, c.respaldoHora, c.respaldoConservar, c.respaldoClave]).toEqual([
      '/tmp/clinica-config-respaldo/respaldos',
      '02:00',
      14,
      undefined,
    ]);
    expect(loadConfig({ ...base, RESPALDO_HORA: 'no' }).respaldoHora).toBeNull();
    expect(() =>
      loadConfig({ ...base, RESPALDO_HORA: '25:00', RESPALDO_CONSERVAR: '0', RESPALDO_CLAVE: 'corta' }),
    ).toThrow(
      expect.objectContaining({
        problemas: [
          expect.stringMatching(/^RESPALDO_CLAVE: debe tener al menos 16 caracteres/),
          expect.stringMatching(/^RESPALDO_HORA: usa una hora HH:MM de 24 horas/),
          'RESPALDO_CONSERVAR: debe conservar al menos 1 respaldo',
        ],
      }),
    );
  });

  it('retention keeps the newest N backup files and nothing else is touched', async () => {
    const dir = directorioTemporal('respaldo-retencion');
    const nombres = [1, 2, 3, 4, 5].map((d) => `respaldo-2026112${d}-070000Z-abcd.clinica`);
    for (const n of [...nombres, 'otra-cosa.txt']) writeFileSync(path.join(dir, n), 'x');
    expect(await aplicarRetencion(dir, 2)).toEqual(nombres.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual([...nombres.slice(3), 'otra-cosa.txt'].sort());
  });
});

describe.runIf(!TEST_DATABASE_URL)('npm run respaldo and npm run restaurar (PGlite)', () => {
  const ejecutar = promisify(execFile);
  const cli = (guion: string, args: string[], env: Record<string, string>) =>
    ejecutar(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/features/respaldos', guion), ...args], {
      cwd: API_ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'error', ...env },
      timeout: 60_000,
    }).then(
      (r) => ({ codigo: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ codigo: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('in production without RESPALDO_CLAVE the command refuses and writes nothing', async () => {
    const dataDir = await dataDirMigrado('respaldo-cli-prod');
    const r = await cli('respaldo-cli.ts', [], {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(48),
      DATA_DIR: dataDir,
    });
    expect(r.codigo).toBe(1);
    expect(r.stderr).toContain('Falta RESPALDO_CLAVE');
    expect(existsSync(path.join(dataDir, 'respaldos'))).toBe(false);
  }, 60_000);

  it('backs up a data directory and restores it into an empty one', async () => {
    const dataDir = await dataDirMigrado('respaldo-cli-origen');
    const respaldos = directorioTemporal('respaldo-cli-dir');
    const hecho = await cli('respaldo-cli.ts', [], {
      DATA_DIR: dataDir,
      RESPALDO_DIR: respaldos,
      RESPALDO_CLAVE: CLAVE,
    });
    expect(hecho.stderr).toBe('');
    expect(hecho.codigo).toBe(0);
    expect(hecho.stdout).toContain('Respaldo verificado');
    const [nombre] = readdirSync(respaldos);
    const nuevo = directorioTemporal('respaldo-cli-nuevo');
    const sinClave = await cli('restaurar-cli.ts', [path.join(respaldos, nombre!)], { DATA_DIR: nuevo });
    expect(sinClave.codigo).toBe(1);
    expect(sinClave.stderr).toContain('falta RESPALDO_CLAVE');
    const r = await cli('restaurar-cli.ts', [path.join(respaldos, nombre!)], {
      DATA_DIR: nuevo,
      RESPALDO_CLAVE: CLAVE,
    });
    expect(r.stderr).toBe('');
    expect(r.codigo).toBe(0);
    expect(r.stdout).toContain('Restaurado y verificado');
    expect(existsSync(path.join(nuevo, 'pglite'))).toBe(true);
  }, 120_000);
});
