// A birth date that already counts for appointments or a clinical record (Ley 1799 de 2016, issue 21.3): an
// administrator who changes it writes why (sent as motivo_fecha_nacimiento only with a new date, the API's 422 shown
// on that field); a patient who tries it in her profile reads the API's 422 on the date field.
// Issue 27.11: on every form with the field (create user and profile here, sign-up in
// auth/registrar-screen.test.tsx) the messages speak of what the person
// types (dd/mm/aaaa), never of the API's AAAA-MM-DD, and stand above the field, clear of its calendar.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { MENSAJE_FORMATO_FECHA } from '../../lib/forms/campos-persona.tsx';
import CrearUsuarioScreen from './crear-usuario-screen.tsx';
import EditarPerfilScreen from './editar-perfil-screen.tsx';
import EditarUsuarioAdminScreen from './editar-usuario-admin-screen.tsx';
import { type RutaSimulada, mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba, preferenciasSoloCorreo } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const marta = usuarioDePrueba();

const MOTIVO = /^Motivo del cambio de fecha de nacimiento/;
const EN_USO =
  'Tu fecha de nacimiento ya cuenta en tus citas y tu historia clínica: para corregirla, pídelo en la clínica.';
const SIN_MOTIVO =
  'Escribe por qué cambia la fecha de nacimiento: la paciente ya tiene citas o historia clínica (Ley 1799 de 2016).';

function editarComoAdmin(patch: RutaSimulada) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
  const fetch = mockFetch([responde(usuariosRutas.buscar, { body: marta }, { id: 7 }), patch]);
  renderWithProviders(<EditarUsuarioAdminScreen />, {
    route: '/editarusuarioadmin/7',
    path: '/editarusuarioadmin/:id',
  });
  return fetch;
}

const cambiar = (campo: HTMLElement, value: string) => fireEvent.change(campo, { target: { value } });
const parches = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('administrator changing a birth date', { timeout: 45_000 }, () => {
  it('asks for the reason only when the date changes, refuses it empty, and sends it with the new date', async () => {
    const { calls } = editarComoAdmin(
      responde(usuariosRutas.editar, ({ body }) => ({ body: { ...marta, ...(body as object) } }), { id: 7 }),
    );
    const fecha = await screen.findByLabelText(/^Fecha de nacimiento/);
    expect(screen.queryByLabelText(MOTIVO)).not.toBeInTheDocument();
    cambiar(fecha, '12/04/2006');
    const motivo = await screen.findByRole('textbox', { name: MOTIVO });
    expect(motivo).toBeRequired();
    expect(motivo).toHaveAccessibleDescription(/Ley 1799 de 2016/);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(motivo).toHaveAttribute('aria-invalid', 'true'));
    expect(motivo).toHaveAccessibleDescription(/Escribe por qué cambia la fecha de nacimiento/);
    await waitFor(() => expect(motivo).toHaveFocus());
    expect(parches(calls)).toHaveLength(0);

    cambiar(motivo, '  Mostró su cédula: la fecha tenía un error de digitación  ');
    expect(motivo).not.toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    expect(parches(calls)).toEqual([
      {
        fecha_nacimiento: '2006-04-12',
        motivo_fecha_nacimiento: 'Mostró su cédula: la fecha tenía un error de digitación',
      },
    ]);
  });

  it('sends no reason when the date is back to the stored one', async () => {
    const { calls } = editarComoAdmin(
      responde(usuariosRutas.editar, ({ body }) => ({ body: { ...marta, ...(body as object) } }), { id: 7 }),
    );
    const fecha = await screen.findByLabelText(/^Fecha de nacimiento/);
    cambiar(fecha, '12/04/2006');
    cambiar(await screen.findByRole('textbox', { name: MOTIVO }), 'Error de digitación');
    cambiar(fecha, '12/04/2008');
    await waitFor(() => expect(screen.queryByLabelText(MOTIVO)).not.toBeInTheDocument());
    cambiar(screen.getByLabelText(/^Teléfono/), '3109998877');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados')).toBeInTheDocument();
    expect(parches(calls)).toEqual([{ telefono: '3109998877' }]);
  });

  it("shows the API's 422 on the reason field and above the form", async () => {
    editarComoAdmin(
      respondeError(usuariosRutas.editar, 422, 'REGLA_NEGOCIO', SIN_MOTIVO, {
        issues: [{ campo: 'motivo_fecha_nacimiento', mensaje: SIN_MOTIVO }],
        params: { id: 7 },
      }),
    );
    cambiar(await screen.findByLabelText(/^Fecha de nacimiento/), '12/04/2006');
    const motivo = await screen.findByRole('textbox', { name: MOTIVO });
    cambiar(motivo, 'Corrección');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(motivo).toHaveAttribute('aria-invalid', 'true'));
    expect(motivo).toHaveAccessibleDescription(new RegExp(SIN_MOTIVO.slice(0, 50)));
    await waitFor(() => expect(motivo).toHaveFocus());
    expect(screen.getByRole('alert', { name: 'No pudimos guardar los cambios' })).toHaveTextContent(SIN_MOTIVO);
    expect(screen.getByTestId('location')).toHaveTextContent('/editarusuarioadmin/7');
  });
});

describe('patient changing her own birth date', { timeout: 45_000 }, () => {
  it("shows the API's 422 on the birth date field, which gets the focus", async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 7, rol: 'paciente' }));
    const { calls } = mockFetch([
      responde(usuariosRutas.perfil, { body: marta }),
      preferenciasSoloCorreo,
      respondeError(usuariosRutas.editarPerfil, 422, 'REGLA_NEGOCIO', EN_USO, {
        issues: [{ campo: 'fecha_nacimiento', mensaje: EN_USO }],
      }),
    ]);
    renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/7', path: '/editarusuario/:id' });
    await screen.findByRole('heading', { name: 'Tus datos' });
    const fecha = screen.getByLabelText(/^Fecha de nacimiento/);
    // Her own profile never asks for a reason: only the clinic changes it.
    cambiar(fecha, '12/04/2006');
    expect(screen.queryByLabelText(MOTIVO)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fecha).toHaveAttribute('aria-invalid', 'true'));
    expect(fecha).toHaveAccessibleDescription(EN_USO);
    await waitFor(() => expect(fecha).toHaveFocus());
    expect(screen.getByRole('alert', { name: 'No pudimos guardar tus cambios' })).toHaveTextContent(EN_USO);
    expect(parches(calls)).toEqual([{ fecha_nacimiento: '2006-04-12' }]);
  });
});

/** Types into the field and leaves it, as a person does. */
function escribirYSalir(campo: HTMLElement, value: string) {
  fireEvent.focus(campo);
  cambiar(campo, value);
  fireEvent.blur(campo);
}

/** The message is above the field (the calendar opens below it), and the field is described by it. */
function mensajeSobreElCampo(campo: HTMLElement, mensaje: string) {
  const texto = screen.getByText(mensaje);
  expect(texto.compareDocumentPosition(campo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(campo).toHaveAttribute('aria-invalid', 'true');
  expect(campo).toHaveAccessibleDescription(mensaje);
}

describe('the birth date speaks dd/mm/aaaa on every form', { timeout: 45_000 }, () => {
  it('/crear-usuario: empty says to write it; a text that is no date keeps its text and says dd/mm/aaaa', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
    const { calls } = mockFetch([]);
    renderWithProviders(<CrearUsuarioScreen />, { route: '/crear-usuario' });
    const fecha = await screen.findByLabelText(/^Fecha de nacimiento/);
    fireEvent.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(fecha).toHaveAttribute('aria-invalid', 'true'));
    mensajeSobreElCampo(fecha, 'Escribe la fecha de nacimiento');
    expect(screen.queryByText(/AAAA-MM-DD/)).not.toBeInTheDocument();

    escribirYSalir(fecha, '31/02/1990');
    expect(fecha).toHaveValue('31/02/1990');
    await waitFor(() => expect(fecha).toHaveAccessibleDescription(MENSAJE_FORMATO_FECHA));
    mensajeSobreElCampo(fecha, MENSAJE_FORMATO_FECHA);
    expect(screen.queryByText(/AAAA-MM-DD/)).not.toBeInTheDocument();

    // Fixed: the message goes as soon as the date is right.
    cambiar(fecha, '28/02/1990');
    await waitFor(() => expect(fecha).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(MENSAJE_FORMATO_FECHA)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('her profile: a date mistyped over hers is not saved, and says dd/mm/aaaa; a future one is refused too', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 7, rol: 'paciente' }));
    const { calls } = mockFetch([responde(usuariosRutas.perfil, { body: marta }), preferenciasSoloCorreo]);
    renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/7', path: '/editarusuario/:id' });
    await screen.findByRole('heading', { name: 'Tus datos' });
    const fecha = screen.getByLabelText(/^Fecha de nacimiento/);
    expect(fecha).toHaveValue('12/04/2008');
    // Leaving it untouched changes nothing.
    fireEvent.focus(fecha);
    fireEvent.blur(fecha);
    expect(fecha).not.toHaveAttribute('aria-invalid', 'true');

    escribirYSalir(fecha, '12/13/2008');
    await waitFor(() => expect(fecha).toHaveAccessibleDescription(MENSAJE_FORMATO_FECHA));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(fecha).toHaveFocus());
    expect(parches(calls)).toHaveLength(0);

    escribirYSalir(fecha, '12/04/2999');
    await waitFor(() => expect(fecha).toHaveAccessibleDescription('La fecha de nacimiento no es válida'));
    expect(parches(calls)).toHaveLength(0);
  });

  it('a typed date after today in Bogotá is refused, also in the evening when it is already that day in UTC', async () => {
    // 27/11/2026, 9:00 p. m. in Bogotá: 28/11 is tomorrow there, though already today in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T02:00:00Z'));
    try {
      localStorage.setItem('token', tokenExpiringIn(1800, { id: 7, rol: 'paciente' }));
      const { calls } = mockFetch([responde(usuariosRutas.perfil, { body: marta }), preferenciasSoloCorreo]);
      renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/7', path: '/editarusuario/:id' });
      await screen.findByRole('heading', { name: 'Tus datos' });
      const fecha = screen.getByLabelText(/^Fecha de nacimiento/);
      escribirYSalir(fecha, '28/11/2026');
      fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(fecha).toHaveAccessibleDescription('La fecha de nacimiento no es válida'));
      expect(parches(calls)).toHaveLength(0);
      // Today in Bogotá is a birth date (a newborn's).
      cambiar(fecha, '27/11/2026');
      await waitFor(() => expect(fecha).not.toHaveAttribute('aria-invalid', 'true'));
    } finally {
      vi.useRealTimers();
    }
  });
});
