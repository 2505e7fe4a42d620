import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENSAJE_RECUPERACION_SOLICITADA } from '@clinica/contracts/recuperacion';
import { recuperacionRutas } from '@clinica/contracts/rutas';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import IniciarSesionScreen from './iniciar-sesion-screen.tsx';
import RecuperarContrasenaScreen from './recuperar-contrasena-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';
import { esperarMensajesSinEnviar } from '../../test/mensajes-sin-enviar.ts';

afterEach(() => vi.unstubAllGlobals());

const renderRecuperar = (state?: unknown) =>
  renderWithProviders(<RecuperarContrasenaScreen />, {
    initialEntries: [{ pathname: '/recuperarcontrasena', state }],
    path: '/recuperarcontrasena',
  });

function pedir(correo: string) {
  fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: correo } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
}

describe('RecuperarContrasenaScreen', () => {
  it('is linked from the sign-in screen, carrying the e-mail already typed', async () => {
    renderWithProviders(<IniciarSesionScreen />, {
      route: '/iniciarsesion',
      routes: <Route path="/recuperarcontrasena" element={<RecuperarContrasenaScreen />} />,
    });
    fireEvent.change(screen.getByLabelText(/Correo electrónico/), { target: { value: 'laura@demo.test' } });
    const enlace = screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' });
    expect(enlace).toHaveAttribute('href', '/recuperarcontrasena');
    fireEvent.click(enlace);
    expect(await screen.findByRole('heading', { name: 'Recupera tu contraseña' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveValue('laura@demo.test');
  });

  it('validates the address in Spanish before calling the API', async () => {
    const { calls } = mockFetch([]);
    renderRecuperar();
    pedir('no-es-correo');
    await esperarMensajesSinEnviar(calls, 'Escribe un correo electrónico válido');
  });

  it("sends the address and shows the server's one answer, with a way to ask again", async () => {
    const { calls } = mockFetch([
      responde(recuperacionRutas.solicitar, { body: { mensaje: MENSAJE_RECUPERACION_SOLICITADA } }),
    ]);
    renderRecuperar();
    pedir('  Laura@Demo.test ');
    expect(await screen.findByText('Revisa tu correo')).toBeInTheDocument();
    expect(screen.getByText(MENSAJE_RECUPERACION_SOLICITADA)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ correo: 'laura@demo.test' });
    expect(screen.queryByRole('button', { name: 'Enviar enlace' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pedir otro enlace' }));
    expect(await screen.findByRole('button', { name: 'Enviar enlace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Volver a iniciar sesión/ })).toHaveAttribute('href', '/iniciarsesion');
  });

  it('explains a pause (429) with the server text', async () => {
    const pausa = 'Ya pediste varios enlaces para recuperar la contraseña. Espera 15 minutos e inténtalo de nuevo.';
    mockFetch([respondeError(recuperacionRutas.solicitar, 429, 'DEMASIADOS_INTENTOS', pausa)]);
    renderRecuperar();
    pedir('laura@demo.test');
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Espera un momento');
    expect(alerta).toHaveTextContent(pausa);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeEnabled());
  });
});
