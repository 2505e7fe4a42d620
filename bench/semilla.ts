// The benchmark seeder (not the demo seed): people, doctors' hours, sessions and appointments in bulk, straight in
// SQL (INSERT ... SELECT generate_series), on a fresh PostgreSQL database or a temporary PGlite directory opened
// and migrated with the API's own code. Tokens are signed with the API's token code and the secret the bench
// gives the server, for sessions inserted here: no sign-in (argon2) per user.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { sumarDias, ZONA_POR_DEFECTO } from '@clinica/contracts/tiempo';
import type { Rol } from '@clinica/contracts/usuarios';
import { openDb, type Database } from '../apps/api/src/db/client.ts';
import { createCalendario } from '../apps/api/src/lib/calendario.ts';
import { ARGON2_OPTIONS } from '../apps/api/src/lib/passwords.ts';
import { createTokens } from '../apps/api/src/lib/tokens.ts';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ZONA = process.env.CLINICA_TZ ?? ZONA_POR_DEFECTO;

export async function pgDisponible(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A database for one run: its server env, the API's Database to seed it, and how to throw it away. */
export type BaseBench = {
  motor: 'PostgreSQL' | 'PGlite';
  env: Record<string, string>;
  abrir(): Promise<Database>;
  borrar(): Promise<void>;
};

/**
 * A fresh database for one run. `conservar` (PostgreSQL only) names it instead and keeps it after the run, so that a
 * later run can reuse its seed (`existe` says whether it was there already).
 */
export async function baseNueva(
  motor: 'PostgreSQL' | 'PGlite',
  conservar?: string,
): Promise<BaseBench & { existe: boolean }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-'));
  if (motor === 'PGlite') {
    return {
      motor,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      abrir: () => openDb({ dataDir }),
      borrar: async () => rmSync(dataDir, { recursive: true, force: true }),
      existe: false,
    };
  }
  if (conservar !== undefined && !/^[a-z_][a-z0-9_]*$/.test(conservar))
    throw new Error(`nombre de base inválido: ${conservar}`);
  const nombre = conservar ?? `bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const existe = (await admin.query('select 1 from pg_database where datname = $1', [nombre])).rowCount === 1;
  if (!existe) await admin.query(`CREATE DATABASE ${nombre}`);
  const url = new URL(PG_URL);
  url.pathname = `/${nombre}`;
  return {
    motor,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    abrir: () => openDb({ databaseUrl: url.toString(), dataDir }),
    borrar: async () => {
      if (conservar === undefined) await admin.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
    existe,
  };
}

type Filas = { rows: Record<string, unknown>[] };
export const consulta = async (db: Database, texto: string) =>
  ((await db.db.execute(sql.raw(texto))) as unknown as Filas).rows;

const NOMBRES = [
  'Ana',
  'Luis',
  'María',
  'Carlos',
  'Valentina',
  'Andrés',
  'Camila',
  'Juan',
  'Daniela',
  'Santiago',
  'Laura',
  'Sebastián',
  'Mariana',
  'Felipe',
  'Natalia',
  'Mateo',
  'Isabella',
  'Julián',
  'Sofía',
  'Diego',
  'Paula',
  'Jorge',
  'Catalina',
  'Alejandro',
  'Gabriela',
  'Ricardo',
  'Manuela',
  'Óscar',
  'Lucía',
  'Tomás',
];
const APELLIDOS = [
  'Restrepo',
  'Gómez',
  'Vélez',
  'Ospina',
  'Rodríguez',
  'Martínez',
  'García',
  'López',
  'Hernández',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Díaz',
  'Vargas',
  'Moreno',
  'Jiménez',
  'Rojas',
  'Castro',
  'Ortiz',
  'Muñoz',
  'Suárez',
  'Gutiérrez',
  'Cárdenas',
  'Zapata',
  'Arango',
  'Henao',
  'Londoño',
  'Salazar',
  'Quintero',
  'Mejía',
  'Patiño',
  'Betancur',
  'Giraldo',
  'Echeverri',
  'Uribe',
  'Duque',
  'Montoya',
  'Acosta',
];
const arreglo = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** A Spanish full name from the row number: 30 x 40 x 40 combinations, so a surname matches 1 in 40. */
const nombreSql = (i: string) =>
  `(${arreglo(NOMBRES)})[1 + ${i} % ${NOMBRES.length}] || ' ' || (${arreglo(APELLIDOS)})[1 + (${i} / ${NOMBRES.length}) % ${APELLIDOS.length}] || ' ' || (${arreglo(APELLIDOS)})[1 + (${i} / ${NOMBRES.length * APELLIDOS.length}) % ${APELLIDOS.length}]`;

/**
 * The password of every user sembrarPersonas makes, hashed once with the server's own argon2id parameters: a sign-in
 * with it costs what a real one does (bench/sesion.ts signs in with it; the other scripts use inserted sessions).
 */
export const CONTRASENA_BENCH = 'bench-no-inicia-sesion';

export type Grupo = { desde: number; hasta: number };
export type Sembrado = {
  asistente: number;
  /** Ids of each group (contiguous: one INSERT each). */
  grupos: Record<string, Grupo & { rol: Rol }>;
};

/**
 * Users in named groups (one INSERT ... SELECT generate_series each), one assistant, weekly hours Monday to
 * Saturday for the doctors, and a live session per user (sid `bench-<id>`). One precomputed password hash.
 */
export async function sembrarPersonas(
  db: Database,
  grupos: { nombre: string; rol: 'paciente' | 'doctor'; n: number; horas?: [string, string] }[],
): Promise<Sembrado> {
  const h = await hash(CONTRASENA_BENCH, ARGON2_OPTIONS);
  const [asis] = await consulta(
    db,
    `insert into usuarios (nombre, correo, contrasena_hash, rol, tipodocumento, numerodocumento)
     values ('Asistente Bench', 'asistente@bench.test', '${h}', 'asistente', 'CC', '900000001') returning id`,
  );
  const res: Sembrado = { asistente: Number(asis!.id), grupos: {} };
  let documento = 1_000_000_000;
  for (const g of grupos) {
    const [r] = await consulta(
      db,
      `with nuevos as (
         insert into usuarios (nombre, correo, contrasena_hash, rol, tipodocumento, numerodocumento, fecha_nacimiento,
                               telefono, terminos_aceptados_en, version_terminos)
         select ${g.rol === 'doctor' ? `'Dr. ' || ` : ''}${nombreSql('i')},
                '${g.nombre}' || i || '@bench.test', '${h}', '${g.rol}', 'CC', (${documento} + i)::text,
                date '1960-01-01' + (i % 15000), '300' || lpad((i % 10000000)::text, 7, '0'), now(), '2026-01'
         from generate_series(1, ${g.n}) i
         returning id)
       select min(id) as desde, max(id) as hasta from nuevos`,
    );
    documento += g.n + 1;
    const grupo = { desde: Number(r!.desde), hasta: Number(r!.hasta), rol: g.rol };
    if (grupo.hasta - grupo.desde + 1 !== g.n) throw new Error(`ids no contiguos en ${g.nombre}`);
    res.grupos[g.nombre] = grupo;
    if (g.horas) {
      await consulta(
        db,
        `insert into horarios_doctor (doctor_id, dia_semana, hora_inicio, hora_fin)
         select id, d, '${g.horas[0]}', '${g.horas[1]}' from usuarios, generate_series(1, 6) d
         where id between ${grupo.desde} and ${grupo.hasta}`,
      );
    }
  }
  await consulta(
    db,
    `insert into sesiones (id, usuario_id, expira_en, ip, agente)
     select 'bench-' || id, id, now() + interval '12 hours', '127.0.0.1', 'bench' from usuarios`,
  );
  return res;
}

/**
 * `n` appointments of 30 minutes between `doctores` and `pacientes`, `porDia` a day per doctor from 08:00 in the
 * clinic's zone, starting `diasAtras` days ago (past ones realizada or cancelada, future ones pendiente, confirmada
 * or cancelada). Appointment k: doctor k mod D at time slot k div D, patient k mod P; with P >= D no doctor and no
 * patient has two at the same time, so the exclusion constraints hold. The table's indexes and constraints are
 * dropped for the load and created again from their own definitions (one build instead of 1M inserts each).
 */
export async function sembrarCitas(
  db: Database,
  o: { doctores: Grupo; pacientes: Grupo; n: number; porDia: number; diasAtras: number; creadaPor: number },
): Promise<void> {
  const D = o.doctores.hasta - o.doctores.desde + 1;
  const P = o.pacientes.hasta - o.pacientes.desde + 1;
  if (P < D) throw new Error('se necesitan al menos tantos pacientes como doctores');
  const restricciones = await consulta(
    db,
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = 'citas'::regclass and contype = 'x'`,
  );
  const indices = await consulta(
    db,
    `select indexname, indexdef from pg_indexes where tablename = 'citas' and indexname not in
       (select conname from pg_constraint where conrelid = 'citas'::regclass)`,
  );
  for (const r of restricciones) await consulta(db, `alter table citas drop constraint ${String(r.conname)}`);
  for (const r of indices) await consulta(db, `drop index ${String(r.indexname)}`);
  await consulta(
    db,
    `insert into citas (paciente_id, doctor_id, tipo, estado, inicio, fin, ocupado_hasta, creada_por, creada_en,
                        actualizada_en, motivo)
     select ${o.pacientes.desde} + k % ${P}, ${o.doctores.desde} + k % ${D},
            (array['evaluacion','control','evaluacion'])[1 + k % 3],
            case when t < now() then (case when k % 7 = 0 then 'cancelada' else 'realizada' end)
                 else (array['pendiente','confirmada','pendiente','cancelada'])[1 + k % 4] end,
            t, t + interval '30 minutes', t + interval '30 minutes', ${o.creadaPor}, t - interval '3 days',
            t - interval '3 days', case when k % 5 = 0 then 'Valoración inicial' end
     from (select k, ((current_date - ${o.diasAtras} + (k / ${D}) / ${o.porDia})::timestamp + time '08:00'
                      + ((k / ${D}) % ${o.porDia}) * interval '30 minutes') at time zone '${ZONA}' as t
           from generate_series(0, ${o.n - 1}) k) x`,
  );
  for (const r of indices) await consulta(db, String(r.indexdef));
  for (const r of restricciones)
    await consulta(db, `alter table citas add constraint ${String(r.conname)} ${String(r.def)}`);
  // What autovacuum does to a table that has been in use for a while: statistics, and the visibility map that lets
  // the capped counts read citas_paciente_inicio_idx alone (without it, every counted row is also read from the
  // table, and autovacuum would start on its own in the middle of the measurements).
  await consulta(db, 'vacuum (analyze)');
}

/** Tokens for the sessions sembrarPersonas made, signed with the secret the server is started with. */
export function firmante(secreto: string) {
  const tokens = createTokens(secreto);
  const expira = new Date(Date.now() + 11 * 3600_000);
  return (id: number, rol: Rol) => tokens.sign({ id, rol, sid: `bench-${id}` }, expira);
}
export const secretoJwt = () => randomBytes(32).toString('hex');

/**
 * Future start times the server accepts for doctors with hours `horas` Monday to Saturday: working days only
 * (no Sundays or holidays, by the API's calendar), from tomorrow, every `duracion` minutes, in time order.
 */
export function* horariosLibres(horas: [string, string], duracion = 30): Generator<string> {
  const cal = createCalendario(ZONA, () => new Date());
  for (let dia = sumarDias(cal.hoy(), 1); ; dia = sumarDias(dia, 1)) {
    if (!cal.esDiaHabil(dia)) continue;
    const cierre = cal.instante(dia, horas[1]).getTime();
    for (let t = cal.instante(dia, horas[0]).getTime(); t + duracion * 60_000 <= cierre; t += duracion * 60_000) {
      yield new Date(t).toISOString();
    }
  }
}
