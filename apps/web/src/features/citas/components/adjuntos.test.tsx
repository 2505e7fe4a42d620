// Exam results and before/after photos on the appointment's details (issue 9, items 4, 6 and 8): the patient
// uploads a result (the picker accepts PDF/JPEG/PNG) and sees it listed; the doctor lists and downloads; the front
// desk sees only how many; photos show the consent's refusal, or antes | después side by side by zone.
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { archivosRutas, citasRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../../test/api-mock.ts';
import type { FotosDeCitaWire, ResultadosDeCitaWire, ResultadoWire } from '../../../lib/api/adjuntos/tipos.ts';
import { citaDePrueba } from '../citas-fixtures.ts';
import { responde, type RutaSimulada } from '../../../test/mock-fetch.ts';
import { montarDetalleCita } from '../../../test/detalle-cita.tsx';

const resultado = (over: Partial<ResultadoWire> = {}): ResultadoWire => ({
  id: 5,
  cita_id: 41,
  subido_en: '2026-11-20T15:00:00.000Z',
  nombre: 'Hemograma.pdf',
  tipo_contenido: 'application/pdf',
  tamano: 2048,
  archivo_id: 90,
  examen: 'Hemograma',
  ...over,
});
const sinResultados = (over: Partial<ResultadosDeCitaWire> = {}): ResultadosDeCitaWire => ({
  cita_id: 41,
  puede_subir: false,
  ordenes: [],
  resultados: [],
  ...over,
});
const sinFotos = (over: Partial<FotosDeCitaWire> = {}): FotosDeCitaWire => ({
  cita_id: 41,
  puede_subir: false,
  motivo_sin_permiso: null,
  fotos: [],
  ...over,
});

/** Appointment 41, confirmed, without a note or a consent; `rutas` answer its results and photos. */
const montar = (token: Record<string, unknown>, rutas: RutaSimulada[]) =>
  montarDetalleCita(token, [
    responde(citasRutas.buscar, { body: citaDePrueba({ estado: 'confirmada' }) }, { id: 41 }),
    ...rutas,
  ]);

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:foto'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('resultados de exámenes', { timeout: 30_000 }, () => {
  it('the patient picks a result (PDF/JPEG/PNG), chooses the ordered exam, uploads it and sees it listed', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    let subio = false;
    const fetch = montar({ id: 1, rol: 'paciente' }, [
      responde(adjuntosRutas.resultados, () =>
        Promise.resolve(
          Response.json(
            sinResultados({
              puede_subir: true,
              ordenes: [{ id: 8, examen: 'Hemograma' }],
              resultados: subio ? [resultado()] : [],
            }),
          ),
        ),
      ),
      responde(
        adjuntosRutas.subirResultado,
        () => {
          subio = true;
          return Promise.resolve(Response.json(resultado(), { status: 201 }));
        },
        { citaId: 41 },
      ),
      responde(adjuntosRutas.fotos, { body: sinFotos() }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Resultados de exámenes' });
    expect(await within(seccion).findByText('Aún no has cargado resultados para esta cita.')).toBeInTheDocument();
    // A result may be a PDF as well as a photo: the picker says both.
    expect(within(seccion).getByText('Elige un archivo o toma una foto')).toBeInTheDocument();
    await user.click(within(seccion).getByRole('button', { name: 'Subir resultado' }));
    expect(await within(seccion).findByText('Elige el archivo de tus resultados.')).toBeInTheDocument();

    const input = seccion.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('application/pdf,image/jpeg,image/png');
    await user.upload(input, new File(['%PDF-1.7'], 'Hemograma.pdf', { type: 'application/pdf' }));
    await user.click(within(seccion).getByRole('combobox', { name: /De cuál examen ordenado/ }));
    await user.click(await screen.findByRole('option', { name: 'Hemograma' }));
    await user.click(within(seccion).getByRole('button', { name: 'Subir resultado' }));

    expect(await within(seccion).findByText('Hemograma.pdf')).toBeInTheDocument();
    const detalle = within(seccion).getByText(/Hemograma · Cargado el/);
    expect(detalle).toHaveTextContent(/Hemograma · Cargado el 20\/11\/2026/);
    expect(within(detalle).getByText(/^20\/11\/2026, /)).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(await screen.findByText('Resultado cargado. Tu doctor ya recibió el aviso.')).toBeInTheDocument();
    const envio = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = envio[1]!.body as FormData;
    expect(body.get('orden_examen_id')).toBe('8');
    expect((body.get('archivo') as File).name).toBe('Hemograma.pdf');
  });

  it('a refused file shows the server’s Spanish reason', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const mensaje = 'El archivo debe ser un PDF o una imagen JPEG o PNG.';
    montar({ id: 1, rol: 'paciente' }, [
      responde(adjuntosRutas.resultados, { body: sinResultados({ puede_subir: true }) }),
      responde(adjuntosRutas.subirResultado, { status: 415, body: { error: mensaje, code: 'ARCHIVO_INVALIDO' } }),
      responde(adjuntosRutas.fotos, { body: sinFotos() }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Resultados de exámenes' });
    await within(seccion).findByText('Aún no has cargado resultados para esta cita.');
    await user.upload(seccion.querySelector('input[type="file"]')!, new File(['MZ'], 'resultado.pdf'));
    await user.click(within(seccion).getByRole('button', { name: 'Subir resultado' }));
    expect(await within(seccion).findByText(mensaje)).toBeInTheDocument();
  });

  it('the appointment’s doctor lists and downloads; no upload form', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(adjuntosRutas.resultados, { body: sinResultados({ resultados: [resultado()] }) }),
      responde(archivosRutas.descargar, () => Promise.resolve(new Response(new Blob(['%PDF-1.7']), { status: 200 })), {
        id: 90,
      }),
      responde(adjuntosRutas.fotos, { body: sinFotos() }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Resultados de exámenes' });
    await user.click(await within(seccion).findByRole('button', { name: 'Descargar Hemograma.pdf' }));
    expect(fetch.llamadas()).toContain(llamada(archivosRutas.descargar, { id: 90 }));
    expect(within(seccion).queryByRole('button', { name: 'Subir resultado' })).not.toBeInTheDocument();
  });

  it('the front desk sees only how many results there are', async () => {
    montar({ id: 3, rol: 'asistente' }, [
      responde(adjuntosRutas.resultados, {
        body: sinResultados({
          resultados: [resultado({ nombre: null, tipo_contenido: null, tamano: null, archivo_id: null, examen: null })],
        }),
      }),
      responde(adjuntosRutas.fotos, { body: sinFotos({ fotos: [] }) }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Resultados de exámenes' });
    expect(await within(seccion).findByText('1 resultado cargado')).toBeInTheDocument();
    expect(within(seccion).queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
  });
});

describe('fotos de antes y después', { timeout: 30_000 }, () => {
  it('without the patient’s consent to photos the doctor sees why, and no form', async () => {
    const motivo =
      'No se pueden tomar fotos clínicas: el consentimiento informado vigente del paciente no autoriza fotos.';
    montar({ id: 5, rol: 'doctor' }, [
      responde(adjuntosRutas.resultados, { body: sinResultados() }),
      responde(adjuntosRutas.fotos, { body: sinFotos({ motivo_sin_permiso: motivo }) }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Fotos de antes y después' });
    expect(await within(seccion).findByText(motivo)).toBeInTheDocument();
    expect(within(seccion).queryByRole('button', { name: 'Guardar foto' })).not.toBeInTheDocument();
  });

  it('the doctor attaches an "antes" photo with its zone and sees antes | después side by side', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    let fotos: FotosDeCitaWire['fotos'] = [
      {
        id: 1,
        cita_id: 41,
        etiqueta: 'despues',
        zona: 'Frente',
        zona_mapa: null,
        tomada_en: '2026-11-20T16:00:00.000Z',
        archivo_id: 71,
      },
    ];
    const fetch = montar({ id: 5, rol: 'doctor' }, [
      responde(adjuntosRutas.resultados, { body: sinResultados() }),
      responde(adjuntosRutas.fotos, () => Promise.resolve(Response.json(sinFotos({ puede_subir: true, fotos })))),
      responde(adjuntosRutas.subirFoto, () => {
        fotos = [
          {
            id: 2,
            cita_id: 41,
            etiqueta: 'antes',
            zona: 'Frente',
            zona_mapa: 'frente',
            tomada_en: '2026-11-20T15:00:00.000Z',
            archivo_id: 72,
          },
          ...fotos,
        ];
        return Promise.resolve(Response.json(fotos[0], { status: 201 }));
      }),
      responde(archivosRutas.descargar, () => Promise.resolve(new Response(new Blob(['jpeg']), { status: 200 }))),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Fotos de antes y después' });
    expect(await within(seccion).findByText('Sin foto de antes')).toBeInTheDocument();
    await user.click(within(seccion).getByRole('button', { name: 'Guardar foto' }));
    expect(await within(seccion).findByText(/Escribe la zona del cuerpo/)).toBeInTheDocument();

    // The chart's zone, chosen from the list, fills the empty free-text zone with its name.
    await user.click(within(seccion).getByRole('combobox', { name: /Zona del mapa facial/ }));
    await user.click(await screen.findByRole('option', { name: 'Frente' }));
    expect(within(seccion).getByRole('textbox', { name: 'Zona' })).toHaveValue('Frente');
    const input = seccion.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    await user.upload(input, new File(['jpeg'], 'IMG_0001.jpg', { type: 'image/jpeg' }));
    await user.click(within(seccion).getByRole('button', { name: 'Guardar foto' }));

    const zona = await within(seccion).findByRole('figure', { name: 'Zona: Frente' });
    expect(await within(zona).findByRole('img', { name: /^Antes: Frente, 20\/11\/2026/ })).toHaveAttribute(
      'src',
      'blob:foto',
    );
    expect(await within(zona).findByRole('img', { name: /^Después: Frente/ })).toBeInTheDocument();
    const envio = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = envio[1]!.body as FormData;
    expect([body.get('etiqueta'), body.get('zona'), body.get('zona_mapa')]).toEqual(['antes', 'Frente', 'frente']);
  });

  it('the front desk sees that photos exist, never the images', async () => {
    const fetch = montar({ id: 3, rol: 'asistente' }, [
      responde(adjuntosRutas.resultados, { body: sinResultados() }),
      responde(adjuntosRutas.fotos, {
        body: sinFotos({
          puede_subir: true,
          fotos: [
            {
              id: 1,
              cita_id: 41,
              etiqueta: 'antes',
              zona: 'Frente',
              zona_mapa: null,
              tomada_en: '2026-11-20T15:00:00.000Z',
              archivo_id: null,
            },
          ],
        }),
      }),
    ]);
    const seccion = await screen.findByRole('region', { name: 'Fotos de antes y después' });
    expect(await within(seccion).findByText(/1 foto guardada/)).toBeInTheDocument();
    expect(within(seccion).queryByRole('img')).not.toBeInTheDocument();
    expect(within(seccion).getByRole('button', { name: 'Guardar foto' })).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.includes('/apiarchivos/'))).toBe(false);
  });
});
