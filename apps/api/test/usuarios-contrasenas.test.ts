// Password rules (QUALITY.md: 8-128, no composition rules, common and context passwords refused).
import { describe, expect, it } from 'vitest';
import { contrasenaSchema } from '@clinica/contracts/usuarios';
import { loadConfig } from '../src/config.ts';
import {
  ARGON2_PRODUCCION,
  ARGON2_PRUEBAS,
  createPasswordHasher,
  MENSAJES_CONTRASENA,
  problemaContrasena,
  verifyPassword,
} from '../src/lib/passwords.ts';

const ctx = {
  clinicaNombre: 'Clínica Aurora Estética',
  correo: 'laura.gomez@correo.test',
  numerodocumento: '52123456',
  nombre: 'Laura Gómez',
};

describe('password rules', () => {
  it('length: 8 to 128 characters, enforced by the contract', () => {
    expect(contrasenaSchema.safeParse('a'.repeat(7)).success).toBe(false);
    expect(contrasenaSchema.safeParse('abcdefgh').success).toBe(true);
    expect(contrasenaSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(contrasenaSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it.each([
    '12345678',
    'qwertyui',
    'password',
    'Password123!',
    'iloveyou',
    'contraseña',
    'Contraseña123',
    'contrasena123',
    'colombia123',
    'Medellin2024',
    'bogota2024',
    'teamo123',
    'Te amo 123',
    'superman',
    'Superman2025!',
    '87654321',
    '20242024',
    'aaaaaaaaaa',
  ])('refuses the common password %j', (clave) => {
    expect(problemaContrasena(clave, ctx)).toBe(
      clave === 'aaaaaaaaaa' ? MENSAJES_CONTRASENA.repetida : MENSAJES_CONTRASENA.comun,
    );
  });

  it.each([
    'ClinicaAuroraEstetica',
    'Clínica Aurora Estética',
    'clinica2026',
    'Estetica123!',
    'aurora-clinica-2025',
    'clinicaestetica',
  ])('refuses the context password %j (clinic name, clinica, estetica)', (clave) => {
    expect(problemaContrasena(clave, ctx)).toBe(MENSAJES_CONTRASENA.clinica);
  });

  it('uses the configured clinic name', () => {
    expect(problemaContrasena('Bellezaviva2026', { clinicaNombre: 'Belleza Viva' })).toBe(MENSAJES_CONTRASENA.clinica);
    expect(problemaContrasena('Bellezaviva2026', { clinicaNombre: 'Otra Clínica' })).toBeNull();
  });

  it('refuses the own e-mail local part, document number and name', () => {
    expect(problemaContrasena('laura.gomez2026', ctx)).toBe(MENSAJES_CONTRASENA.correo);
    expect(problemaContrasena('mi documento 52123456', ctx)).toBe(MENSAJES_CONTRASENA.documento);
    expect(problemaContrasena('LauraGomez', { ...ctx, correo: 'lg@x.test' })).toBe(MENSAJES_CONTRASENA.nombre);
  });

  it.each([
    'correct horse battery staple',
    'mi gato duerme en la ventana',
    'Tr3s tristes tigres!',
    'la clínica queda cerca del parque',
    'x'.repeat(60) + 'y',
  ])('accepts the passphrase %j', (clave) => {
    expect(problemaContrasena(clave, ctx)).toBeNull();
  });

  it('the app hashes with argon2id m=19456 t=2 p=1 (the other tests run with cheap parameters)', async () => {
    // The config is the only way the parameters reach the app, and it never takes them from the environment.
    expect(loadConfig({ DATA_DIR: '/nonexistent', JWT_SECRET: 'k'.repeat(40) }).argon2).toEqual(ARGON2_PRODUCCION);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent', JWT_SECRET: 'k'.repeat(40) }).argon2).toEqual(
      ARGON2_PRODUCCION,
    );
    expect(ARGON2_PRODUCCION).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const produccion = createPasswordHasher(ARGON2_PRODUCCION);
    const h = await produccion.hashPassword('mi gato duerme en la ventana');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(produccion.esVigente(h)).toBe(true);
    // A hash with other parameters is not current: sign-in replaces it.
    expect(produccion.esVigente(await createPasswordHasher(ARGON2_PRUEBAS).hashPassword('x'))).toBe(false);
    expect(await verifyPassword(h, 'mi gato duerme en la ventana')).toBe(true);
    expect(await verifyPassword(h, 'otra cosa')).toBe(false);
    expect(await verifyPassword('no-es-un-hash', 'otra cosa')).toBe(false);
  });
});
