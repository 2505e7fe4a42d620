// Ley 1581 de 2012 at the front desk (issue 21.4): the create form's authorisation block and what it sends, the
// patient's status and the desk's record of it on her details, and the patient's own acceptance before her dashboard.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citasRutas, historiasRutas, notificacionesUsuarioRutas, usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { TOKEN_KEY } from '../../lib/api-client.ts';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { carritoVacio, renderApp, testToken } from '../../test/app-test-utils.tsx';
import CrearUsuarioScreen from './crear-usuario-screen.tsx';
import DetallesUsuarioScreen from './detalles-usuario-screen.tsx';
import { MARTA_NUEVA, llenarCrearUsuario } from '../../test/formulario-persona.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const ACEPTADA_EN = '2026-02-14T20:30:00.000Z';

const marta = usuarioDePrueba({
  numerodocumento: '52123456',
  telefono: '3001112233',
  fecha_nacimiento: '1985-06-01',
  autorizacion_datos_en: null,
});

const CASILLA = /La paciente leyó y aceptó en esta pantalla los términos y la política de tratamiento de datos/;

describe('creating a patient: «Autorización de datos (Ley 1581 de 2012)»', { timeout: 45_000 }, () => {
  function renderCrear(rol: 'asistente' | 'administrador', respuesta: UsuarioWire) {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
    const fetch = mockFetch([responde(usuariosRutas.crearAdmin, { status: 201, body: respuesta })]);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    return fetch;
  }

  it('the desk ticks the box: sent as autorizacion_datos true, with a link to the terms in a new tab', async () => {
    const { calls } = renderCrear('asistente', { ...marta, autorizacion_datos_en: ACEPTADA_EN });
    const bloque = screen.getByRole('group', { name: 'Autorización de datos (Ley 1581 de 2012)' });
    const enlace = within(bloque).getByRole('link', { name: /términos y la política de tratamiento de datos/ });
    expect(enlace).toHaveAttribute('href', '/terminoscondiciones');
    expect(enlace).toHaveAttribute('target', '_blank');
    expect(enlace).toHaveTextContent('(se abre en una pestaña nueva)');
    llenarCrearUsuario(MARTA_NUEVA);
    const casilla = within(bloque).getByRole('checkbox', { name: CASILLA });
    expect(casilla).not.toBeChecked();
    fireEvent.click(casilla);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ rol: 'paciente', autorizacion_datos: true });
    expect(await screen.findByText('Paciente registrado')).toBeInTheDocument();
    expect(screen.queryByText(/se le pedirá aceptarla al iniciar sesión/)).not.toBeInTheDocument();
  });

  it('left unchecked: sent as false, and after creating says she will be asked at her first sign-in', async () => {
    const { calls } = renderCrear('asistente', marta);
    llenarCrearUsuario(MARTA_NUEVA);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar paciente' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ autorizacion_datos: false });
    expect(
      await screen.findByText(
        /Como no aceptó la política de datos en recepción, se le pedirá aceptarla al iniciar sesión por primera vez. Hasta entonces no se puede abrir su historia clínica ni agendarle procedimientos./,
      ),
    ).toBeInTheDocument();
  });

  it('an administrator sees the block only while the role is paciente, and sends nothing of it for staff', () => {
    renderCrear('administrador', marta);
    expect(screen.getByRole('checkbox', { name: CASILLA })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('combobox', { name: /^Rol/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Doctor' }));
    expect(screen.queryByRole('checkbox', { name: CASILLA })).not.toBeInTheDocument();
  });
});

describe('patient details: the authorisation status', { timeout: 30_000 }, () => {
  function renderDetalles(rol: string, usuario: UsuarioWire, extra: Parameters<typeof mockFetch>[0] = []) {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
    const fetch = mockFetch([responde(usuariosRutas.buscar, { body: usuario }, { id: usuario.id }), ...extra]);
    renderWithProviders(<DetallesUsuarioScreen />, { route: `/DetallesListarUsuarios?id=${usuario.id}` });
    return fetch;
  }
  const valor = (etiqueta: string) => screen.getByText(etiqueta, { selector: 'dt' }).nextElementSibling as HTMLElement;

  it('shows when she accepted, in the clinic time zone, and no button', async () => {
    renderDetalles('asistente', { ...marta, autorizacion_datos_en: ACEPTADA_EN });
    await screen.findByRole('heading', { name: 'Marta Ríos' });
    expect(valor('Autorización de datos')).toHaveTextContent('Aceptada el 14/02/2026 3:30 p. m.');
    // In the value's own type like the other rows, not in a larger text element of its own.
    expect(valor('Autorización de datos').childElementCount).toBe(valor('Nombre').childElementCount);
    expect(screen.queryByRole('button', { name: 'Registrar autorización en recepción' })).not.toBeInTheDocument();
  });

  it('a doctor sees «Pendiente» without the button', async () => {
    renderDetalles('doctor', marta);
    await screen.findByRole('heading', { name: 'Marta Ríos' });
    expect(within(valor('Autorización de datos')).getByText('Pendiente')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrar autorización en recepción' })).not.toBeInTheDocument();
  });

  it('the desk records it after both boxes are ticked in the dialog, and the status updates', async () => {
    // The server's answers after the record: the details read again show it too.
    let actual = marta;
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'asistente' }));
    const { calls } = mockFetch([
      responde(usuariosRutas.buscar, () => ({ body: actual }), { id: 7 }),
      responde(
        usuariosRutas.registrarAutorizacion,
        () => ({ body: (actual = { ...marta, autorizacion_datos_en: ACEPTADA_EN }) }),
        { id: 7 },
      ),
    ]);
    renderWithProviders(<DetallesUsuarioScreen />, { route: '/DetallesListarUsuarios?id=7' });
    await screen.findByRole('heading', { name: 'Marta Ríos' });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar autorización en recepción' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Registrar la autorización de datos' });
    expect(
      within(dialogo).getByRole('link', { name: /términos y la política de tratamiento de datos/ }),
    ).toHaveAttribute('target', '_blank');
    // Nothing is sent until she ticks both.
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Registrar autorización' }));
    expect(await within(dialogo).findByText('Debes aceptar los términos y condiciones')).toBeInTheDocument();
    expect(within(dialogo).getByText('Debes autorizar el tratamiento de tus datos personales')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: /Acepto los términos y condiciones/ }));
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Registrar autorización' }));
    await waitFor(() => expect(valor('Autorización de datos')).toHaveTextContent('Aceptada el 14/02/2026 3:30 p. m.'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/apiusuarios/autorizaciondatos/7');
    expect(post?.body).toEqual({ terminos_condiciones: true, politica_datos: true });
    expect(screen.getByText('Autorización registrada')).toBeInTheDocument();
  });
});

describe('the patient’s first sign-in: «Antes de continuar»', { timeout: 30_000 }, () => {
  it('stands before every dashboard route until she accepts, then lets her in', async () => {
    let perfil: UsuarioWire = { ...marta, id: 3 };
    const aceptar = vi.fn();
    mockFetch([
      carritoVacio,
      // What the dashboard routes she passes through read once she is in: no record yet, no notifications.
      respondeError(historiasRutas.mia, 404, 'NO_ENCONTRADO', 'No encontrado'),
      responde(notificacionesUsuarioRutas.listar, { body: [] }),
      responde(usuariosRutas.perfil, () => ({ body: perfil })),
      responde(usuariosRutas.aceptarAutorizacion, () => {
        aceptar();
        perfil = { ...perfil, autorizacion_datos_en: ACEPTADA_EN };
        return { body: perfil };
      }),
    ]);
    localStorage.setItem(TOKEN_KEY, testToken({ id: 3, rol: 'paciente' }));
    const { router } = renderApp('/miscitas');
    expect(await screen.findByRole('heading', { name: 'Antes de continuar' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Secciones del panel' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Cerrar sesión/ })).toHaveAttribute('href', '/dashboard/cerrarsesion');
    // Navigating elsewhere in the dashboard finds the same step.
    await router.navigate('/crearhistorialclinico');
    expect(screen.getByRole('heading', { name: 'Antes de continuar' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
    expect(await screen.findByText('Debes aceptar los términos y condiciones')).toBeInTheDocument();
    expect(aceptar).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: /Acepto los términos y condiciones/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Autorizo el tratamiento de mis datos personales/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Antes de continuar' })).not.toBeInTheDocument());
    expect(aceptar).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('navigation', { name: 'Secciones del panel' })).toBeInTheDocument();
  });

  it('is not shown to a patient who already accepted, nor asked of staff', async () => {
    const fetch = mockFetch([
      carritoVacio,
      responde(citasRutas.misCitas, { body: [] }),
      responde(notificacionesUsuarioRutas.listar, { body: [] }),
      responde(usuariosRutas.perfil, { body: { ...marta, id: 3, autorizacion_datos_en: ACEPTADA_EN } }),
    ]);
    localStorage.setItem(TOKEN_KEY, testToken({ id: 3, rol: 'paciente' }));
    renderApp('/dashboard');
    expect(await screen.findByRole('navigation', { name: 'Secciones del panel' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Antes de continuar' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
  });
});
