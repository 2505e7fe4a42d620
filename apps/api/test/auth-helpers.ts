// Test users with live sessions and signed tokens, created straight in the database (no sign-in flow),
// so catalogue and cart tests get a bearer token per role.
import { randomUUID } from 'node:crypto';
import type { Rol } from '@clinica/contracts/usuarios';
import type { Database } from '../src/db/client.ts';
import { usuarios } from '../src/db/schema/index.ts';
import { createSesionesRepository } from '../src/features/usuarios/sesiones.repository.ts';
import { ABSOLUTE_MS, tokenExpiry } from '../src/lib/sesion-reglas.ts';
import { createTokens } from '../src/lib/tokens.ts';
import { testConfig } from './helpers.ts';

export type UsuarioDePrueba = {
  id: number;
  rol: Rol;
  token: string;
  /** Ready to spread into app.inject({ headers }). */
  headers: { authorization: string };
};

let secuencia = 0;

/** Creates an active user of the role, a live session and a token signed with the test secret. */
export async function crearUsuario(
  database: Database,
  rol: Rol,
  opts: { jwtSecret?: string; now?: Date } = {},
): Promise<UsuarioDePrueba> {
  secuencia += 1;
  const sufijo = randomUUID().slice(0, 8);
  const [u] = await database.db
    .insert(usuarios)
    .values({
      nombre: `Prueba ${rol} ${secuencia}`,
      correo: `${rol}.${secuencia}.${sufijo}@prueba.test`,
      // Never used to sign in here: tokens are minted directly.
      contrasena_hash: 'sin-contrasena',
      rol,
      // A patient as registration leaves her: data processing authorised (Ley 1581); tests of the gate clear it.
      ...(rol === 'paciente' ? { terminos_aceptados_en: new Date(), version_terminos: '2026-11' } : {}),
      // A doctor as the administrators set her up: with the registration number she signs prescriptions with.
      ...(rol === 'doctor' ? { registro_profesional: `RM ${10_000 + secuencia}` } : {}),
      tipodocumento: 'CC',
      // Unique per database: each test file has its own database and its own module state.
      numerodocumento: String(10_000_000 + secuencia),
    })
    .returning({ id: usuarios.id });
  return otraSesion(database, { id: u!.id, rol }, opts);
}

/** One user of each role given, in that order (created one after the other: ids follow the order). */
export async function crearUsuarios<const R extends readonly Rol[]>(
  database: Database,
  roles: R,
  opts: { jwtSecret?: string; now?: Date } = {},
): Promise<{ [K in keyof R]: UsuarioDePrueba }> {
  const creados: UsuarioDePrueba[] = [];
  for (const rol of roles) creados.push(await crearUsuario(database, rol, opts));
  return creados as { [K in keyof R]: UsuarioDePrueba };
}

/** Another live session of an existing user (as a sign-in on a second device would open), with its token. */
export async function otraSesion(
  database: Database,
  usuario: Pick<UsuarioDePrueba, 'id' | 'rol'>,
  opts: { jwtSecret?: string; now?: Date } = {},
): Promise<UsuarioDePrueba> {
  const { id, rol } = usuario;
  const now = opts.now ?? new Date();
  const sid = randomUUID();
  const fin = new Date(now.getTime() + ABSOLUTE_MS);
  await createSesionesRepository(database.db).create({ id: sid, usuarioId: id, expiraEn: fin, creadaEn: now });
  const token = await createTokens(opts.jwtSecret ?? testConfig().jwtSecret).sign(
    { id, rol, sid },
    tokenExpiry(now, fin),
  );
  return { id, rol, token, headers: { authorization: `Bearer ${token}` } };
}

export type UsuariosPorRol = Record<Rol, UsuarioDePrueba>;

/** One user of each role (`now`: their sessions open at that time of the app's clock). */
export async function crearUsuariosPorRol(database: Database, opts: { now?: Date } = {}): Promise<UsuariosPorRol> {
  const [paciente, asistente, doctor, administrador] = await crearUsuarios(
    database,
    ['paciente', 'asistente', 'doctor', 'administrador'],
    opts,
  );
  return { paciente, asistente, doctor, administrador };
}

/** Who calls: no token, or a role. */
export const QUIENES = ['anonimo', 'paciente', 'asistente', 'doctor', 'administrador'] as const;
export type Quien = (typeof QUIENES)[number];

/** A route only administrators use: each role's status. */
export const SOLO_ADMINISTRADOR = [
  ['anonimo', 401],
  ['paciente', 403],
  ['asistente', 403],
  ['doctor', 403],
  ['administrador', 200],
] as const satisfies readonly (readonly [Quien, number])[];

/** The clinic's staff: who manages the catalogue. */
export const PERSONAL: Quien[] = ['asistente', 'doctor', 'administrador'];

export function headersDe(usuarios: UsuariosPorRol, quien: Quien): Record<string, string> {
  return quien === 'anonimo' ? {} : usuarios[quien].headers;
}
