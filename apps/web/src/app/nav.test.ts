import { permite, roles } from '@clinica/contracts/roles';
import {
  auditoriaRutas,
  categoriasRutas,
  correosRutas,
  respaldosRutas,
  historiasRutas,
  procedimientosRutas,
  usuariosRutas,
  type RutaApi,
} from '@clinica/contracts/rutas';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { reportesRutas } from '@clinica/contracts/reportes-rutas';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { trazabilidadRutas } from '@clinica/contracts/trazabilidad-rutas';
import { describe, expect, it } from 'vitest';
import { buildNav } from './nav.ts';

const labels = (role: string | null, userId: number | null = 5) =>
  buildNav(role, userId).flatMap((g) => g.items.map((i) => i.label));

describe('dashboard navigation filtered by role', () => {
  it('gives a patient only the entries for everyone', () => {
    expect(labels('paciente')).toEqual([
      'Panel',
      'Mi perfil',
      'Mis citas',
      'Mi historia clínica',
      'Mis pagos',
      'Mis avisos',
      'Mis paquetes',
      'Mi carrito',
      'Ver sitio',
    ]);
  });

  it('gives an administrator every enabled section', () => {
    expect(labels('administrador')).toEqual([
      'Panel',
      'Calendario',
      'Agendar cita',
      'Consultar citas',
      'Todas las citas',
      'Lista de espera',
      'Horarios y bloqueos',
      'Mi perfil',
      'Mis citas',
      'Mi carrito',
      'Caja del día',
      'Reportes',
      'Lista de usuarios',
      'Crear usuario',
      'Historial médico',
      'Procedimientos',
      'Nuevo procedimiento',
      'Categorías',
      'Nueva categoría',
      'Paquetes de sesiones',
      'Insumos y lotes',
      'Retratamientos',
      'Correos salientes',
      'Respaldos',
      'Auditoría',
      'Bloqueos de inicio de sesión',
      'Ver sitio',
    ]);
  });

  it('lets assistants and doctors list users and manage the catalogue; only the front desk registers patients', () => {
    for (const role of ['asistente', 'doctor']) {
      const l = labels(role);
      expect(l).toContain('Lista de usuarios');
      expect(l).not.toContain('Crear usuario');
      expect(l).toEqual(
        expect.arrayContaining(['Procedimientos', 'Nuevo procedimiento', 'Categorías', 'Nueva categoría']),
      );
    }
    // Issue 11.6: the assistant's create screen registers patients only, and the menu says so.
    expect(labels('asistente')).toContain('Registrar paciente');
    expect(
      buildNav('asistente', 5)
        .flatMap((g) => g.items)
        .find((i) => i.label === 'Registrar paciente')?.to,
    ).toBe('/crear-usuario');
    expect(labels('doctor')).not.toContain('Registrar paciente');
    expect(labels('doctor')).toContain('Mis reportes');
    expect(labels('administrador')).not.toContain('Registrar paciente');
  });

  // The entries a role sees must be exactly what the API lets that role do: the endpoint descriptors below are the
  // ones the API registers its routes from and the screens call.
  const pantallas: Record<string, RutaApi[]> = {
    'Lista de usuarios': [usuariosRutas.listar, usuariosRutas.buscar],
    'Crear usuario': [usuariosRutas.crearAdmin],
    Procedimientos: [procedimientosRutas.editar, procedimientosRutas.eliminar],
    'Nuevo procedimiento': [procedimientosRutas.crear, procedimientosRutas.subirImagen],
    Categorías: [categoriasRutas.editar, categoriasRutas.eliminar],
    'Nueva categoría': [categoriasRutas.crear],
    'Historial médico': [historiasRutas.listar],
    'Nueva historia clínica': [historiasRutas.listar, historiasRutas.crear],
    'Correos salientes': [correosRutas.bandeja],
    Respaldos: [respaldosRutas.listar, respaldosRutas.respaldar],
    Auditoría: [auditoriaRutas.listar, auditoriaRutas.exportar],
    'Bloqueos de inicio de sesión': [usuariosRutas.bloqueosRecientes],
    'Mis pagos': [pagosRutas.misPagos],
    'Caja del día': [pagosRutas.caja, pagosRutas.cerrarCaja, pagosRutas.listar],
    'Paquetes de sesiones': [paquetesRutas.listar, paquetesRutas.crear, paquetesRutas.editar],
    Reportes: [reportesRutas.ingresos, reportesRutas.ingresosCsv],
    'Insumos y lotes': [insumosRutas.productos, insumosRutas.producto],
    Retratamientos: [trazabilidadRutas.retratamientos, trazabilidadRutas.intervalos],
    'Mis avisos': [trazabilidadRutas.misAvisos],
  };
  it.each(roles)('shows %s each entry exactly when the API allows what its screen does', (role) => {
    const visibles = labels(role);
    for (const [label, rutas] of Object.entries(pantallas)) {
      const nombres =
        label === 'Crear usuario'
          ? [label, 'Registrar paciente']
          : label === 'Reportes'
            ? [label, 'Mis reportes']
            : [label];
      expect({ label, visible: nombres.some((n) => visibles.includes(n)) }).toEqual({
        label,
        visible: rutas.every((r) => permite(r.auth, role)),
      });
    }
  });

  it('compares roles case-insensitively and treats an unknown or missing role like a patient', () => {
    expect(labels('Doctor')).toEqual(labels('doctor'));
    // Only a patient has a clinical record, payments and packages of her own (DOMAIN.md); otherwise an unknown role
    // sees what a patient sees.
    const dePaciente = labels('paciente').filter(
      (l) => l !== 'Mi historia clínica' && l !== 'Mis pagos' && l !== 'Mis avisos' && l !== 'Mis paquetes',
    );
    expect(labels('recepcion')).toEqual(dePaciente);
    expect(labels(null)).toEqual(dePaciente);
  });

  it('fills the profile link with the user id and leaves it out without one', () => {
    const perfil = buildNav('paciente', 42)
      .flatMap((g) => g.items)
      .find((i) => i.label === 'Mi perfil');
    expect(perfil?.to).toBe('/editarusuario/42');
    expect(labels('paciente', null)).not.toContain('Mi perfil');
  });

  it('gives the clinical record entries by role: the list to staff, a new one to doctors, their own to patients', () => {
    const entrada = (rol: string, label: string) =>
      buildNav(rol, 42)
        .flatMap((g) => g.items)
        .find((i) => i.label === label)?.to;
    expect(entrada('paciente', 'Mi historia clínica')).toBe('/mihistorialclinico/42');
    expect(entrada('paciente', 'Historial médico')).toBeUndefined();
    expect(entrada('doctor', 'Historial médico')).toBe('/consultarhistorialmedico');
    expect(entrada('doctor', 'Nueva historia clínica')).toBe('/crearhistorialclinico');
    expect(entrada('doctor', 'Mi historia clínica')).toBeUndefined();
    expect(entrada('asistente', 'Historial médico')).toBe('/consultarhistorialmedico');
    expect(entrada('asistente', 'Nueva historia clínica')).toBeUndefined();
    expect(labels('paciente', null)).not.toContain('Mi historia clínica');
  });

  it('groups entries by area and drops empty groups', () => {
    expect(buildNav('paciente', 1).map((g) => g.label)).toEqual([null, 'Mi cuenta', null]);
    expect(buildNav('administrador', 1).map((g) => g.label)).toEqual([
      null,
      'Agenda',
      'Mi cuenta',
      'Caja',
      'Reportes',
      'Usuarios',
      'Historia clínica',
      'Catálogo',
      'Administración',
      null,
    ]);
  });

  it('does not advertise sections that are not enabled yet', () => {
    const all = buildNav('administrador', 1).flatMap((g) => g.items.map((i) => i.to));
    for (const hidden of ['/historial-notificaciones']) {
      expect(all).not.toContain(hidden);
    }
  });
});
