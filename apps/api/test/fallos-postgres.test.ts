// PostgreSQL faults under load (issue 28, item 3): while registrations, bookings, note signatures and cart writes
// run in parallel against the real server process, every backend connection is terminated (what a PostgreSQL
// restart or pg_terminate_backend does: 57P01 "terminating connection due to administrator command") and then the
// database is unreachable for a while (a TCP relay in front of it drops every connection and refuses new ones, so
// the shared PostgreSQL of the run is never restarted). The server never exits, answers 503 with a Spanish message
// meanwhile, /salud/lista answers 503 within 1 s, it recovers by itself, and every 2xx is in the database after.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { carritoPaths, citasPaths, usuariosPaths } from '@clinica/contracts/rutas';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { sumarDias } from '@clinica/contracts/tiempo';
import { openDb, type Database } from '../src/db/client.ts';
import { createCalendario } from '../src/lib/calendario.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';
import { corteTcp, type CorteTcp } from './corte-tcp.ts';
import { sqlAdministrativo, urlDeBase } from './global-setup.ts';
import { TEST_DATABASE_URL, testConfig } from './helpers.ts';
import { puertoLibre } from './servidor-proceso.ts';
import { directorioTemporal } from './temporales.ts';
import { registro } from './usuarios-fixtures.ts';

const API = path.resolve(import.meta.dirname, '..');
const ZONA = 'America/Bogota';
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Tipo = 'registrar' | 'reservar' | 'firmar' | 'carrito' | 'salud';
type Respuesta = { tipo: Tipo; status: number; ms: number; cuerpo: string };

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL faults under load (real server process)', () => {
  const nombre = `fallos_${randomUUID().replace(/-/g, '')}`;
  let directa: string;
  let relevo: CorteTcp;
  let database: Database;
  let servidor: ReturnType<typeof spawn>;
  let salida = '';
  let base: string;
  let asistente: UsuarioDePrueba;
  let doctor: UsuarioDePrueba;
  const pacientes: UsuarioDePrueba[] = [];
  let procedimientos: number[] = [];
  let citasPasadas: number[] = [];

  beforeAll(async () => {
    await sqlAdministrativo(TEST_DATABASE_URL!, `CREATE DATABASE ${nombre} TEMPLATE ${inject('plantillaPostgres')}`);
    directa = urlDeBase(TEST_DATABASE_URL!, nombre);
    const pgUrl = new URL(TEST_DATABASE_URL!);
    relevo = await corteTcp({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
    const porRelevo = new URL(directa);
    porRelevo.host = `127.0.0.1:${relevo.puerto}`;

    // People, hours, procedures and yesterday's appointments, straight in the database.
    database = await openDb({ databaseUrl: directa, dataDir: '' });
    asistente = await crearUsuario(database, 'asistente');
    doctor = await crearUsuario(database, 'doctor');
    for (let i = 0; i < 12; i++) pacientes.push(await crearUsuario(database, 'paciente'));
    const c = new pg.Client({ connectionString: directa });
    await c.connect();
    try {
      await c.query(
        `update usuarios set fecha_nacimiento = '1990-05-20', telefono = '3001234567' where rol = 'paciente'`,
      );
      await c.query(
        `insert into horarios_doctor (doctor_id, dia_semana, hora_inicio, hora_fin)
         select $1, d, '07:00', '19:00' from generate_series(1, 6) d`,
        [doctor.id],
      );
      const { rows: cat } = await c.query<{ id: number }>(
        `insert into categorias_procedimiento (nombre) values ('Fallos') returning id`,
      );
      const { rows: procs } = await c.query<{ id: number }>(
        `insert into procedimientos (categoria_id, nombre, descripcion, precio, duracion_minutos)
         select $1, 'Procedimiento ' || g, 'Descripción de prueba de fallos.', 100000, 30
         from generate_series(1, 300) g returning id`,
        [cat[0]!.id],
      );
      procedimientos = procs.map((p) => p.id);
      const { rows: pasadas } = await c.query<{ id: number }>(
        `insert into citas (paciente_id, doctor_id, tipo, estado, inicio, fin, ocupado_hasta)
         select p, $1, 'evaluacion', 'confirmada', t, t + interval '30 minutes', t + interval '30 minutes'
         from (select unnest($2::int[]) as p) ps,
              lateral (select now() - interval '2 days' - (p % 1000) * interval '31 minutes' as t) x
         returning id`,
        [doctor.id, pacientes.map((p) => p.id)],
      );
      citasPasadas = pasadas.map((f) => f.id);
    } finally {
      await c.end();
    }

    const port = await puertoLibre();
    base = `http://127.0.0.1:${port}`;
    servidor = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: directorioTemporal('clinica-fallos-pg'),
        DATABASE_URL: porRelevo.toString(),
        JWT_SECRET: testConfig().jwtSecret,
        CLINICA_TZ: ZONA,
        SEMILLA_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        REDIS_URL: '',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servidor.stdout!.on('data', (d) => (salida += d));
    servidor.stderr!.on('data', (d) => (salida += d));
    const limite = Date.now() + 100_000;
    for (;;) {
      if (servidor.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${salida}`);
      if (Date.now() > limite) throw new Error('el servidor no arrancó');
      const ok = await fetch(`${base}/salud/lista`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await dormir(100);
    }
  }, 150_000);

  afterAll(async () => {
    if (servidor && servidor.exitCode === null) {
      servidor.kill('SIGTERM');
      await Promise.race([new Promise((r) => servidor.once('exit', r)), dormir(10_000)]);
      if (servidor.exitCode === null) servidor.kill('SIGKILL');
    }
    await database?.close();
    await relevo?.cerrar();
    await sqlAdministrativo(TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
  });

  it('never exits, answers 503 in Spanish while PostgreSQL is away, recovers, and keeps every 2xx', async () => {
    const respuestas: Respuesta[] = [];
    const pedir = async (tipo: Tipo, metodo: string, ruta: string, quien?: UsuarioDePrueba, cuerpo?: unknown) => {
      const t0 = Date.now();
      try {
        const r = await fetch(`${base}${ruta}`, {
          method: metodo,
          headers: {
            ...(cuerpo !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(quien?.headers ?? {}),
          },
          ...(cuerpo !== undefined ? { body: JSON.stringify(cuerpo) } : {}),
          signal: AbortSignal.timeout(20_000),
        });
        const texto = await r.text();
        const res = { tipo, status: r.status, ms: Date.now() - t0, cuerpo: texto };
        respuestas.push(res);
        return res;
      } catch (err) {
        // 0: no answer at all (the process died, refused or timed out).
        const res = { tipo, status: 0, ms: Date.now() - t0, cuerpo: String(err).slice(0, 300) };
        respuestas.push(res);
        return res;
      }
    };

    const registrados: string[] = [];
    const reservadas: number[] = [];
    const firmadas: number[] = [];
    const enCarrito: { usuario: number; procedimiento: number }[] = [];
    let parar = false;

    const cal = createCalendario(ZONA, () => new Date());
    function* horarios() {
      for (let dia = sumarDias(cal.hoy(), 1); ; dia = sumarDias(dia, 1)) {
        if (!cal.esDiaHabil(dia)) continue;
        const cierre = cal.instante(dia, '19:00').getTime();
        for (let t = cal.instante(dia, '07:00').getTime(); t + 1_800_000 <= cierre; t += 1_800_000)
          yield new Date(t).toISOString();
      }
    }
    const libres = horarios();

    const registrar = async () => {
      while (!parar) {
        const datos = registro();
        const r = await pedir('registrar', 'POST', usuariosPaths.registrar, undefined, datos);
        if (r.status === 201) registrados.push(datos.correo);
      }
    };
    let turno = 0;
    const reservar = async () => {
      while (!parar) {
        // Each patient books in her own slot, so no answer is a legitimate 409.
        const inicio = libres.next().value as string;
        const paciente = pacientes[turno++ % pacientes.length]!;
        const r = await pedir('reservar', 'POST', citasPaths.crear, asistente, {
          doctor_id: doctor.id,
          paciente_id: paciente.id,
          inicio,
          tipo: 'evaluacion',
        });
        if (r.status === 201) reservadas.push((JSON.parse(r.cuerpo) as { id: number }).id);
      }
    };
    const firmar = async () => {
      for (const cita of citasPasadas) {
        if (parar) return;
        let notaId: number | undefined;
        while (!parar && notaId === undefined) {
          const r = await pedir('firmar', 'POST', evolucionesPaths.porCita(cita), doctor, {
            motivo: 'Control',
            hallazgos: 'Sin hallazgos.',
          });
          if (r.status === 201) notaId = (JSON.parse(r.cuerpo) as { id: number }).id;
          // A draft created before a cut whose answer was lost: the appointment has its note already.
          else if (r.status === 409) break;
        }
        while (!parar && notaId !== undefined) {
          const r = await pedir('firmar', 'POST', evolucionesPaths.firmar(notaId), doctor);
          if (r.status === 200 || r.status === 201) {
            firmadas.push(notaId);
            break;
          }
          if (r.status === 409) break;
        }
      }
    };
    // Turn n adds procedure n div P to patient n mod P: never the same pair twice, so no answer is a legitimate 400.
    let turnoCarrito = 0;
    const carrito = async () => {
      while (!parar) {
        const n = turnoCarrito++;
        const paciente = pacientes[n % pacientes.length]!;
        const procedimiento = procedimientos[Math.floor(n / pacientes.length) % procedimientos.length]!;
        const r = await pedir('carrito', 'POST', carritoPaths.agregar, paciente, { id_procedimiento: procedimiento });
        if (r.status === 201) enCarrito.push({ usuario: paciente.id, procedimiento });
      }
    };

    const trabajadores = [
      ...Array.from({ length: 4 }, registrar),
      ...Array.from({ length: 3 }, reservar),
      firmar(),
      ...Array.from({ length: 3 }, carrito),
    ];

    // 1. Every backend of this database terminated, three times, while the writers run.
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    let terminadas = 0;
    try {
      for (let i = 0; i < 3; i++) {
        await dormir(700);
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid()`,
          [nombre],
        );
        terminadas += rows[0]!.n;
      }
    } finally {
      await admin.end();
    }
    expect(terminadas).toBeGreaterThan(0);
    await dormir(500);

    // 2. PostgreSQL unreachable for 2.5 s: /salud/lista answers 503 within 1 s, writes answer 503 in Spanish.
    relevo.cortar();
    await dormir(300);
    const saludCaida: Respuesta[] = [];
    for (let i = 0; i < 4; i++) {
      saludCaida.push(await pedir('salud', 'GET', '/salud/lista'));
      await dormir(400);
    }
    await dormir(500);
    relevo.restaurar();

    // 3. Recovered by itself: the writers go on for a while, then stop.
    await dormir(2500);
    parar = true;
    await Promise.all(trabajadores);

    const resumen = new Map<string, number>();
    for (const r of respuestas) resumen.set(`${r.tipo} ${r.status}`, (resumen.get(`${r.tipo} ${r.status}`) ?? 0) + 1);
    // What each kind of request got, for the failure messages (e.g. "carrito 503: 277").
    const porTipo = [...resumen.entries()]
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    expect(servidor.exitCode, salida).toBeNull();
    expect(servidor.signalCode).toBeNull();
    for (const s of saludCaida) {
      expect(s.status).toBe(503);
      expect(s.ms).toBeLessThan(1000);
    }
    const inesperadas = respuestas.filter((r) => r.status === 0 || (r.status >= 500 && r.status !== 503));
    expect(inesperadas, `${porTipo}\n${salida}`).toEqual([]);
    const no503 = respuestas.filter((r) => r.status === 503 && r.tipo !== 'salud');
    expect(no503.length, porTipo).toBeGreaterThan(0);
    for (const r of no503) expect(JSON.parse(r.cuerpo)).toMatchObject({ code: 'NO_DISPONIBLE' });
    expect(JSON.parse(no503[0]!.cuerpo).error).toBe(
      'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
    );
    // Nothing else refused: no 4xx but the 409 of a note whose draft or signature was already stored.
    const otras4xx = respuestas.filter(
      (r) => r.status >= 400 && r.status < 500 && !(r.tipo === 'firmar' && r.status === 409),
    );
    expect(otras4xx).toEqual([]);

    // Each kind of write succeeded after the outage.
    const salud = await pedir('salud', 'GET', '/salud/lista');
    expect(salud.status).toBe(200);
    const despues = await pedir('registrar', 'POST', usuariosPaths.registrar, undefined, registro());
    expect(despues.status).toBe(201);
    for (const tipo of ['registrar', 'reservar', 'carrito'] as const)
      expect(
        respuestas.some((r) => r.tipo === tipo && r.status === 201),
        porTipo,
      ).toBe(true);
    expect(firmadas.length, porTipo).toBeGreaterThan(0);

    // Every acknowledged write is in the database.
    const c = new pg.Client({ connectionString: directa });
    await c.connect();
    try {
      const usuarios = await c.query<{ correo: string }>('select correo from usuarios where correo = any($1)', [
        registrados,
      ]);
      expect(usuarios.rows.length).toBe(registrados.length);
      const citas = await c.query<{ id: number }>('select id from citas where id = any($1)', [reservadas]);
      expect(citas.rows.length).toBe(reservadas.length);
      const notas = await c.query<{ id: number }>(
        `select id from evoluciones where id = any($1) and firmada_en is not null`,
        [firmadas],
      );
      expect(notas.rows.length).toBe(firmadas.length);
      const items = await c.query<{ usuario_id: number; procedimiento_id: number }>(
        'select usuario_id, procedimiento_id from carrito_items',
      );
      const claves = new Set(items.rows.map((f) => `${f.usuario_id}:${f.procedimiento_id}`));
      expect(enCarrito.filter((a) => !claves.has(`${a.usuario}:${a.procedimiento}`))).toEqual([]);
    } finally {
      await c.end();
    }
    expect(registrados.length + reservadas.length + enCarrito.length).toBeGreaterThan(10);
  }, 120_000);
});
