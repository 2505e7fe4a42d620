// npm run crear-admin: the real command, run as a child process against PGlite (or PostgreSQL when
// TEST_DATABASE_URL is set), by flags and interactively through piped input.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client.ts';
import { auditoria, usuarios } from '../src/db/schema/index.ts';
import { API_ROOT } from '../src/lib/paths.ts';
import { verifyPassword } from '../src/lib/passwords.ts';
import { dataDirMigrado, TEST_DATABASE_URL } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

const CLI = path.join(API_ROOT, 'src/features/usuarios/crear-admin-cli.ts');
/** Each run starts Node, compiles TypeScript and opens the database: slow on a busy machine. */
const LIMITE_MS = 120_000;
let dataDir: string;
let databaseUrl: string | undefined;
let nombreBase: string | undefined;

beforeAll(async () => {
  // On PGlite the command starts on a copy of the run's migrated database (no initdb in the child).
  dataDir = TEST_DATABASE_URL ? directorioTemporal('crear-admin') : await dataDirMigrado('crear-admin');
  if (TEST_DATABASE_URL) {
    nombreBase = `test_${randomUUID().replace(/-/g, '')}`;
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`CREATE DATABASE ${nombreBase}`);
    await c.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${nombreBase}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  if (nombreBase) {
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${nombreBase} WITH (FORCE)`);
    await c.end();
  }
});

function ejecutar(
  args: string[],
  entrada?: string,
  entorno: Record<string, string> = {},
): Promise<{ codigo: number | null; salida: string; errores: string }> {
  return new Promise((resolve, reject) => {
    const hijo = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: API_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'x'.repeat(48),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...entorno,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let salida = '';
    let errores = '';
    hijo.stdout.on('data', (d) => (salida += String(d)));
    hijo.stderr.on('data', (d) => (errores += String(d)));
    // A hung child must not keep the PGlite lock for the next test.
    const limite = setTimeout(() => hijo.kill('SIGKILL'), LIMITE_MS - 5_000);
    hijo.on('error', reject);
    hijo.on('close', (codigo) => {
      clearTimeout(limite);
      resolve({ codigo, salida, errores });
    });
    hijo.stdin.end(entrada ?? '');
  });
}

async function leerUsuario(correo: string) {
  const database = await openDb({ databaseUrl, dataDir });
  try {
    const [u] = await database.db.select().from(usuarios).where(eq(usuarios.correo, correo));
    const audit = await database.db.select().from(auditoria).where(eq(auditoria.accion, 'usuarios.crear_admin_cli'));
    return { u, audit };
  } finally {
    await database.close();
  }
}

describe('npm run crear-admin', { timeout: LIMITE_MS }, () => {
  it('refuses a weak password before touching the database', async () => {
    const r = await ejecutar([
      '--nombre',
      'Ana Pérez',
      '--correo',
      'ana@clinica.test',
      '--tipodocumento',
      'CC',
      '--numerodocumento',
      '52123456',
      '--contrasena',
      'clinica2026',
    ]);
    expect(r.codigo).toBe(1);
    expect(r.errores).toContain('La contraseña no puede basarse en el nombre de la clínica.');

    // The same through the ADMIN_* variables, and a password containing the e-mail.
    const env = await ejecutar([], '', {
      ADMIN_NOMBRE: 'Ana Pérez',
      ADMIN_CORREO: 'ana.perez@clinica.test',
      ADMIN_TIPODOCUMENTO: 'CC',
      ADMIN_NUMERODOCUMENTO: '52123456',
      ADMIN_CONTRASENA: 'ana.perez-segura',
    });
    expect(env.codigo).toBe(1);
    expect(env.errores).toContain('La contraseña no puede contener tu correo electrónico.');
  });

  it('creates an administrador from flags (argon2id hash, audited)', async () => {
    const r = await ejecutar([
      '--nombre',
      'Ana Pérez',
      '--correo',
      'Ana@Clinica.test',
      '--tipodocumento',
      'cc',
      '--numerodocumento',
      '52123456',
      '--contrasena',
      'una frase de administradora',
    ]);
    expect(r.errores).toBe('');
    expect(r.codigo).toBe(0);
    expect(r.salida).toContain('Administrador creado: Ana Pérez <ana@clinica.test>');
    const { u, audit } = await leerUsuario('ana@clinica.test');
    expect(u).toMatchObject({ rol: 'administrador', estado: true, tipodocumento: 'CC', numerodocumento: '52123456' });
    expect(u?.contrasena_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(u?.contrasena_hash ?? '', 'una frase de administradora')).toBe(true);
    expect(audit).toHaveLength(1);
    expect(r.salida + r.errores).not.toContain('una frase de administradora');
  });

  it('asks for what is missing (re-asking on invalid answers) and refuses a duplicate e-mail', async () => {
    const respuestas = [
      'Beto Ruiz',
      'beto@clinica.test',
      'XX',
      'pa',
      'ab12345',
      'corta',
      'la luna sale por el oriente',
      'la luna sale por el oriente',
      '',
    ];
    const r = await ejecutar([], respuestas.join('\n'));
    expect(r.codigo).toBe(0);
    expect(r.errores).toContain('Usa uno de: CC');
    expect(r.errores).toContain('La contraseña debe tener al menos 8 caracteres');
    const { u } = await leerUsuario('beto@clinica.test');
    expect(u).toMatchObject({ rol: 'administrador', tipodocumento: 'PA', numerodocumento: 'AB12345' });

    const dup = await ejecutar(
      ['--nombre', 'Otra', '--correo', 'beto@clinica.test', '--tipodocumento', 'CC', '--numerodocumento', '10101010'],
      'otra frase bastante larga\notra frase bastante larga\n',
    );
    expect(dup.codigo).toBe(1);
    expect(dup.errores).toContain('Ya existe una cuenta con ese correo electrónico.');
  });

  it('fails clearly when input ends before every value is given', async () => {
    const r = await ejecutar(['--nombre', 'Carla Díaz'], 'carla@clinica.test\n');
    expect(r.codigo).toBe(1);
    expect(r.errores).toContain('Faltan datos');
  });
});
