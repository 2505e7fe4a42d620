// /confirmarcorreo#token=… (issue 21.1, decision 0037): the token is read from the fragment and taken off the
// address, sent only in a JSON body and only when the person presses the button; success signs out a session of
// that person open here; a dead link explains itself and leads back to the profile.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { readAuth, renderWithProviders } from '../../test/session-test-utils.tsx';
import ConfirmarCorreoScreen, { datosDelEnlace } from './confirmar-correo-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
// The API's layout: c1.<usuario>.<expira>.<correo nuevo en base64url>.<firma de 43 caracteres>.
const tokenPara = (usuarioId: number, correo = 'laura.nueva@demo.test') =>
  `c1.${usuarioId}.1790000000.${b64url(correo)}.${'A'.repeat(43)}`;
const TOKEN = tokenPara(4);
const LISTO =
  'Listo: tu cuenta ahora usa laura.nueva@demo.test. Cerramos tus sesiones abiertas; inicia sesión con el correo nuevo.';

/** The address bar, fragment included. */
function Direccion() {
  const { pathname, hash } = useLocation();
  return <div data-testid="direccion">{pathname + hash}</div>;
}

function renderConfirmar(hash = `#token=${TOKEN}`) {
  return renderWithProviders(<ConfirmarCorreoScreen />, {
    initialEntries: [{ pathname: '/confirmarcorreo', hash }],
    path: '/confirmarcorreo',
  });
}

describe('datosDelEnlace', () => {
  it('reads whose account and which address a link claims, or nothing', () => {
    expect(datosDelEnlace(TOKEN)).toEqual({ usuarioId: 4, correoNuevo: 'laura.nueva@demo.test' });
    // The API encodes the address as UTF-8 (btoa takes one byte per character).
    const utf8 = b64url(String.fromCharCode(...new TextEncoder().encode('josé@demo.test')));
    expect(datosDelEnlace(`c1.9.1790000000.${utf8}.${'A'.repeat(43)}`)).toEqual({
      usuarioId: 9,
      correoNuevo: 'josé@demo.test',
    });
    expect(datosDelEnlace('r1.4.1790000000.abc')).toBeNull();
    expect(datosDelEnlace(`c1.4.1790000000.${b64url('sin-arroba')}.${'A'.repeat(43)}`)).toBeNull();
  });
});

describe('ConfirmarCorreoScreen', { timeout: 45_000 }, () => {
  it('takes the token off the address and sends nothing until the button is pressed', async () => {
    const { calls } = mockFetch([responde(usuariosRutas.confirmarCorreo, { body: { mensaje: LISTO } })]);
    renderWithProviders(
      <>
        <ConfirmarCorreoScreen />
        <Direccion />
      </>,
      { initialEntries: [{ pathname: '/confirmarcorreo', hash: `#token=${TOKEN}` }], path: '/confirmarcorreo' },
    );
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent(/^\/confirmarcorreo$/));
    expect(screen.getByTestId('location')).toHaveAttribute('data-type', 'REPLACE');
    expect(screen.getByText('laura.nueva@demo.test')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    const aviso = await screen.findByRole('status', { name: 'Tu correo cambió' });
    expect(aviso).toHaveTextContent(LISTO);
    await waitFor(() => expect(aviso).toHaveFocus());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe(usuariosRutas.confirmarCorreo.path);
    expect(calls[0]?.url.search).toBe('');
    expect(calls[0]?.url.hash).toBe('');
    expect(calls[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/iniciarsesion');
    expect(screen.queryByRole('button', { name: 'Confirmar mi nuevo correo' })).not.toBeInTheDocument();
  });

  it('signs out a session of that person open here (the API closed it)', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
    mockFetch([responde(usuariosRutas.confirmarCorreo, { body: { mensaje: LISTO } })]);
    renderConfirmar();
    expect(readAuth(screen.getByTestId).isAuthenticated).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    await screen.findByRole('status', { name: 'Tu correo cambió' });
    await waitFor(() => expect(readAuth(screen.getByTestId).isAuthenticated).toBe(false));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("leaves alone somebody else's session open here", async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 2, rol: 'asistente' }));
    mockFetch([responde(usuariosRutas.confirmarCorreo, { body: { mensaje: LISTO } })]);
    renderConfirmar();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    await screen.findByRole('status', { name: 'Tu correo cambió' });
    expect(readAuth(screen.getByTestId)).toMatchObject({ isAuthenticated: true, userId: 2 });
  });

  it.each([
    [
      'ENLACE_INVALIDO',
      'Este enlace no es válido o ya se usó. Si aún quieres cambiar tu correo, pídelo de nuevo desde tu perfil.',
    ],
    ['ENLACE_VENCIDO', 'Este enlace venció: solo sirve durante 24 horas. Pide el cambio de nuevo desde tu perfil.'],
  ] as const)('%s: the server text and a way back to the profile', async (code, error) => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
    mockFetch([responde(usuariosRutas.confirmarCorreo, { status: 400, body: { error, code } })]);
    renderConfirmar();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    const alerta = await screen.findByRole('alert', { name: 'Este enlace ya no sirve' });
    expect(alerta).toHaveTextContent(error);
    await waitFor(() => expect(alerta).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Ir a mi perfil' })).toHaveAttribute('href', '/editarusuario/4');
    // Nothing changed: the session stays.
    expect(readAuth(screen.getByTestId).isAuthenticated).toBe(true);
  });

  it('signed out, a dead link leads to sign in and ask again', async () => {
    mockFetch([
      respondeError(usuariosRutas.confirmarCorreo, 400, 'ENLACE_INVALIDO', 'Este enlace no es válido o ya se usó.'),
    ]);
    renderConfirmar();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    await screen.findByRole('alert', { name: 'Este enlace ya no sirve' });
    expect(screen.getByRole('link', { name: 'Iniciar sesión para pedirlo de nuevo' })).toHaveAttribute(
      'href',
      '/iniciarsesion',
    );
  });

  it('a failure that is not the link keeps the button to try again', async () => {
    mockFetch([respondeError(usuariosRutas.confirmarCorreo, 500, 'ERROR_INTERNO', 'Ocurrió un error inesperado.')]);
    renderConfirmar();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' }));
    expect(await screen.findByRole('alert', { name: 'No pudimos confirmar tu correo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar mi nuevo correo' })).toBeEnabled();
  });

  it('without a token in the link, explains it and sends nothing', () => {
    const { calls } = mockFetch([]);
    renderConfirmar('');
    expect(screen.getByText('Falta el código del enlace')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar mi nuevo correo' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
