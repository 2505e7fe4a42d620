import { describe, expect, it } from 'vitest';
import { buildNav } from './nav.ts';

const labels = (role: string | null, userId: number | null = 5) =>
  buildNav(role, userId).flatMap((g) => g.items.map((i) => i.label));

describe('dashboard navigation filtered by role', () => {
  it('gives a patient only the entries for everyone', () => {
    expect(labels('paciente')).toEqual(['Panel', 'Mi perfil', 'Mi carrito', 'Ver sitio']);
  });

  it('gives an administrator every enabled section', () => {
    expect(labels('administrador')).toEqual([
      'Panel',
      'Mi perfil',
      'Mi carrito',
      'Lista de usuarios',
      'Crear usuario',
      'Procedimientos',
      'Nuevo procedimiento',
      'Categorías',
      'Nueva categoría',
      'Ver sitio',
    ]);
  });

  it('lets assistants and doctors list users and manage the catalogue, but not create users', () => {
    for (const role of ['asistente', 'doctor']) {
      const l = labels(role);
      expect(l).toContain('Lista de usuarios');
      expect(l).not.toContain('Crear usuario');
      expect(l).toEqual(
        expect.arrayContaining(['Procedimientos', 'Nuevo procedimiento', 'Categorías', 'Nueva categoría']),
      );
    }
  });

  it('compares roles case-insensitively and treats an unknown or missing role like a patient', () => {
    expect(labels('Doctor')).toEqual(labels('doctor'));
    expect(labels('recepcion')).toEqual(labels('paciente'));
    expect(labels(null)).toEqual(labels('paciente'));
  });

  it('fills the profile link with the user id and leaves it out without one', () => {
    const perfil = buildNav('paciente', 42)
      .flatMap((g) => g.items)
      .find((i) => i.label === 'Mi perfil');
    expect(perfil?.to).toBe('/editarusuario/42');
    expect(labels('paciente', null)).not.toContain('Mi perfil');
  });

  it('groups entries by area and drops empty groups', () => {
    expect(buildNav('paciente', 1).map((g) => g.label)).toEqual([null, 'Mi cuenta', null]);
    expect(buildNav('administrador', 1).map((g) => g.label)).toEqual([null, 'Mi cuenta', 'Usuarios', 'Catálogo', null]);
  });

  it('does not advertise sections that are not enabled yet', () => {
    const all = buildNav('administrador', 1).flatMap((g) => g.items.map((i) => i.to));
    for (const hidden of ['/calendariocitas', '/consultarhistorialmedico', '/miscitas', '/historial-notificaciones']) {
      expect(all).not.toContain(hidden);
    }
  });
});
