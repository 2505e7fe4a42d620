// The desk's walk-in path of /crear-usuario (issue 27.8): name, document and phone, the e-mail optional, no password
// fields; what it sends; the confirmation (invitation sent or not, «Agendar cita» with her preselected); and the
// booking screen's side is in agenda/crear-cita-asistente-screen.test.tsx.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { PacienteCreadoWire } from '@clinica/contracts/usuarios';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import CrearUsuarioScreen from './crear-usuario-screen.tsx';
import { filasDetalle } from './detalles-usuario-screen.tsx';
import { escribir } from '../../test/formulario-persona.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const rosa = usuarioDePrueba({
  id: 31,
  nombre: 'Rosa Elena Cárdenas',
  correo: null,
  numerodocumento: '41234567',
  telefono: '3209876543',
  genero: null,
  fecha_nacimiento: null,
  fecha_registro: '2026-11-27T15:00:00.000Z',
  autorizacion_datos_en: '2026-11-27T15:00:00.000Z',
});

describe('/crear-usuario?modo=sin-cuenta', { timeout: 45_000 }, () => {
  function renderSinCuenta(routes: Parameters<typeof mockFetch>[0], rol = 'asistente') {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
    const fetch = mockFetch(routes);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario?modo=sin-cuenta' });
    return fetch;
  }

  it('asks for name, document and phone only; no password field; the e-mail is optional', () => {
    renderSinCuenta([]);
    expect(screen.getByRole('radio', { name: 'Paciente sin cuenta en línea' })).toBeChecked();
    expect(screen.getByLabelText(/^Nombre completo/)).toBeRequired();
    expect(screen.getByLabelText(/^Número de documento/)).toBeRequired();
    expect(screen.getByLabelText(/^Teléfono/)).toBeRequired();
    expect(screen.getByLabelText(/^Correo electrónico/)).not.toBeRequired();
    expect(screen.queryByLabelText(/Contraseña/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /^Rol/ })).not.toBeInTheDocument();
  });

  it('refuses without a phone, in Spanish, and sends nothing', async () => {
    const { calls } = renderSinCuenta([]);
    escribir(/^Nombre completo/, 'Rosa Elena Cárdenas');
    escribir(/^Número de documento/, '41234567');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    expect(await screen.findByText('Escribe un teléfono de contacto')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Teléfono/)).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('without an e-mail: sends null, and the confirmation says no invitation and offers «Agendar cita» for her', async () => {
    const respuesta: PacienteCreadoWire = {
      usuario: rosa,
      invitacion_enviada: false,
      mensaje:
        'Quedó registrada sin cuenta en línea: no tiene correo. Cuando lo tenga, agrégalo desde «Editar» y le enviamos la invitación.',
    };
    const { calls } = renderSinCuenta([responde(usuariosRutas.crearPaciente, { status: 201, body: respuesta })]);
    escribir(/^Nombre completo/, 'Rosa Elena Cárdenas');
    escribir(/^Número de documento/, '41.234.567');
    escribir(/^Teléfono/, '320 987 6543');
    fireEvent.click(screen.getByRole('checkbox', { name: /leyó y aceptó/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    expect(await screen.findByRole('heading', { name: 'Rosa Elena Cárdenas quedó registrada' })).toHaveFocus();
    expect(calls[0]?.body).toEqual({
      nombre: 'Rosa Elena Cárdenas',
      tipodocumento: 'CC',
      numerodocumento: '41234567',
      telefono: '320 987 6543',
      correo: null,
      genero: null,
      fecha_nacimiento: null,
      autorizacion_datos: true,
    });
    expect(screen.getByText('Sin invitación: no tiene correo')).toBeInTheDocument();
    expect(screen.getByText(respuesta.mensaje)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agendar cita' })).toHaveAttribute(
      'href',
      '/crearcitaasistente?paciente=31',
    );
    expect(screen.getByRole('link', { name: 'Ver sus datos' })).toHaveAttribute(
      'href',
      '/DetallesListarUsuarios?id=31',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Registrar otra paciente' }));
    expect(await screen.findByLabelText(/^Nombre completo/)).toHaveValue('');
  });

  it('with an e-mail: the confirmation says the invitation went to it', async () => {
    const respuesta: PacienteCreadoWire = {
      usuario: { ...rosa, correo: 'rosa@correo.test' },
      invitacion_enviada: true,
      mensaje: 'Le enviamos a rosa@correo.test una invitación para elegir su contraseña (vence en 7 días).',
    };
    const { calls } = renderSinCuenta([responde(usuariosRutas.crearPaciente, { status: 201, body: respuesta })]);
    escribir(/^Nombre completo/, 'Rosa Elena Cárdenas');
    escribir(/^Número de documento/, '41234567');
    escribir(/^Teléfono/, '3209876543');
    escribir(/^Correo electrónico/, 'Rosa@Correo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    expect(await screen.findByText('Invitación enviada')).toBeInTheDocument();
    expect(screen.getByText(respuesta.mensaje)).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ correo: 'rosa@correo.test' });
  });

  it('a duplicate document from the server shows on its field', async () => {
    renderSinCuenta([
      respondeError(usuariosRutas.crearPaciente, 409, 'DOCUMENTO_DUPLICADO', 'Ya existe una cuenta con ese documento.'),
    ]);
    escribir(/^Nombre completo/, 'Rosa Elena Cárdenas');
    escribir(/^Número de documento/, '41234567');
    escribir(/^Teléfono/, '3209876543');
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    expect((await screen.findAllByText('Ya existe una cuenta con ese documento.')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/quedó registrada/)).not.toBeInTheDocument();
  });

  it('the switch goes back to the form with e-mail and password', async () => {
    renderSinCuenta([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Con cuenta en línea' }));
    expect(await screen.findByLabelText(/^Contraseña inicial/)).toBeRequired();
    expect(screen.getByLabelText(/^Correo electrónico/)).toBeRequired();
  });
});

describe('a patient without an e-mail elsewhere', () => {
  it('her details say she has none', () => {
    expect(filasDetalle(rosa)).toContainEqual({
      etiqueta: 'Correo electrónico',
      valor: 'Sin correo (sin cuenta en línea)',
    });
  });
});
