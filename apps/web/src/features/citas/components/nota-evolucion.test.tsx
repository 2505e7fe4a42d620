// The clinical note on the appointment's details (issue 9, items 3-4, 8; issue 21.8): the appointment's doctor writes
// and signs it after a confirmation that says it cannot change afterwards, never before the appointment starts (the
// draft is saved any time) and with the server's 409s shown; the patient reads their signed note with its addenda and
// downloads the prescription; an addendum keeps the note as signed; assistants ask nothing.
import { mensajeSinRegistroProfesional } from '@clinica/contracts/evoluciones';
import { archivosRutas, citasRutas, usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../../test/api-mock.ts';
import { a, citaDePrueba, diaHabil, notaFirmadaDePrueba } from '../citas-fixtures.ts';
import { responde, type RutaSimulada } from '../../../test/mock-fetch.ts';
import { montarDetalleCita } from '../../../test/detalle-cita.tsx';
import { usuarioDePrueba } from '../../../test/usuarios-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const montar = (token: Record<string, unknown>, rutas: RutaSimulada[]) =>
  montarDetalleCita(token, rutas, {
    // The signing doctor's own account (the tests about her registration number answer it first).
    ultimas: [
      responde(usuariosRutas.perfil, { body: { ...doctoraSinRegistro, registro_profesional: 'RM 05-204519' } }),
    ],
  });

const NOTA_SIN_FIRMAR = 'Para marcar la cita como realizada, primero escribe y firma su nota de evolución.';
const confirmada = () => citaDePrueba({ estado: 'confirmada' });
const doctoraSinRegistro: UsuarioWire = usuarioDePrueba({
  id: 5,
  nombre: 'Dra. Catalina Vélez',
  correo: 'doctora@demo.test',
  rol: 'doctor',
  numerodocumento: '43567890',
  telefono: null,
  fecha_nacimiento: null,
  registro_profesional: null,
});
/** An appointment that started ten minutes ago: its note can be signed. */
const empezada = () => {
  const inicio = new Date(Date.now() - 10 * 60_000).toISOString();
  return citaDePrueba({ estado: 'confirmada', inicio, fecha: inicio });
};
const borradorDePrueba = () =>
  notaFirmadaDePrueba({ estado: 'borrador', firmada_en: null, hash_contenido: null, receta: null, adendas: [] });

/** Pastes instead of typing key by key: the same events a person's input ends in, a fraction of the time. */
async function escribir(user: ReturnType<typeof userEvent.setup>, campo: HTMLElement, texto: string) {
  await user.click(campo);
  await user.paste(texto);
}

describe('nota de evolución', { timeout: 30_000 }, () => {
  it("the appointment's doctor writes a note with a prescription and signs it after the warning", async () => {
    const user = userEvent.setup({ delay: null });
    const borrador = notaFirmadaDePrueba({
      estado: 'borrador',
      firmada_en: null,
      hash_contenido: null,
      receta: null,
      adendas: [],
    });
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: empezada() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
      responde(evolucionesRutas.crear, { status: 201, body: borrador }, { citaId: 41 }),
      responde(evolucionesRutas.firmar, { body: notaFirmadaDePrueba({ adendas: [] }) }, { id: 7 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Escribir nota de evolución' }));
    // The appointment's reason starts the note.
    expect(screen.getByRole('textbox', { name: /Motivo de consulta/ })).toHaveValue('Quiero mejorar las manchas');
    await escribir(user, screen.getByRole('textbox', { name: /Hallazgos/ }), 'Melasma epidérmico leve');
    await user.click(screen.getByRole('button', { name: 'Agregar medicamento' }));
    await user.click(screen.getByRole('button', { name: 'Firmar nota' }));
    // An empty medication is not signed.
    expect(await screen.findByText('Escribe el medicamento')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const medicamento = screen.getByRole('group', { name: 'Medicamento 1' });
    await escribir(user, within(medicamento).getByRole('textbox', { name: /Medicamento/ }), 'Hidroquinona 4 %');
    await escribir(user, within(medicamento).getByRole('textbox', { name: /Dosis/ }), 'Capa delgada');
    await escribir(user, within(medicamento).getByRole('textbox', { name: /Frecuencia/ }), 'Cada noche');
    await escribir(user, within(medicamento).getByRole('textbox', { name: /Duración/ }), '8 semanas');
    await user.click(screen.getByRole('button', { name: 'Firmar nota' }));

    const dialogo = await screen.findByRole('dialog', { name: '¿Firmar la nota de evolución?' });
    expect(within(dialogo).getByText('Una vez firmada no se puede modificar.')).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Firmar nota' }));
    expect(await screen.findByText('Nota firmada.')).toBeInTheDocument();
    const firmada = await screen.findByText('Firmada');
    expect(screen.getByRole('button', { name: 'Descargar fórmula médica' })).toBeInTheDocument();
    // Issue 27.10: the signed note replaces the form and takes the focus (the screen follows it), not the page's end.
    await waitFor(() => expect(document.activeElement).toContainElement(firmada));

    const i = fetch.llamadas().indexOf(llamada(evolucionesRutas.crear, { citaId: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toMatchObject({
      motivo: 'Quiero mejorar las manchas',
      hallazgos: 'Melasma epidérmico leve',
      formulas: [
        { nombre: 'Hidroquinona 4 %', dosis: 'Capa delgada', frecuencia: 'Cada noche', duracion: '8 semanas' },
      ],
    });
    expect(fetch.llamadas()).toContain(llamada(evolucionesRutas.firmar, { id: 7 }));
  });

  it('without a registration number on her account, a note with a prescription cannot be signed and says why (issue 27.16)', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: empezada() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: borradorDePrueba() } }, { citaId: 41 }),
      responde(usuariosRutas.perfil, { body: doctoraSinRegistro }),
    ]);
    const firmar = await screen.findByRole('button', { name: 'Firmar nota' });
    // The draft carries a prescription: signing waits for the number.
    const aviso = await screen.findByText(mensajeSinRegistroProfesional({ formula: true, orden: false }));
    expect(screen.getByText('Aún no puedes firmar esta nota')).toBeInTheDocument();
    expect(firmar).toBeDisabled();
    expect(aviso).toBeVisible();
    expect(firmar).toHaveAccessibleDescription(
      /Aún no puedes firmar esta nota.*falta tu número de registro profesional/,
    );
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeEnabled();
    // Without the prescription the note signs as any other.
    await user.click(
      within(screen.getByRole('group', { name: 'Medicamento 1' })).getByRole('button', { name: 'Quitar' }),
    );
    expect(screen.queryByText('Aún no puedes firmar esta nota')).not.toBeInTheDocument();
    expect(firmar).toBeEnabled();
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
  });

  it('with a registration number the same note signs as before', async () => {
    montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: empezada() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: borradorDePrueba() } }, { citaId: 41 }),
      responde(usuariosRutas.perfil, { body: { ...doctoraSinRegistro, registro_profesional: 'RM 05-204519' } }),
    ]);
    const firmar = await screen.findByRole('button', { name: 'Firmar nota' });
    await screen.findByRole('group', { name: 'Medicamento 1' });
    expect(firmar).toBeEnabled();
    expect(screen.queryByText('Aún no puedes firmar esta nota')).not.toBeInTheDocument();
  });

  it('a signed note cannot be edited: the doctor adds a dated addendum and the note stays as signed', async () => {
    const user = userEvent.setup({ delay: null });
    const firmada = notaFirmadaDePrueba({ adendas: [] });
    const conAdenda = notaFirmadaDePrueba();
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: confirmada() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: firmada } }, { citaId: 41 }),
      responde(evolucionesRutas.agregarAdenda, { status: 201, body: conAdenda }, { id: 7 }),
    ]);
    expect(await screen.findByText('Manchas en mejillas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar borrador' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agregar adenda' }));
    await user.click(screen.getByRole('button', { name: 'Guardar adenda' }));
    expect(await screen.findByText('Escribe la adenda')).toBeInTheDocument();
    await escribir(user, screen.getByRole('textbox', { name: /Adenda/ }), 'La paciente tolera bien la fórmula.');
    await user.click(screen.getByRole('button', { name: 'Guardar adenda' }));
    expect(await screen.findByText('Adenda agregada.')).toBeInTheDocument();
    expect(screen.getByText('La paciente tolera bien la fórmula.')).toBeInTheDocument();
    expect(screen.getByText('Manchas en mejillas')).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(evolucionesRutas.agregarAdenda, { id: 7 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ texto: 'La paciente tolera bien la fórmula.' });
  });

  it('the patient reads their signed note with its addenda and downloads the prescription', async () => {
    const user = userEvent.setup({ delay: null });
    const crearUrl = vi.fn(() => 'blob:receta');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: crearUrl, revokeObjectURL: vi.fn() }));
    const clics = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetch = montar({ id: 1, rol: 'paciente' }, [
      responde(citasRutas.buscar, { body: citaDePrueba({ estado: 'realizada' }) }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: notaFirmadaDePrueba() } }, { citaId: 41 }),
      responde(
        archivosRutas.descargar,
        () =>
          Promise.resolve(
            new Response(new Blob(['%PDF-1.7']), {
              status: 200,
              headers: {
                'content-type': 'application/pdf',
                'content-disposition':
                  'attachment; filename="formula.pdf"; filename*=UTF-8\'\'formula-medica-cita-41.pdf',
              },
            }),
          ),
        { id: 90 },
      ),
    ]);
    expect(await screen.findByText('Manchas en mejillas')).toBeInTheDocument();
    expect(screen.getByText('La paciente tolera bien la fórmula.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar adenda' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar fórmula médica' }));
    await vi.waitFor(() => expect(clics).toHaveBeenCalled());
    expect(fetch.llamadas()).toContain(llamada(archivosRutas.descargar, { id: 90 }));
    const descarga = fetch.mock.calls.find(([u]) => String(u).includes('/apiarchivos/descargar/90'));
    expect(new Headers(descarga![1]!.headers).get('authorization')).toMatch(/^Bearer /);
    clics.mockRestore();
  });

  it('before the appointment starts, «Firmar nota» is disabled and says from when; the draft is still saved', async () => {
    const user = userEvent.setup({ delay: null });
    const dia = diaHabil(3);
    const [anio, mes, d] = dia.split('-');
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(
        citasRutas.buscar,
        { body: citaDePrueba({ estado: 'confirmada', inicio: a(dia, '09:00') }) },
        { id: 41 },
      ),
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
      responde(evolucionesRutas.crear, { status: 201, body: borradorDePrueba() }, { citaId: 41 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Escribir nota de evolución' }));
    const firmar = screen.getByRole('button', { name: 'Firmar nota' });
    const pista = `Podrás firmarla desde el ${d}/${mes}/${anio} 9:00 a. m.`;
    expect(firmar).toBeDisabled();
    expect(screen.getByText(new RegExp(`^${pista}`))).toBeVisible();
    expect(firmar).toHaveAccessibleDescription(new RegExp(`^${pista}`));
    const guardar = screen.getByRole('button', { name: 'Guardar borrador' });
    expect(guardar).toBeEnabled();
    await user.click(guardar);
    expect(await screen.findByText('Borrador guardado.')).toBeInTheDocument();
    expect(fetch.llamadas()).toContain(llamada(evolucionesRutas.crear, { citaId: 41 }));
    expect(fetch.llamadas().some((l) => l.includes('/firmar'))).toBe(false);
  });

  it('«Firmar nota» turns available by itself when the appointment starts', async () => {
    const inicio = new Date(Date.now() + 1500).toISOString();
    montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: citaDePrueba({ estado: 'confirmada', inicio, fecha: inicio }) }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: borradorDePrueba() } }, { citaId: 41 }),
    ]);
    const firmar = await screen.findByRole('button', { name: 'Firmar nota' });
    expect(firmar).toBeDisabled();
    await vi.waitFor(() => expect(firmar).toBeEnabled(), { timeout: 5000 });
    expect(screen.queryByText(/^Podrás firmarla desde el/)).not.toBeInTheDocument();
  });

  it.each([
    [
      'the appointment moved to another doctor',
      'Esta cita ahora la atiende otro doctor: solo quien atiende la cita escribe y firma su nota. Tu borrador pasa a ese doctor cuando la abra.',
    ],
    [
      'the server says it has not started',
      'La nota se firma cuando la cita ya empezó: podrás firmarla desde el 12/12/2026 9:00 a. m. Mientras tanto puedes guardarla como borrador.',
    ],
  ])("a 409 when signing (%s) shows the server's words above the form", async (_caso, mensaje) => {
    const user = userEvent.setup({ delay: null });
    montar({ id: 5, rol: 'doctor' }, [
      responde(citasRutas.buscar, { body: empezada() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: borradorDePrueba() } }, { citaId: 41 }),
      responde(evolucionesRutas.editar, { body: borradorDePrueba() }, { id: 7 }),
      responde(evolucionesRutas.firmar, { status: 409, body: { error: mensaje, code: 'CONFLICTO' } }, { id: 7 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Firmar nota' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Firmar la nota de evolución?' });
    await user.click(within(dialogo).getByRole('button', { name: 'Firmar nota' }));
    expect(await screen.findByRole('alert', { name: 'No pudimos firmar la nota' })).toHaveTextContent(mensaje);
    expect(screen.queryByText('Nota firmada.')).not.toBeInTheDocument();
    // The draft is still there to keep working on.
    expect(screen.getByRole('button', { name: 'Guardar borrador' })).toBeEnabled();
  });

  it('without a signed note the doctor cannot mark the appointment realizada yet, and is told why', async () => {
    const empezada = new Date(Date.now() - 10 * 60_000).toISOString();
    montar({ id: 5, rol: 'doctor' }, [
      responde(
        citasRutas.buscar,
        {
          body: citaDePrueba({
            estado: 'confirmada',
            inicio: empezada,
            fecha: empezada,
            // The server's list of what realizada still needs (issue 27.9).
            realizada: { faltan: [{ requisito: 'nota', mensaje: NOTA_SIN_FIRMAR }] },
          }),
        },
        { id: 41 },
      ),
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
    ]);
    expect(await screen.findByText(NOTA_SIN_FIRMAR)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la nota de evolución' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar realizada' })).toBeDisabled();
  });

  it('the patient sees a waiting message while there is no signed note', async () => {
    montar({ id: 1, rol: 'paciente' }, [
      responde(citasRutas.buscar, { body: confirmada() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
    ]);
    expect(
      await screen.findByText(
        'Cuando tu doctor firme la nota de esta cita, la verás aquí con tus indicaciones y tu fórmula.',
      ),
    ).toBeInTheDocument();
  });

  it('assistants see that the note is clinical content and the screen asks nothing for it', async () => {
    const fetch = montar({ id: 9, rol: 'asistente' }, [
      responde(citasRutas.buscar, { body: confirmada() }, { id: 41 }),
    ]);
    expect(
      await screen.findByText('La nota de evolución es información clínica: solo la ven los doctores y la paciente.'),
    ).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.includes('/apievoluciones/'))).toBe(false);
  });
});
