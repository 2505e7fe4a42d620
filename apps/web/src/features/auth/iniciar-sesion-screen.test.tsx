import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { readAuth, renderWithProviders } from '../../test/session-test-utils.tsx';
import IniciarSesionScreen from './iniciar-sesion-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';
import { esperarMensajesSinEnviar } from '../../test/mensajes-sin-enviar.ts';

afterEach(() => vi.unstubAllGlobals());

const usuario = usuarioDePrueba({
  id: 4,
  nombre: 'Laura Gómez',
  correo: 'laura@demo.test',
  telefono: null,
  fecha_nacimiento: '1990-04-12',
});

function fill(correo: string, contrasena: string) {
  fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: correo } });
  fireEvent.change(screen.getByLabelText(/^Contraseña/), { target: { value: contrasena } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

/** The API accepts Laura's password: the token of patient 4, and the calls the screen makes. */
function aceptarInicio() {
  const token = tokenExpiringIn(1800, { id: 4, rol: 'paciente' });
  return { token, ...mockFetch([responde(usuariosRutas.iniciarSesion, { body: { token, usuario } })]) };
}

function renderLogin(state?: unknown) {
  return renderWithProviders(<IniciarSesionScreen />, {
    initialEntries: [{ pathname: '/iniciarsesion', state }],
    path: '/iniciarsesion',
  });
}

describe('IniciarSesionScreen', () => {
  it('has labelled fields, a show/hide password button and a link to /registrar', () => {
    renderLogin();
    const pass = screen.getByLabelText(/^Contraseña/);
    expect(pass).toHaveAttribute('type', 'password');
    fireEvent.mouseDown(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(pass).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/registrar');
  });

  it('validates inline in Spanish before calling the API', async () => {
    const { calls } = mockFetch([]);
    renderLogin();
    fill('no-es-correo', '');
    await esperarMensajesSinEnviar(calls, 'Escribe un correo electrónico válido', 'Escribe tu contraseña');
  });

  it.each([
    [401, 'CREDENCIALES_INVALIDAS', 'Correo o contraseña incorrectos.', 'No pudimos iniciar sesión'],
    [403, 'USUARIO_INACTIVO', 'Tu cuenta está inactiva. Comunícate con la clínica.', 'Tu cuenta está inactiva'],
    [429, 'DEMASIADOS_INTENTOS', 'Demasiados intentos. Inténtalo de nuevo en 2 minutos.', 'Demasiados intentos'],
  ] as const)(
    'a %i (%s) shows its title and the server text, and stays signed out',
    async (status, code, error, titulo) => {
      mockFetch([respondeError(usuariosRutas.iniciarSesion, status, code, error)]);
      renderLogin();
      fill('laura@demo.test', 'equivocada');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(titulo);
      expect(alert).toHaveTextContent(error);
      expect(readAuth(screen.getByTestId).isAuthenticated).toBe(false);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );

  it('signs in with the returned token and goes to /dashboard', async () => {
    const { token, calls } = aceptarInicio();
    renderLogin();
    fill('  Laura@Demo.test ', 'clinica-demo-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(calls[0]?.body).toEqual({ correo: 'laura@demo.test', contrasena: 'clinica-demo-2026' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(readAuth(screen.getByTestId)).toMatchObject({ isAuthenticated: true, userRole: 'paciente', userId: 4 });
    expect(await screen.findByText('¡Hola, Laura!')).toBeInTheDocument();
  });

  it('while the next screen loads after signing in, never says a session was already open (issue 27.12)', async () => {
    aceptarInicio();
    // The dashboard's code is still downloading: the sign-in page stays on screen meanwhile.
    const Panel = lazy(() => new Promise<{ default: () => null }>(() => {}));
    renderWithProviders(<IniciarSesionScreen />, {
      initialEntries: [{ pathname: '/iniciarsesion' }],
      path: '/iniciarsesion',
      routes: (
        <Route
          path="/dashboard"
          element={
            <Suspense fallback={null}>
              <Panel />
            </Suspense>
          }
        />
      ),
    });
    fill('laura@demo.test', 'clinica-demo-2026');
    expect(await screen.findByText('¡Hola, Laura!')).toBeInTheDocument();
    expect(readAuth(screen.getByTestId).isAuthenticated).toBe(true);
    expect(screen.getByRole('heading', { name: 'Inicia sesión' })).toBeInTheDocument();
    expect(screen.queryByText('Ya tienes una sesión abierta')).not.toBeInTheDocument();
  });

  it('an open session is named when arriving signed in', () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
    renderLogin();
    expect(screen.getByText('Ya tienes una sesión abierta')).toBeInTheDocument();
  });

  it('returns to the page the guard sent the visitor from', async () => {
    aceptarInicio();
    renderLogin({ from: { pathname: '/carrito', search: '?x=1', hash: '' } });
    fill('laura@demo.test', 'clinica-demo-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/carrito'));
    expect(screen.getByTestId('location').dataset.type).toBe('REPLACE');
  });
});

describe('coming from «Agregar al carrito» (issue 27.5)', () => {
  const intencion = { from: { pathname: '/servicios/7', search: '', hash: '' }, agregarAlCarrito: 7 };

  it('says the treatment will be in her cart, and «Regístrate» carries the intent to registration', async () => {
    renderWithProviders(<IniciarSesionScreen />, {
      initialEntries: [{ pathname: '/iniciarsesion', state: intencion }],
      path: '/iniciarsesion',
      routes: <Route path="/registrar" element={<p>registro</p>} />,
    });
    const nota = screen.getByRole('note');
    expect(nota).toHaveTextContent('Guardaremos el tratamiento en tu carrito');
    expect(nota).toHaveTextContent('volverás a su página');
    fireEvent.click(screen.getByRole('link', { name: 'Regístrate' }));
    expect(await screen.findByText('registro')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual(intencion);
  });

  it('signed in, goes back to the service page with the intent (the page adds it), replacing this entry', async () => {
    aceptarInicio();
    renderLogin(intencion);
    fill('laura@demo.test', 'clinica-demo-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/servicios/7'));
    expect(screen.getByTestId('location').dataset.type).toBe('REPLACE');
    expect(JSON.parse(screen.getByTestId('location').dataset.state!)).toEqual({ agregarAlCarrito: 7 });
  });

  it('no note without an intent, and an intent with no page to go back to is dropped', async () => {
    aceptarInicio();
    renderLogin({ from: { pathname: 'https://otro.example/servicios/7', search: '', hash: '' }, agregarAlCarrito: 7 });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    fill('laura@demo.test', 'clinica-demo-2026');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(screen.getByTestId('location').dataset.state).toBe('null');
  });
});

describe('primerNombre', () => {
  it('greets by first name, keeping a title', async () => {
    const { primerNombre } = await import('../../lib/format.ts');
    expect(primerNombre('Laura Gómez')).toBe('Laura');
    expect(primerNombre('Dr. Andrés Gómez')).toBe('Dr. Andrés');
    expect(primerNombre('Dra Catalina Vélez')).toBe('Dra Catalina');
    expect(primerNombre('  Ana ')).toBe('Ana');
  });
});
