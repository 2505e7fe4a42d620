// The injection chart in a procedure note (issue 24, item 2): points added, edited and removed by mouse, by touch
// (pointer events) and from the keyboard (the table), the last lot and technique carried to the next point, the
// totals per lot and the over-stock warning, what the draft sends, the server's refusals, and the signed chart.
import { citasRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { evolucionesRutas } from '@clinica/contracts/evoluciones-rutas';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../../../test/api-mock.ts';
import { montarDetalleCita } from '../../../../test/detalle-cita.tsx';
import { responde, type RutaSimulada } from '../../../../test/mock-fetch.ts';
import { respondeError } from '../../../../test/responde-error.ts';
import { usuarioDePrueba } from '../../../../test/usuarios-fixtures.ts';
import { citaDePrueba, notaFirmadaDePrueba } from '../../citas-fixtures.ts';
import { lotesUsables, puntoAplicado, puntoHialuronico } from './mapa-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** Sets a text field's value in one change (typing key by key costs seconds per field on a loaded machine). */
const escribir = (campo: HTMLElement, texto: string) => fireEvent.change(campo, { target: { value: texto } });

/** A procedure appointment that started ten minutes ago. */
const procedimiento = () => {
  const inicio = new Date(Date.now() - 10 * 60_000).toISOString();
  return citaDePrueba({
    estado: 'confirmada',
    tipo: 'procedimiento',
    procedimiento: { id: 7, nombre: 'Toxina botulínica' },
    inicio,
    fecha: inicio,
  });
};
const borrador = (aplicaciones = [puntoAplicado()]) =>
  notaFirmadaDePrueba({
    estado: 'borrador',
    firmada_en: null,
    hash_contenido: null,
    receta: null,
    formulas: [],
    adendas: [],
    aplicaciones,
  });
const doctora = usuarioDePrueba({ id: 5, rol: 'doctor', registro_profesional: 'RM 05-204519' });

const montar = (rutas: RutaSimulada[], token: Record<string, unknown> = { id: 5, rol: 'doctor' }) =>
  montarDetalleCita(token, [
    responde(citasRutas.buscar, { body: procedimiento() }, { id: 41 }),
    ...rutas,
    responde(insumosRutas.lotesUsables, { body: lotesUsables }),
    responde(usuariosRutas.perfil, { body: doctora }),
  ]);

/** The front view's drawing, 500 px square at the page's corner: a drawing unit is half a pixel. */
async function dibujo() {
  const svg = await screen.findByRole('group', { name: /Dibujo de frente/ });
  svg.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 500,
    height: 500,
    right: 500,
    bottom: 500,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return svg;
}

/** Picks a Select's option (clicks without user-event's pointer steps: a chart has many of them). */
async function elegir(donde: HTMLElement, campo: RegExp, opcion: RegExp | string) {
  fireEvent.click(within(donde).getByRole('combobox', { name: campo }));
  fireEvent.click(await screen.findByRole('option', { name: opcion }));
}

/** Fills the open point's fields: toxin lot, 4 U, intramuscular bolus with a 30G needle. */
async function llenarToxina() {
  const panel = await screen.findByRole('dialog', { name: /^Punto \d+/ });
  await elegir(panel, /^Lote/, /Lote TX-881/);
  escribir(within(panel).getByRole('textbox', { name: /^Cantidad/ }), '4');
  await elegir(panel, /^Plano/, 'Intramuscular');
  await elegir(panel, /^Técnica/, 'Bolo');
  fireEvent.click(within(panel).getByRole('radio', { name: 'Aguja' }));
  await elegir(panel, /^Calibre/, '30G');
  fireEvent.click(within(panel).getByRole('button', { name: 'Listo' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Punto/ })).not.toBeInTheDocument());
}

const filas = () =>
  within(screen.getByRole('table', { name: 'Puntos del mapa de aplicación' }))
    .getAllByRole('row')
    .slice(1);
const cuerpoDe = (
  fetch: ReturnType<typeof montar>,
  ruta: Parameters<typeof llamada>[0],
  params: Record<string, number>,
) => {
  const i = fetch.llamadas().lastIndexOf(llamada(ruta, params));
  return JSON.parse(String(fetch.mock.calls[i]![1]!.body)) as { aplicaciones: Record<string, unknown>[] };
};

describe('mapa de aplicación', { timeout: 180_000 }, () => {
  it('by mouse: a click adds a point with the zone under it, the next one starts with the same lot and technique, the draft sends both', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar([
      responde(evolucionesRutas.porCita, { body: { evolucion: null } }, { citaId: 41 }),
      responde(evolucionesRutas.crear, { status: 201, body: borrador() }, { citaId: 41 }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Escribir nota de evolución' }));
    const svg = await dibujo();
    // (250, 202) px is (500, 404) on the drawing: the glabella.
    await user.pointer({ keys: '[MouseLeft]', target: svg, coords: { clientX: 250, clientY: 202 } });
    expect(await screen.findByRole('dialog', { name: 'Punto 1: Glabela (entrecejo)' })).toBeInTheDocument();
    await llenarToxina();
    // The left forehead line, on the viewer's right: the patient's left crow's feet.
    await user.pointer({ keys: '[MouseLeft]', target: svg, coords: { clientX: 342, clientY: 225 } });
    const segundo = await screen.findByRole('dialog', { name: 'Punto 2: Patas de gallo izquierdas' });
    expect(within(segundo).getByRole('combobox', { name: /^Lote/ })).toHaveValue(
      'Lote TX-881 · vence 31/05/2027 · quedan 50 U',
    );
    expect(within(segundo).getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('4');
    fireEvent.click(within(segundo).getByRole('button', { name: 'Listo' }));

    expect(
      screen.getByRole('button', {
        name: 'Punto 2: Patas de gallo izquierdas, 4 U de Toxina botulínica 100 U lote TX-881',
      }),
    ).toBeInTheDocument();
    expect(filas()).toHaveLength(2);
    const totales = screen.getByRole('table', { name: 'Totales por lote' });
    expect(within(totales).getByRole('row', { name: /TX-881 2 8 U/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Borrador guardado.')).toBeInTheDocument();
    const comun = {
      lote_id: 11,
      cantidad: 4,
      plano: 'intramuscular',
      tecnica: 'bolo',
      dispositivo: 'aguja',
      calibre: '30G',
      nota: '',
    };
    expect(cuerpoDe(fetch, evolucionesRutas.crear, { citaId: 41 }).aplicaciones).toEqual([
      { vista: 'frontal', zona: 'glabela', x: 500, y: 404, ...comun },
      { vista: 'frontal', zona: 'patas_de_gallo_izquierda', x: 684, y: 450, ...comun },
    ]);
  });

  it('by touch: a tap adds a point, dragging moves it to another zone, a tap on it opens it and it is removed', async () => {
    const fetch = montar([
      responde(evolucionesRutas.porCita, { body: { evolucion: borrador() } }, { citaId: 41 }),
      responde(evolucionesRutas.editar, { body: borrador() }, { id: 7 }),
    ]);
    const svg = await dibujo();
    expect(filas()).toHaveLength(1);
    const toque = { pointerType: 'touch', pointerId: 3, isPrimary: true };
    // A tap on the chin: a new point, with what the saved point used.
    // As a browser does: the tap's click comes after the pointer's release, and only it adds the point.
    fireEvent.pointerDown(svg, { ...toque, clientX: 250, clientY: 383 });
    fireEvent.pointerUp(svg, { ...toque, clientX: 251, clientY: 383 });
    expect(filas()).toHaveLength(1);
    fireEvent.click(svg, { clientX: 251, clientY: 383 });
    const panel = await screen.findByRole('dialog', { name: 'Punto 2: Mentón' });
    expect(within(panel).getByRole('textbox', { name: /^Cantidad/ })).toHaveValue('4');
    fireEvent.click(within(panel).getByRole('button', { name: 'Listo' }));
    // Dragged from the chin to the upper lip.
    const punto = screen.getByRole('button', { name: /^Punto 2: Mentón/ });
    fireEvent.pointerDown(punto, { ...toque, clientX: 250, clientY: 383 });
    fireEvent.pointerMove(punto, { ...toque, clientX: 250, clientY: 360 });
    fireEvent.pointerUp(punto, { ...toque, clientX: 250, clientY: 329 });
    // A mouse would click after its drag: that click opens nothing.
    fireEvent.click(punto, { clientX: 250, clientY: 329 });
    expect(screen.queryByRole('dialog', { name: /^Punto/ })).not.toBeInTheDocument();
    const movido = screen.getByRole('button', { name: /^Punto 2: Labio superior/ });
    expect(within(filas()[1]!).getByText('Labio superior')).toBeInTheDocument();
    // A tap on the point (no movement) opens it; removing it leaves the first one.
    fireEvent.pointerDown(movido, { ...toque, clientX: 250, clientY: 329 });
    fireEvent.pointerUp(movido, { ...toque, clientX: 250, clientY: 329 });
    fireEvent.click(movido, { clientX: 250, clientY: 329 });
    const abierto = await screen.findByRole('dialog', { name: 'Punto 2: Labio superior' });
    fireEvent.click(within(abierto).getByRole('button', { name: 'Quitar punto' }));
    expect(filas()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Punto 2/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await screen.findByText('Borrador guardado.');
    expect(cuerpoDe(fetch, evolucionesRutas.editar, { id: 7 }).aplicaciones).toEqual([
      expect.objectContaining({ zona: 'glabela', lote_id: 11, cantidad: 4 }),
    ]);
  });

  it(
    'by keyboard: the table adds a point on its zone, every field is edited, and points are removed from the table or the drawing',
    { timeout: 180_000 },
    async () => {
      const user = userEvent.setup({ delay: null });
      const fetch = montar([
        responde(evolucionesRutas.porCita, { body: { evolucion: borrador([]) } }, { citaId: 41 }),
        responde(evolucionesRutas.editar, { body: borrador() }, { id: 7 }),
      ]);
      await dibujo();
      const vista = screen.getByRole('combobox', { name: 'Vista del punto' });
      vista.focus();
      await user.keyboard('{ArrowDown}');
      fireEvent.click(await screen.findByRole('option', { name: 'Perfil izquierdo' }));
      const zona = screen.getByRole('combobox', { name: 'Zona del punto' });
      zona.focus();
      await user.keyboard('Masetero');
      await user.keyboard('{ArrowDown}{Enter}');
      expect(zona).toHaveValue('Masetero izquierdo');
      screen.getByRole('button', { name: 'Agregar punto' }).focus();
      await user.keyboard('{Enter}');
      const panel = await screen.findByRole('dialog', { name: 'Punto 1: Masetero izquierdo' });
      // Nothing remembered yet: the hyaluronic acid lot, in mL.
      await elegir(panel, /^Lote/, /Lote B2291/);
      expect(within(panel).getByRole('textbox', { name: 'Cantidad (mL)' })).toBeInTheDocument();
      escribir(within(panel).getByRole('textbox', { name: /^Cantidad/ }), '2,5');
      await elegir(panel, /^Plano/, 'Supraperióstico');
      await elegir(panel, /^Técnica/, 'Abanico');
      fireEvent.click(within(panel).getByRole('radio', { name: 'Cánula' }));
      await elegir(panel, /^Calibre/, '22G');
      escribir(within(panel).getByRole('textbox', { name: 'Nota del punto' }), 'Aspiración negativa');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Punto/ })).not.toBeInTheDocument());

      // The row, and the warning: the lot has 1,5 mL left.
      expect(within(filas()[0]!).getByText('Nota: Aspiración negativa')).toBeInTheDocument();
      expect(within(filas()[0]!).getByText('Cánula 22G')).toBeInTheDocument();
      expect(
        screen.getByText(/Al lote B2291 de Ácido hialurónico 1 mL le quedan 1,5 mL y el mapa suma 2,5 mL/),
      ).toBeInTheDocument();

      // Edited from the table: 1 mL, and the warning goes away.
      screen.getByRole('button', { name: 'Editar punto 1' }).focus();
      await user.keyboard('{Enter}');
      const edicion = await screen.findByRole('dialog', { name: 'Punto 1: Masetero izquierdo' });
      const cantidad = within(edicion).getByRole('textbox', { name: /^Cantidad/ });
      escribir(cantidad, '1');
      fireEvent.click(within(edicion).getByRole('button', { name: 'Listo' }));
      expect(screen.queryByText(/le quedan/)).not.toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
      await screen.findByText('Borrador guardado.');
      expect(cuerpoDe(fetch, evolucionesRutas.editar, { id: 7 }).aplicaciones).toEqual([
        {
          vista: 'perfil_izquierdo',
          zona: 'masetero_izquierdo',
          x: 524,
          y: 646,
          lote_id: 12,
          cantidad: 1,
          plano: 'supraperiostico',
          tecnica: 'abanico',
          dispositivo: 'canula',
          calibre: '22G',
          nota: 'Aspiración negativa',
        },
      ]);

      // On the drawing (now the left profile) the point is a button: Delete removes it; the table's button too.
      screen
        .getByRole('button', { name: /^Punto 1: Masetero izquierdo, 1 mL de Ácido hialurónico 1 mL lote B2291/ })
        .focus();
      await user.keyboard('{Delete}');
      expect(screen.queryByRole('table', { name: 'Puntos del mapa de aplicación' })).not.toBeInTheDocument();
      expect(screen.getByText('Sin puntos todavía.')).toBeInTheDocument();
    },
  );

  it('an incomplete point is not saved and says what it misses; the server refusals show as it wrote them', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar([
      responde(evolucionesRutas.porCita, { body: { evolucion: borrador([]) } }, { citaId: 41 }),
      respondeError(evolucionesRutas.editar, 422, 'REGLA_NEGOCIO', 'Punto 1: el lote TX-881 está vencido', {
        params: { id: 7 },
      }),
    ]);
    const svg = await dibujo();
    await user.pointer({ keys: '[MouseLeft]', target: svg, coords: { clientX: 250, clientY: 202 } });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: /^Punto 1/ })).getByRole('button', { name: 'Listo' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Al punto 1 le faltan datos: ábrelo en la tabla.')).toBeInTheDocument();
    expect(within(filas()[0]!).getByText(/Elige el lote/)).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.startsWith('PUT') || l.startsWith('PATCH'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Editar punto 1' }));
    await llenarToxina();
    expect(screen.queryByText(/le faltan datos/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText('Punto 1: el lote TX-881 está vencido')).toBeInTheDocument();
  });

  it('signing refused for a lot short of stock names the lot', async () => {
    montar([
      responde(evolucionesRutas.porCita, { body: { evolucion: borrador() } }, { citaId: 41 }),
      responde(evolucionesRutas.editar, { body: borrador() }, { id: 7 }),
      respondeError(evolucionesRutas.firmar, 409, 'CONFLICTO', 'Al lote TX-881 solo le quedan 2 U', {
        params: { id: 7 },
      }),
    ]);
    await dibujo();
    fireEvent.click(screen.getByRole('button', { name: 'Firmar nota' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '¿Firmar la nota de evolución?' })).getByRole('button', {
        name: 'Firmar nota',
      }),
    );
    const alerta = await screen.findByRole('alert', { name: 'No pudimos firmar la nota' });
    expect(alerta).toHaveTextContent('Al lote TX-881 solo le quedan 2 U');
  });

  it.each([
    ['doctor', { id: 5, rol: 'doctor' }],
    ['patient', { id: 1, rol: 'paciente' }],
  ])('a signed note shows its chart read-only to the %s', async (_, token) => {
    const firmada = notaFirmadaDePrueba({
      adendas: [],
      aplicaciones: [
        puntoAplicado(),
        puntoAplicado({ id: 2, zona: 'frente', x: 500, y: 280 }),
        puntoHialuronico({ id: 3, vista: 'perfil_derecho', zona: 'pomulo_derecho', x: 578, y: 534, cantidad: 0.5 }),
      ],
    });
    montarDetalleCita(token, [
      responde(citasRutas.buscar, { body: procedimiento() }, { id: 41 }),
      responde(evolucionesRutas.porCita, { body: { evolucion: firmada } }, { citaId: 41 }),
      responde(usuariosRutas.perfil, { body: doctora }),
    ]);
    expect(await screen.findByRole('img', { name: 'Dibujo de frente con 2 puntos' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Dibujo perfil derecho con 1 punto' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Dibujo perfil izquierdo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Dibujo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar punto|Quitar punto|Agregar punto/ })).not.toBeInTheDocument();
    expect(filas()).toHaveLength(3);
    expect(within(filas()[2]!).getByText('Pómulo derecho')).toBeInTheDocument();
    expect(within(filas()[2]!).getByText('0,5 mL')).toBeInTheDocument();
    const totales = screen.getByRole('table', { name: 'Totales por lote' });
    expect(within(totales).getByRole('row', { name: /Toxina botulínica 100 U TX-881 2 8 U/ })).toBeInTheDocument();
    expect(within(totales).getByRole('row', { name: /Ácido hialurónico 1 mL B2291 1 0,5 mL/ })).toBeInTheDocument();
  });
});
