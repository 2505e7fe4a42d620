import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recuperacionRutas } from '@clinica/contracts/rutas';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import RestablecerContrasenaScreen from './restablecer-contrasena-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';
import { esperarMensajesSinEnviar } from '../../test/mensajes-sin-enviar.ts';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'r1.12.1790000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const NUEVA = 'un colibrí en la ventana';
const USADO = 'Este enlace ya se usó o no es válido. Pide uno nuevo.';
const COMUN = 'Esa contraseña es muy común.';

const renderRestablecer = (hash = `#token=${TOKEN}`) =>
  renderWithProviders(<RestablecerContrasenaScreen />, {
    initialEntries: [{ pathname: '/restablecercontrasena', hash }],
    path: '/restablecercontrasena',
  });

function escribir(contrasena: string, confirmacion = contrasena) {
  fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: contrasena } });
  fireEvent.change(screen.getByLabelText(/^Repite la contraseña nueva/), { target: { value: confirmacion } });
  fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('RestablecerContrasenaScreen', () => {
  it('without a token in the link, explains it and offers a new link instead of a form', () => {
    renderRestablecer('');
    expect(screen.getByText('Falta el código del enlace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/recuperarcontrasena');
    expect(screen.queryByLabelText(/^Contraseña nueva/)).not.toBeInTheDocument();
  });

  it('checks length and confirmation in Spanish before calling the API', async () => {
    const { calls } = mockFetch([]);
    renderRestablecer();
    escribir('corta', 'otra');
    await esperarMensajesSinEnviar(
      calls,
      'La contraseña debe tener al menos 8 caracteres',
      'Las contraseñas no coinciden',
    );
  });

  it('sends the token from the fragment in the body and goes to sign in with a toast', async () => {
    const { calls } = mockFetch([
      responde(recuperacionRutas.restablecer, {
        body: {
          mensaje:
            'Listo: cambiamos tu contraseña y cerramos todas tus sesiones. Ya puedes iniciar sesión con la nueva.',
        },
      }),
    ]);
    renderRestablecer();
    escribir(NUEVA);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/iniciarsesion'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-type', 'REPLACE');
    expect(calls[0]?.body).toEqual({ token: TOKEN, contrasena: NUEVA });
    expect(calls[0]?.url.search).toBe('');
    expect(calls[0]?.url.hash).toBe('');
    expect(await screen.findByText('Contraseña cambiada')).toBeInTheDocument();
  });

  it('a used or expired link: the server text and a way to ask for a new one', async () => {
    mockFetch([respondeError(recuperacionRutas.restablecer, 400, 'ENLACE_INVALIDO', USADO)]);
    renderRestablecer();
    escribir(NUEVA);
    const alerta = (await screen.findByText('Este enlace ya no sirve')).closest('[role="alert"]');
    expect(alerta).not.toBeNull();
    expect(alerta).toHaveTextContent(USADO);
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute('href', '/recuperarcontrasena');
    expect(screen.getByTestId('location')).toHaveTextContent('/restablecercontrasena');
  });

  it("shows the server's password rule on the field", async () => {
    const issues = [{ campo: 'contrasena', mensaje: COMUN }];
    mockFetch([respondeError(recuperacionRutas.restablecer, 400, 'VALIDACION', COMUN, { issues })]);
    renderRestablecer();
    escribir('colombia123');
    expect(await screen.findByText(COMUN)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pedir un enlace nuevo' })).not.toBeInTheDocument();
  });
});
