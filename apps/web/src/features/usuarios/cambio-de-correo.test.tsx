// Changing the e-mail of an account (issue 21.1, decision 0037): in one's own profile, a link goes to the new address
// and nothing changes until it is opened (wrong password, an address in use and a pause shown where they belong);
// on staff's edit form, the API's refusal to move an account its owner uses shows on the correo field.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import EditarPerfilScreen from './editar-perfil-screen.tsx';
import EditarUsuarioAdminScreen from './editar-usuario-admin-screen.tsx';
import { type RutaSimulada, mockFetch, responde } from '../../test/mock-fetch.ts';
import { laura, preferenciasSoloCorreo } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const CORREO_EN_USO = 'Ya existe una cuenta con ese correo electrónico.';
const PAUSA = 'Demasiados intentos. Inténtalo de nuevo en 15 minutos.';
const ENVIADO =
  'Te enviamos un enlace a laura.nueva@demo.test. Tu correo cambia cuando lo abras (vence en 24 horas); hasta entonces sigues entrando con el actual.';

async function abrirPerfil(respuesta: RutaSimulada) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
  const fetch = mockFetch([responde(usuariosRutas.perfil, { body: laura }), preferenciasSoloCorreo, respuesta]);
  renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/4', path: '/editarusuario/:id' });
  const seccion = await screen.findByRole('region', { name: 'Correo electrónico' });
  return { ...fetch, seccion };
}

function pedirCambio(correo: string, contrasena = 'mi frase de siempre') {
  fireEvent.change(screen.getByLabelText(/^Correo nuevo/), { target: { value: correo } });
  fireEvent.change(screen.getByLabelText(/^Tu contraseña actual/), { target: { value: contrasena } });
  fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
}

describe('Mi perfil: Correo electrónico', { timeout: 45_000 }, () => {
  it('shows the current address; the form sends the new one and the password, then the API says what happens', async () => {
    const { calls, seccion } = await abrirPerfil(responde(usuariosRutas.cambiarCorreo, { body: { mensaje: ENVIADO } }));
    expect(seccion).toHaveTextContent('laura@demo.test');
    expect(screen.queryByLabelText(/^Correo nuevo/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    await waitFor(() => expect(screen.getByLabelText(/^Correo nuevo/)).toHaveFocus());
    expect(screen.getByText(/Tu correo no cambia hasta que lo abras/)).toBeInTheDocument();
    pedirCambio('  Laura.Nueva@Demo.test ');
    const aviso = await screen.findByRole('status', { name: /Revisa tu correo nuevo/ });
    expect(aviso).toHaveTextContent(ENVIADO);
    await waitFor(() => expect(aviso).toHaveFocus());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      [
        usuariosRutas.cambiarCorreo.path,
        { correo_nuevo: 'laura.nueva@demo.test', contrasena_actual: 'mi frase de siempre' },
      ],
    ]);
    // Nothing changed yet: the profile still shows (and uses) the current address.
    expect(screen.queryByLabelText(/^Correo nuevo/)).not.toBeInTheDocument();
    expect(seccion).toHaveTextContent('laura@demo.test');
    expect(screen.getByRole('button', { name: 'Cambiar correo' })).toBeInTheDocument();
  });

  it('checks the fields before calling the API, the same address included', async () => {
    const { calls } = await abrirPerfil(responde(usuariosRutas.cambiarCorreo, { body: { mensaje: ENVIADO } }));
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    pedirCambio('LAURA@demo.test', '');
    expect(await screen.findByText('Ese ya es el correo de tu cuenta.')).toBeInTheDocument();
    expect(screen.getAllByText('Escribe tu contraseña actual')).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a wrong password: the message on the password field, which gets the focus', async () => {
    await abrirPerfil(
      respondeError(usuariosRutas.cambiarCorreo, 400, 'VALIDACION', 'La contraseña actual no es correcta.', {
        issues: [{ campo: 'contrasena_actual', mensaje: 'La contraseña actual no es correcta.' }],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    pedirCambio('laura.nueva@demo.test', 'otra cosa');
    const contrasena = screen.getByLabelText(/^Tu contraseña actual/);
    await waitFor(() => expect(contrasena).toHaveAttribute('aria-invalid', 'true'));
    expect(contrasena).toHaveAccessibleDescription(/La contraseña actual no es correcta\./);
    await waitFor(() => expect(contrasena).toHaveFocus());
    expect(screen.queryByRole('status', { name: /Revisa tu correo nuevo/ })).not.toBeInTheDocument();
  });

  it('an address another account uses: the message on the new address until it changes', async () => {
    await abrirPerfil(respondeError(usuariosRutas.cambiarCorreo, 409, 'CORREO_DUPLICADO', CORREO_EN_USO));
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    pedirCambio('marta@demo.test');
    const correo = screen.getByLabelText(/^Correo nuevo/);
    await waitFor(() => expect(correo).toHaveAttribute('aria-invalid', 'true'));
    expect(correo).toHaveAccessibleDescription(/Ya existe una cuenta con ese correo electrónico\./);
    await waitFor(() => expect(correo).toHaveFocus());
    fireEvent.change(correo, { target: { value: 'laura.nueva@demo.test' } });
    expect(correo).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('too many attempts: the pause, above the form', async () => {
    await abrirPerfil(respondeError(usuariosRutas.cambiarCorreo, 429, 'DEMASIADOS_INTENTOS', PAUSA));
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    pedirCambio('laura.nueva@demo.test');
    const alerta = await screen.findByRole('alert', { name: 'No pudimos pedir el cambio de correo' });
    expect(alerta).toHaveTextContent(PAUSA);
    expect(screen.getByLabelText(/^Correo nuevo/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('Cancelar closes the form and gives the focus back to «Cambiar correo»', async () => {
    await abrirPerfil(responde(usuariosRutas.cambiarCorreo, { body: { mensaje: ENVIADO } }));
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByLabelText(/^Correo nuevo/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cambiar correo' })).toHaveFocus());
  });
});

const marta: UsuarioWire = { ...laura, id: 7, nombre: 'Marta Ríos', correo: 'marta@demo.test' };
const EN_USO =
  'Esta persona ya usa su cuenta: solo ella puede cambiar su correo, desde «Mi perfil» y con su contraseña. Así nadie más puede quedarse con su cuenta.';

describe.each(['asistente', 'administrador'] as const)(
  'staff editing a used account (%s)',
  { timeout: 45_000 },
  (rol) => {
    it('shows the 422 on the correo field and above the form, and stays on the form', async () => {
      localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
      const { calls } = mockFetch([
        responde(usuariosRutas.buscar, { body: marta }, { id: 7 }),
        respondeError(usuariosRutas.editar, 422, 'REGLA_NEGOCIO', EN_USO, {
          issues: [{ campo: 'correo', mensaje: EN_USO }],
          params: { id: 7 },
        }),
      ]);
      renderWithProviders(<EditarUsuarioAdminScreen />, {
        route: '/editarusuarioadmin/7',
        path: '/editarusuarioadmin/:id',
      });
      const correo = await screen.findByLabelText(/^Correo electrónico/);
      fireEvent.change(correo, { target: { value: 'otra@demo.test' } });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(correo).toHaveAttribute('aria-invalid', 'true'));
      expect(correo).toHaveAccessibleDescription(EN_USO);
      await waitFor(() => expect(correo).toHaveFocus());
      expect(screen.getByRole('alert', { name: 'No pudimos guardar los cambios' })).toHaveTextContent(EN_USO);
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ correo: 'otra@demo.test' }]);
      expect(screen.getByTestId('location')).toHaveTextContent('/editarusuarioadmin/7');
    });
  },
);
