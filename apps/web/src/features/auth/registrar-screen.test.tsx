import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { readAuth, renderWithProviders } from '../../test/session-test-utils.tsx';
import { MENSAJE_FORMATO_FECHA } from '../../lib/forms/campos-persona.tsx';
import RegistrarScreen from './registrar-screen.tsx';
import { elegirGenero, escribir } from '../../test/formulario-persona.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';
import { esperarMensajesSinEnviar } from '../../test/mensajes-sin-enviar.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

/** Every field right and both consents given, then «Crear mi cuenta». */
function llenarYCrear() {
  escribir(/^Nombre completo/, 'Camila Ríos');
  escribir(/^Fecha de nacimiento/, '1994-08-21');
  escribir(/^Número de documento/, '1020304050');
  escribir(/^Teléfono celular/, '300 123 4567');
  escribir(/^Correo electrónico/, 'camila@demo.test');
  escribir(/^Contraseña/, 'una frase larga y mía');
  escribir(/^Confirma la contraseña/, 'una frase larga y mía');
  elegirGenero();
  fireEvent.click(screen.getByRole('checkbox', { name: /términos y condiciones/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: /tratamiento de mis datos personales/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
}

const CORREO_EN_USO = 'Ya existe una cuenta con ese correo electrónico.';

const usuarioCreado = usuarioDePrueba({
  id: 30,
  nombre: 'Camila Ríos',
  correo: 'camila@demo.test',
  fecha_nacimiento: '1994-08-21',
  fecha_registro: '2026-11-20T15:00:00.000Z',
});

function renderRegistro() {
  return renderWithProviders(<RegistrarScreen />, { route: '/registrar' });
}

describe('RegistrarScreen', () => {
  it('validates every field inline in Spanish with the contracts messages', async () => {
    const { calls } = mockFetch([]);
    renderRegistro();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    await esperarMensajesSinEnviar(
      calls,
      'Escribe tu nombre completo (mínimo 3 caracteres)',
      'Escribe un correo electrónico válido',
      'La contraseña debe tener al menos 8 caracteres',
      'Elige un género',
      'Debes aceptar los términos y condiciones',
      'Debes autorizar el tratamiento de tus datos personales',
    );
  });

  it('a birth date that is no date keeps its text and asks for dd/mm/aaaa, above the field (issue 27.11)', async () => {
    const { calls } = mockFetch([]);
    renderRegistro();
    const fecha = screen.getByLabelText(/^Fecha de nacimiento/);
    fireEvent.focus(fecha);
    escribir(/^Fecha de nacimiento/, '12/4/90');
    fireEvent.blur(fecha);
    expect(fecha).toHaveValue('12/4/90');
    await waitFor(() => expect(fecha).toHaveAccessibleDescription(MENSAJE_FORMATO_FECHA));
    // Above the field: its calendar opens below it.
    const mensaje = screen.getByText(MENSAJE_FORMATO_FECHA);
    expect(mensaje.compareDocumentPosition(fecha) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));
    expect(await screen.findByText('Escribe tu nombre completo (mínimo 3 caracteres)')).toBeInTheDocument();
    // Not «Escribe tu fecha de nacimiento»: she wrote one, and it is its format that is wrong.
    expect(screen.getByText(MENSAJE_FORMATO_FECHA)).toBeInTheDocument();
    expect(screen.queryByText('Escribe tu fecha de nacimiento')).not.toBeInTheDocument();
    expect(screen.queryByText(/AAAA-MM-DD/)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows nothing while tabbing through empty fields, then every message after a submit attempt', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockFetch([]);
    renderRegistro();
    const nombre = screen.getByLabelText(/^Nombre completo/);
    const crear = screen.getByRole('button', { name: 'Crear mi cuenta' });
    await user.click(nombre);
    // Every field, show/hide button, checkbox and link up to the submit button (bounded, in case the order changes).
    for (let i = 0; i < 30 && document.activeElement !== crear; i++) await user.tab();
    expect(crear).toHaveFocus();
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(screen.queryByText('Escribe tu nombre completo (mínimo 3 caracteres)')).not.toBeInTheDocument();
    expect(screen.queryByText('Debes aceptar los términos y condiciones')).not.toBeInTheDocument();

    await user.click(crear);
    expect(await screen.findByText('Escribe tu nombre completo (mínimo 3 caracteres)')).toBeInTheDocument();
    expect(screen.getByText('Escribe tu fecha de nacimiento')).toBeInTheDocument();
    expect(screen.getByText('Escribe de nuevo la contraseña')).toBeInTheDocument();
    expect(screen.getByText('Debes aceptar los términos y condiciones')).toBeInTheDocument();
    expect(nombre).toHaveAttribute('aria-invalid', 'true');
    // Focus goes to the first field to fix.
    await waitFor(() => expect(nombre).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('checks a field once it was changed and left, and clears the message as soon as it is right', async () => {
    mockFetch([]);
    renderRegistro();
    const numero = screen.getByLabelText(/^Número de documento/);
    escribir(/^Número de documento/, '12');
    // Not while typing: only on leaving the field.
    expect(screen.queryByText('La cédula de ciudadanía debe tener entre 5 y 10 dígitos')).not.toBeInTheDocument();
    fireEvent.blur(numero);
    expect(await screen.findByText('La cédula de ciudadanía debe tener entre 5 y 10 dígitos')).toBeInTheDocument();
    expect(numero).toHaveAttribute('aria-invalid', 'true');
    escribir(/^Número de documento/, '1020304050');
    expect(screen.queryByText('La cédula de ciudadanía debe tener entre 5 y 10 dígitos')).not.toBeInTheDocument();
    expect(numero).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the document number against its type and the password confirmation as you go', async () => {
    mockFetch([]);
    renderRegistro();
    escribir(/^Número de documento/, 'AB123');
    fireEvent.blur(screen.getByLabelText(/^Número de documento/));
    expect(await screen.findByText(/^La cédula de ciudadanía/)).toBeInTheDocument();
    // Changing the type checks the number again: a passport takes letters.
    fireEvent.click(screen.getByRole('combobox', { name: /^Tipo de documento/ }));
    fireEvent.click(screen.getByRole('option', { name: /\(PA\)$/ }));
    await waitFor(() => expect(screen.queryByText(/^La cédula de ciudadanía/)).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Número de documento/)).not.toHaveAttribute('aria-invalid', 'true');

    escribir(/^Contraseña/, 'una frase larga y mía');
    escribir(/^Confirma la contraseña/, 'otra frase');
    fireEvent.blur(screen.getByLabelText(/^Confirma la contraseña/));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    // Fixing the password (not the confirmation) is enough.
    escribir(/^Contraseña/, 'otra frase');
    expect(screen.queryByText('Las contraseñas no coinciden')).not.toBeInTheDocument();
  });

  it('links both consents to /terminoscondiciones', () => {
    mockFetch([]);
    renderRegistro();
    expect(screen.getByRole('link', { name: /^términos y condiciones/ })).toHaveAttribute(
      'href',
      '/terminoscondiciones#terminos',
    );
    expect(screen.getByRole('link', { name: /^política de tratamiento de datos/ })).toHaveAttribute(
      'href',
      '/terminoscondiciones#politica-datos',
    );
  });

  it('shows a 409 duplicate on the right field', async () => {
    mockFetch([respondeError(usuariosRutas.registrar, 409, 'CORREO_DUPLICADO', CORREO_EN_USO)]);
    renderRegistro();
    llenarYCrear();
    await waitFor(() => expect(screen.getByLabelText(/^Correo electrónico/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText(CORREO_EN_USO).length).toBeGreaterThan(0);
  });

  it('shows a 400 issue (a common password) under its field', async () => {
    const issues = [{ campo: 'contrasena', mensaje: 'Esa contraseña es muy común. Elige otra.' }];
    mockFetch([respondeError(usuariosRutas.registrar, 400, 'VALIDACION', 'Esa contraseña es muy común.', { issues })]);
    renderRegistro();
    llenarYCrear();
    expect(await screen.findByText('Esa contraseña es muy común. Elige otra.')).toBeInTheDocument();
    const contrasena = screen.getByLabelText(/^Contraseña/);
    expect(contrasena).toHaveAttribute('aria-invalid', 'true');
    // Leaving the field unchanged keeps the server's message (the client cannot judge it)...
    fireEvent.focus(contrasena);
    fireEvent.blur(contrasena);
    expect(screen.getByText('Esa contraseña es muy común. Elige otra.')).toBeInTheDocument();
    // ...changing it clears the message, which was about the old value.
    escribir(/^Contraseña/, 'otra frase larga y mía');
    expect(screen.queryByText('Esa contraseña es muy común. Elige otra.')).not.toBeInTheDocument();
    expect(contrasena).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('on success signs in automatically and goes to /dashboard', async () => {
    const token = tokenExpiringIn(1800, { id: 30, rol: 'paciente' });
    const { calls } = mockFetch([
      responde(usuariosRutas.registrar, { status: 201, body: usuarioCreado }),
      responde(usuariosRutas.iniciarSesion, { body: { token, usuario: usuarioCreado } }),
    ]);
    renderRegistro();
    llenarYCrear();
    await waitFor(() => expect(calls).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(calls[0]?.body).toEqual({
      nombre: 'Camila Ríos',
      tipodocumento: 'CC',
      numerodocumento: '1020304050',
      correo: 'camila@demo.test',
      contrasena: 'una frase larga y mía',
      telefono: '300 123 4567',
      genero: 'femenino',
      fecha_nacimiento: '1994-08-21',
      terminos_condiciones: true,
      politica_datos: true,
    });
    expect(calls[1]?.body).toEqual({ correo: 'camila@demo.test', contrasena: 'una frase larga y mía' });
    expect(readAuth(screen.getByTestId)).toMatchObject({ isAuthenticated: true, userId: 30 });
  });

  describe('reached from «Agregar al carrito» through sign-in (issue 27.5)', () => {
    const intencion = { from: { pathname: '/servicios/7', search: '', hash: '' }, agregarAlCarrito: 7 };
    const renderConIntencion = () =>
      renderWithProviders(<RegistrarScreen />, {
        initialEntries: [{ pathname: '/registrar', state: intencion }],
        path: '/registrar',
        routes: <Route path="/iniciarsesion" element={<p>inicio de sesión</p>} />,
      });

    it('says the treatment will be in her cart, and «Inicia sesión» keeps the intent', async () => {
      mockFetch([]);
      renderConIntencion();
      expect(screen.getByRole('note')).toHaveTextContent(
        'Cuando crees tu cuenta, el tratamiento quedará en tu carrito y volverás a su página.',
      );
      fireEvent.click(screen.getByRole('link', { name: 'Inicia sesión' }));
      expect(await screen.findByText('inicio de sesión')).toBeInTheDocument();
      expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual(intencion);
    });

    it('registered and signed in, goes back to the service page with the intent instead of /dashboard', async () => {
      const token = tokenExpiringIn(1800, { id: 30, rol: 'paciente' });
      mockFetch([
        responde(usuariosRutas.registrar, { status: 201, body: usuarioCreado }),
        responde(usuariosRutas.iniciarSesion, { body: { token, usuario: usuarioCreado } }),
      ]);
      renderConIntencion();
      llenarYCrear();
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/servicios/7'));
      expect(screen.getByTestId('location').dataset.type).toBe('REPLACE');
      expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({ agregarAlCarrito: 7 });
      expect(await screen.findByText('¡Te damos la bienvenida, Camila!')).toBeInTheDocument();
    });

    it('registered but not signed in: sign-in comes next, still with the intent', async () => {
      mockFetch([
        responde(usuariosRutas.registrar, { status: 201, body: usuarioCreado }),
        respondeError(usuariosRutas.iniciarSesion, 429, 'DEMASIADOS_INTENTOS', 'Demasiados intentos.'),
      ]);
      renderConIntencion();
      llenarYCrear();
      expect(await screen.findByText('inicio de sesión')).toBeInTheDocument();
      expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual(intencion);
    });
  });
});
