// Shared fixtures for the /apiusuarios tests: users inserted straight into the database with one
// precomputed hash (fast), sessions and tokens minted without going through sign-in, a movable clock.
import { randomBytes } from 'node:crypto';
import type { Rol } from '@clinica/contracts/usuarios';
import type { Database } from '../src/db/client.ts';
import { createSesionesRepository } from '../src/features/usuarios/sesiones.repository.ts';
import { createUsuariosRepository, type UsuarioPublico } from '../src/features/usuarios/usuarios.repository.ts';
import { createPasswordHasher } from '../src/lib/passwords.ts';
import { ABSOLUTE_MS, tokenExpiry } from '../src/lib/sesion-reglas.ts';
import { createTokens } from '../src/lib/tokens.ts';
import { testConfig } from './helpers.ts';

export const CLAVE = 'una frase larga de prueba';
let hashClave: Promise<string> | undefined;

export const tokensDePrueba = () => createTokens(testConfig().jwtSecret);

let secuencia = 0;
/** Unique e-mail and document per call. */
export function siguiente() {
  secuencia += 1;
  return `${process.pid}${String(secuencia).padStart(4, '0')}`.slice(-10);
}

export async function crearUsuario(
  database: Database,
  datos: Partial<Parameters<ReturnType<typeof createUsuariosRepository>['insert']>[0]> & { rol?: Rol } = {},
): Promise<UsuarioPublico & { correo: string }> {
  hashClave ??= createPasswordHasher(testConfig().argon2).hashPassword(CLAVE);
  const n = siguiente();
  // With an e-mail, always (a walk-in without one is created through the API in its own tests).
  return createUsuariosRepository(database.db).insert({
    nombre: `Usuario ${n}`,
    correo: `usuario${n}@prueba.test`,
    rol: 'paciente',
    tipodocumento: 'CC',
    numerodocumento: n,
    contrasena_hash: await hashClave,
    // A patient as registration leaves her: data processing authorised (Ley 1581); tests of the gate clear it.
    ...((datos.rol ?? 'paciente') === 'paciente'
      ? { terminos_aceptados_en: new Date(), version_terminos: '2026-11' }
      : {}),
    ...datos,
  }) as Promise<UsuarioPublico & { correo: string }>;
}

/** A live session and its token, as sign-in would create them. */
export async function sesionPara(
  database: Database,
  u: { id: number; rol: Rol },
  ahora: Date = new Date(),
): Promise<{ token: string; sid: string }> {
  const sid = randomBytes(24).toString('base64url');
  const expiraEn = new Date(ahora.getTime() + ABSOLUTE_MS);
  await createSesionesRepository(database.db).create({ id: sid, usuarioId: u.id, expiraEn, creadaEn: ahora });
  const token = await tokensDePrueba().sign({ id: u.id, rol: u.rol, sid }, tokenExpiry(ahora, expiraEn));
  return { token, sid };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A clock the app reads through deps.now; tests move it forward. */
export function crearReloj(inicio = new Date()) {
  let actual = inicio.getTime();
  return {
    now: () => new Date(actual),
    avanzar(ms: number) {
      actual += ms;
    },
  };
}

export function payloadDe(token: string): Record<string, unknown> {
  const parte = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(parte, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Every /apiusuarios response must be free of password material. */
export function sinSecretos(body: string) {
  return !body.includes('contrasena_hash') && !body.includes('$argon2');
}

/** Valid registration body; override fields per test. */
export function registro(over: Record<string, unknown> = {}) {
  const n = siguiente();
  return {
    nombre: 'Ana María Muñoz',
    tipodocumento: 'CC',
    numerodocumento: n,
    correo: `ana${n}@prueba.test`,
    contrasena: 'mi gato duerme en la ventana',
    telefono: '3001234567',
    genero: 'femenino',
    fecha_nacimiento: '1990-05-20',
    terminos_condiciones: true,
    politica_datos: true,
    ...over,
  };
}
