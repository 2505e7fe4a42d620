// The informed consent on the appointment's details (issue 9, items 5 and 8): the patient reads the text, draws
// a signature on the pad (canvas stubbed: jsdom draws nothing), must tick understanding, signs, then downloads
// the PDF and sees it verified; assistants sign at the desk; her doctor hands the patient the tablet (issue 27.9);
// evaluations show no consent section.
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { archivosRutas, citasRutas } from '@clinica/contracts/rutas';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { llamada } from '../../../test/api-mock.ts';
import type { ConsentimientoDeCitaWire, ConsentimientoWire } from '../../../lib/api/consentimientos/tipos.ts';
import { citaDePrueba, notaFirmadaDePrueba, seccionesVacias } from '../citas-fixtures.ts';
import { FirmaPad } from './firma-pad.tsx';
import { responde, type RutaSimulada } from '../../../test/mock-fetch.ts';
import { montarDetalleCita } from '../../../test/detalle-cita.tsx';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const TEXTO = 'Riesgos: enrojecimiento. Alternativas: no tratarse. Cuidados: protector solar.';

/** jsdom has no 2D canvas: a context that records what is drawn, and a fixed PNG. */
function canvasFalso() {
  const ctx = {
    scale: vi.fn(),
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    save: vi.fn(),
    restore: vi.fn(),
    setTransform: vi.fn(),
    clearRect: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  return ctx;
}

function dibujar(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(canvas, { clientX: 40, clientY: 30, pointerId: 1 });
  fireEvent.pointerMove(canvas, { clientX: 80, clientY: 20, pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: 80, clientY: 20, pointerId: 1 });
}

const procedimiento = () =>
  citaDePrueba({
    tipo: 'procedimiento',
    estado: 'confirmada',
    procedimiento: { id: 3, nombre: 'Peeling químico superficial' } as never,
  });

const pendiente = (): ConsentimientoDeCitaWire => ({
  cita_id: 41,
  requiere: true,
  procedimiento: { id: 3, nombre: 'Peeling químico superficial' },
  plantilla: { id: 9, procedimiento_id: 3, version: 2, texto: TEXTO, vigente_desde: '2026-01-01T05:00:00.000Z' },
  consentimientos: [],
});

const firmado = (over: Partial<ConsentimientoWire> = {}): ConsentimientoWire => ({
  id: 12,
  cita_id: 41,
  estado: 'firmado',
  otro_procedimiento: false,
  plantilla_version: 2,
  firmado_en: '2026-11-20T14:05:00.000Z',
  texto: TEXTO,
  acepta_fotos: true,
  pdf: { archivo_id: 77, sha256: 'ab'.repeat(32) },
  revocado_en: null,
  motivo_revocacion: null,
  ...over,
});

/** Appointment 41 (a procedure unless told), without a note; `rutas` answer its consent. */
const montar = (token: Record<string, unknown>, rutas: RutaSimulada[], cita = procedimiento()) =>
  montarDetalleCita(token, [responde(citasRutas.buscar, { body: cita }, { id: 41 }), ...rutas]);

/** The consent of appointment 41 before and after the patient signs: pending until firmar is called. */
function firmaSimulada() {
  let hecha = false;
  return {
    hecha: () => hecha,
    rutas: [
      responde(consentimientosRutas.porCita, () =>
        Promise.resolve(Response.json(hecha ? { ...pendiente(), consentimientos: [firmado()] } : pendiente())),
      ),
      responde(
        consentimientosRutas.firmar,
        () => {
          hecha = true;
          return Promise.resolve(Response.json(firmado(), { status: 201 }));
        },
        { citaId: 41 },
      ),
    ],
  };
}

beforeEach(() => {
  canvasFalso();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

/**
 * An appointment that already started today in the clinic's zone (Bogotá, UTC-5 all year): an hour ago, or just after
 * midnight there when less than an hour of the day has passed (the tablet is offered only on the appointment's day).
 */
function iniciadaHoyEnBogota(): string {
  const ahora = Date.now();
  const zona = 5 * 3_600_000;
  const medianoche = Math.floor((ahora - zona) / 86_400_000) * 86_400_000 + zona;
  return new Date(Math.max(medianoche + 1_000, ahora - 3_600_000)).toISOString();
}

describe('consentimiento informado', { timeout: 30_000 }, () => {
  it('the patient reads, draws a signature, must tick understanding, signs; then downloads and verifies', async () => {
    const user = userEvent.setup({ delay: null });
    const firma = firmaSimulada();
    const fetch = montar({ id: 1, rol: 'paciente' }, [
      ...firma.rutas,
      responde(
        consentimientosRutas.verificar,
        {
          body: {
            consentimiento_id: 12,
            sha256_registrado: 'ab'.repeat(32),
            sha256_actual: 'ab'.repeat(32),
            integro: true,
          },
        },
        { id: 12 },
      ),
      responde(archivosRutas.descargar, () => Promise.resolve(new Response(new Blob(['%PDF-1.7']), { status: 200 })), {
        id: 77,
      }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Consentimiento informado' });
    expect(await screen.findByText(TEXTO)).toBeInTheDocument();
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
    // Keyboard and screen-reader users are told how to sign.
    expect(screen.getByText(/Si no puedes dibujar la firma/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Firmar consentimiento' }));
    expect(await screen.findByText('Dibuja tu firma en el recuadro')).toBeInTheDocument();
    expect(screen.getByText('Confirma que leíste y entiendes el consentimiento')).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain(llamada(consentimientosRutas.firmar, { citaId: 41 }));

    // Issue 27.10: each message goes away as soon as its field is right, before signing again.
    dibujar(screen.getByRole('img', { name: 'Tu firma' }));
    expect(screen.queryByText('Dibuja tu firma en el recuadro')).not.toBeInTheDocument();
    expect(screen.getByText('Confirma que leíste y entiendes el consentimiento')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /He leído y entiendo/ }));
    expect(screen.queryByText('Confirma que leíste y entiendes el consentimiento')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /He leído y entiendo/ })).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('checkbox', { name: /Autorizo fotografías/ }));
    await user.click(screen.getByRole('button', { name: 'Firmar consentimiento' }));
    expect(await screen.findByText('Consentimiento firmado.')).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(consentimientosRutas.firmar, { citaId: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({
      plantilla_version: 2,
      firma: PNG,
      entiende: true,
      acepta_fotos: true,
    });

    const estado = await screen.findByText('Firmado');
    expect(seccion).toHaveTextContent('versión 2');
    // The signed consent replaces the form and takes the focus (the screen follows it), not the page's end.
    await waitFor(() => expect(document.activeElement).toContainElement(estado));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    await user.click(screen.getByRole('button', { name: 'Descargar PDF del consentimiento' }));
    expect(fetch.llamadas()).toContain(llamada(archivosRutas.descargar, { id: 77 }));
    await user.click(screen.getByRole('button', { name: 'Verificar documento' }));
    expect(await screen.findByText('Verificado: el documento no ha cambiado desde la firma.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar consentimiento' })).not.toBeInTheDocument();
  });

  it('a changed stored document is reported; a revoked consent shows its date', async () => {
    const user = userEvent.setup({ delay: null });
    montar({ id: 5, rol: 'doctor' }, [
      responde(
        consentimientosRutas.porCita,
        {
          body: {
            ...pendiente(),
            consentimientos: [
              firmado({ id: 13 }),
              firmado({
                id: 12,
                estado: 'revocado',
                revocado_en: '2026-11-21T15:00:00.000Z',
                motivo_revocacion: 'Dudas',
              }),
            ],
          },
        },
        { citaId: 41 },
      ),
      responde(
        consentimientosRutas.verificar,
        {
          body: {
            consentimiento_id: 13,
            sha256_registrado: 'ab'.repeat(32),
            sha256_actual: 'cd'.repeat(32),
            integro: false,
          },
        },
        { id: 13 },
      ),
    ]);
    expect(await screen.findByText('Revocado')).toBeInTheDocument();
    expect(screen.getByText(/Dudas/)).toBeInTheDocument();
    // The doctor signs nothing.
    expect(screen.queryByRole('button', { name: 'Firmar consentimiento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revocar consentimiento' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Verificar documento' })[0]!);
    expect(await screen.findByText(/no coincide con el que se firmó/)).toBeInTheDocument();
  });

  it('at the desk the assistant hands the device over to the patient', async () => {
    montar({ id: 9, rol: 'asistente' }, [
      responde(consentimientosRutas.porCita, { body: pendiente() }, { citaId: 41 }),
      ...seccionesVacias(),
    ]);
    expect(await screen.findByText(/Entrega el dispositivo a la paciente/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar consentimiento' })).toBeInTheDocument();
  });

  it('the assistant sees the status but no PDF download, and is told who downloads it (DOMAIN.md)', async () => {
    const soloEstado = { ...pendiente(), consentimientos: [firmado({ texto: null, pdf: null })] };
    montar({ id: 9, rol: 'asistente' }, [responde(consentimientosRutas.porCita, { body: soloEstado }, { citaId: 41 })]);
    expect(
      await screen.findByText(/lo descargan la paciente desde su cuenta y el doctor de la cita/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar PDF del consentimiento' })).not.toBeInTheDocument();
  });

  it('a consent signed for the previous procedure does not cover the appointment: the patient signs again', async () => {
    const cambiado = { ...pendiente(), consentimientos: [firmado({ otro_procedimiento: true })] };
    montar({ id: 1, rol: 'paciente' }, [responde(consentimientosRutas.porCita, { body: cambiado }, { citaId: 41 })]);
    expect(await screen.findByText('De otro procedimiento')).toBeInTheDocument();
    expect(screen.getByText(/hace falta firmar el consentimiento del procedimiento actual/)).toBeInTheDocument();
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar consentimiento' })).toBeInTheDocument();
  });

  it("issue 27.9: her doctor hands the patient the tablet; she signs full screen in the doctor's session", async () => {
    const user = userEvent.setup({ delay: null });
    const firma = firmaSimulada();
    const faltaConsentimiento = {
      requisito: 'consentimiento' as const,
      mensaje:
        'Para marcar como realizada una cita de procedimiento, la paciente o el paciente debe firmar antes su consentimiento informado (y no haberlo revocado).',
    };
    const fetch = montarDetalleCita({ id: 5, rol: 'doctor' }, [
      responde(
        citasRutas.buscar,
        () =>
          Promise.resolve(
            Response.json({
              ...procedimiento(),
              inicio: iniciadaHoyEnBogota(),
              realizada: { faltan: firma.hecha() ? [] : [faltaConsentimiento] },
            }),
          ),
        { id: 41 },
      ),
      responde(evolucionesRutas.porCita, { body: { evolucion: notaFirmadaDePrueba() } }, { citaId: 41 }),
      ...firma.rutas,
    ]);
    // Beside the disabled button, exactly what is missing, in the server's words.
    const acciones = await screen.findByRole('region', { name: 'Acciones de la cita' });
    expect(within(acciones).getByRole('button', { name: 'Marcar realizada' })).toBeDisabled();
    expect(within(acciones).getByText(/debe firmar antes su consentimiento informado/)).toBeInTheDocument();
    // The doctor does not sign in her own name on her screen: she hands the tablet over.
    const seccion = screen.getByRole('region', { name: 'Consentimiento informado' });
    expect(within(seccion).queryByRole('button', { name: 'Firmar consentimiento' })).not.toBeInTheDocument();
    expect(within(seccion).queryByText(/El día de la cita podrás/)).not.toBeInTheDocument();
    await user.click(within(acciones).getByRole('button', { name: 'Firmar en esta tableta' }));
    const tableta = await screen.findByRole('dialog', { name: /Consentimiento informado/ });
    expect(within(tableta).getByText(/Si tienes preguntas, hazlas a tu doctor/)).toBeInTheDocument();
    expect(await within(tableta).findByText(TEXTO)).toBeInTheDocument();
    dibujar(within(tableta).getByRole('img', { name: 'Tu firma' }));
    await user.click(within(tableta).getByRole('checkbox', { name: /He leído y entiendo/ }));
    await user.click(within(tableta).getByRole('button', { name: 'Firmar consentimiento' }));
    expect(await screen.findByText('Consentimiento firmado.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.llamadas()).toContain(llamada(consentimientosRutas.firmar, { citaId: 41 }));
    // The appointment is read again: nothing is missing now.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Marcar realizada' })).toBeEnabled());
  });

  it('issue 27.9: on another day than the appointment her doctor is offered no tablet (the server refuses it)', async () => {
    const faltaConsentimiento = { requisito: 'consentimiento' as const, mensaje: 'Falta el consentimiento.' };
    // procedimiento(): three working days ahead; the patient is not at the doctor's tablet before then.
    montar({ id: 5, rol: 'doctor' }, [responde(consentimientosRutas.porCita, { body: pendiente() }, { citaId: 41 })], {
      ...procedimiento(),
      realizada: { faltan: [faltaConsentimiento] },
    });
    const acciones = await screen.findByRole('region', { name: 'Acciones de la cita' });
    expect(within(acciones).getByText('Falta el consentimiento.')).toBeInTheDocument();
    expect(within(acciones).getByRole('link', { name: 'Ir al consentimiento' })).toBeInTheDocument();
    const seccion = screen.getByRole('region', { name: 'Consentimiento informado' });
    expect(await within(seccion).findByText('Pendiente')).toBeInTheDocument();
    expect(within(seccion).getByText(/El día de la cita podrás entregarle tu tableta/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Firmar en esta tableta' })).not.toBeInTheDocument();
  });

  it('an evaluation asks nothing about consent', async () => {
    const fetch = montar({ id: 1, rol: 'paciente' }, [], citaDePrueba({ estado: 'confirmada' }));
    expect(await screen.findByText('Quiero mejorar las manchas')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Consentimiento informado' })).not.toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.includes('consentimientos'))).toBe(false);
  });
});

describe('FirmaPad', () => {
  it('draws with pointer events, reports the PNG, and Borrar clears it', async () => {
    const ctx = canvasFalso();
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <FirmaPad onChange={onChange} />
      </MantineProvider>,
    );
    const canvas = screen.getByRole('img', { name: 'Tu firma' });
    dibujar(canvas);
    expect(ctx.lineTo).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(PNG);
    await userEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(ctx.clearRect).toHaveBeenCalled();
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the error next to the pad', () => {
    render(
      <MantineProvider>
        <FirmaPad onChange={() => {}} error="Dibuja tu firma en el recuadro" />
      </MantineProvider>,
    );
    expect(screen.getByRole('img', { name: 'Tu firma' })).toHaveAccessibleDescription(
      expect.stringContaining('Dibuja tu firma en el recuadro'),
    );
  });
});
