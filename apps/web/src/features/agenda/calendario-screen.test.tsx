import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citasRutas } from '@clinica/contracts/rutas';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { agendaCon, canceladaDeLuis, cita, diaHabil, doctores, espacio, iso } from './agenda-fixtures.ts';
import CalendarioScreen from './calendario-screen.tsx';
import { PX_MINUTO } from './components/calendario-grid.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const dia = diaHabil();
const ana = cita(1, dia, '09:00');
const cancelada = canceladaDeLuis(2, dia, '10:00', ana);
const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
/** jsdom lays nothing out (every rectangle is at 0) and has no DragEvent: plain events with the pointer's clientY
 *  set by hand, which is then the offset from the grid's first hour (7:00). */
function arrastrar(tipo: 'dragStart' | 'dragOver' | 'drop', el: HTMLElement, clientY: number) {
  const ev = createEvent[tipo](el, { dataTransfer });
  Object.defineProperty(ev, 'clientY', { value: clientY });
  fireEvent(el, ev);
}
/** clientY of `hora` (HH:MM) in the grid, which starts at 7:00. */
const yDe = (hora: string) => {
  const [h, m] = hora.split(':').map(Number) as [number, number];
  return (h * 60 + m - 7 * 60) * PX_MINUTO;
};

const deCatalina = cita(3, dia, '11:00', {
  tipo: 'procedimiento',
  estado: 'pendiente',
  doctor: doctores[1]!,
  procedimiento: { id: 4, nombre: 'Limpieza facial' },
  usuario: { ...ana.usuario, id: 12, nombre: 'Marta Díaz' },
});

function renderCalendario(query = '') {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'asistente' }));
  return renderWithProviders(<CalendarioScreen />, {
    route: `/calendariocitas?fecha=${dia}${query}`,
    path: '/calendariocitas',
  });
}

describe('CalendarioScreen', () => {
  it('shows one column per doctor, type and state as text, and hides cancelled ones until asked', async () => {
    const { calls } = mockFetch(agendaCon([ana, cancelada, deCatalina]));
    renderCalendario();
    await screen.findByTestId('cita-1');
    // Both doctors have a column (their names also appear in the doctor filter).
    expect(screen.getAllByText('Dr. Andrés Gómez').length).toBeGreaterThan(0);
    expect(screen.getByTestId('cita-3').parentElement).not.toBe(screen.getByTestId('cita-1').parentElement);
    const enlace = screen.getByRole('link', { name: /Ver la cita: .*Sofía Ramírez, Evaluación, Confirmada/ });
    expect(enlace).toHaveAttribute('href', '/detallescitas/1');
    expect(screen.getByRole('link', { name: /Marta Díaz, Procedimiento, Pendiente/ })).toBeInTheDocument();
    expect(screen.queryByText('Luis Pérez')).not.toBeInTheDocument();
    expect(screen.getByText(/1 cancelada oculta/)).toBeInTheDocument();
    const q = calls.find((c) => c.url.pathname === '/apicitas/listarcitas')!.url.searchParams;
    expect([q.get('desde'), q.get('hasta')]).toEqual([dia, dia]);

    fireEvent.click(screen.getByRole('switch', { name: 'Mostrar canceladas' }));
    expect(await screen.findByText('Luis Pérez')).toBeInTheDocument();
    expect(screen.getByTestId('cita-2')).toHaveAttribute('data-estado', 'cancelada');
  });

  it('week view asks for Monday to Sunday and shows the days as columns', async () => {
    const { calls } = mockFetch(agendaCon([ana]));
    renderCalendario('&vista=semana');
    await screen.findByRole('link', { name: /Sofía Ramírez/ });
    const q = calls.find((c) => c.url.pathname === '/apicitas/listarcitas')!.url.searchParams;
    const desde = q.get('desde')!;
    expect(new Date(`${desde}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(screen.getByText(/^Semana del/)).toBeInTheDocument();
  });

  it('"Mover" picks one of the free times from the keyboard-friendly dialog and calls reagendarcita', async () => {
    const nuevo = espacio(dia, '15:00');
    const { calls } = mockFetch(
      agendaCon(
        [ana],
        responde(citasRutas.disponibilidad, { body: [espacio(dia, '14:30'), nuevo] }),
        responde(
          citasRutas.reagendar,
          { body: { ...ana, inicio: nuevo.inicio, fecha: nuevo.inicio, fin: nuevo.fin } },
          { id: 1 },
        ),
      ),
    );
    renderCalendario();
    fireEvent.click(await screen.findByRole('button', { name: /Acciones de la cita de Sofía Ramírez/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mover' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Mover la cita' });
    fireEvent.click(await within(dialogo).findByRole('radio', { name: '3:00 p. m.' }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Mover cita' }));
    expect(await screen.findByText('Cita movida')).toBeInTheDocument();
    const disp = calls.find((c) => c.url.pathname === '/apicitas/disponibilidad')!.url.searchParams;
    expect(Object.fromEntries(disp)).toMatchObject({ doctor_id: '2', tipo: 'evaluacion', desde: dia, hasta: dia });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ inicio: nuevo.inicio });
  });

  it('a refused drag snaps back and shows the server message', async () => {
    const mensaje = 'Ese horario ya no está disponible. Elige otro de los horarios libres.';
    const { calls } = mockFetch(
      agendaCon(
        [ana],
        responde(citasRutas.reagendar, { status: 409, body: { error: mensaje, code: 'HORARIO_OCUPADO' } }, { id: 1 }),
      ),
    );
    renderCalendario();
    const tarjeta = await screen.findByTestId('cita-1');
    const topAntes = tarjeta.style.top;
    const columna = tarjeta.parentElement!;
    arrastrar('dragStart', tarjeta, 0);
    arrastrar('dragOver', columna, yDe('13:00'));
    arrastrar('drop', columna, yDe('13:00'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ inicio: iso(dia, '13:00') });
    expect(await screen.findByText(mensaje)).toBeInTheDocument();
    expect(screen.getByText('No se movió la cita')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cita-1').style.top).toBe(topAntes));
  });

  it('the drop sends the time the guide line shows, wherever the appointment was grabbed (issue 27.6)', async () => {
    const { calls } = mockFetch(
      agendaCon(
        [ana],
        responde(
          citasRutas.reagendar,
          { body: { ...ana, inicio: iso(dia, '11:00'), fecha: iso(dia, '11:00') } },
          { id: 1 },
        ),
      ),
    );
    renderCalendario();
    const tarjeta = await screen.findByTestId('cita-1');
    const columna = tarjeta.parentElement!;
    // Grabbed 24 px below its top (the middle of a 30-minute card's 36 px, 20 minutes): the card's top follows the
    // pointer 24 px above it. The drop used to forget the grab and sent the pointer's own time, 11:15.
    // (Every rectangle is at 0 in jsdom: the card's top too.)
    const agarre = 24;
    arrastrar('dragStart', tarjeta, agarre);
    arrastrar('dragOver', columna, yDe('11:00') + agarre);
    expect(screen.getByTestId('guia-arrastre')).toHaveTextContent('11:00 a. m.');
    arrastrar('drop', columna, yDe('11:00') + agarre);
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ inicio: iso(dia, '11:00') });
    expect(screen.queryByTestId('guia-arrastre')).not.toBeInTheDocument();
  });

  it('a moved appointment offers «Deshacer», which moves it back through the same path and says so', async () => {
    const movida = { ...ana, inicio: iso(dia, '11:00'), fecha: iso(dia, '11:00'), fin: iso(dia, '11:30') };
    let veces = 0;
    const { calls } = mockFetch(
      agendaCon(
        [ana],
        responde(citasRutas.reagendar, () => ({ body: veces++ === 0 ? movida : ana }), { id: 1 }),
      ),
    );
    renderCalendario();
    const tarjeta = await screen.findByTestId('cita-1');
    arrastrar('dragStart', tarjeta, 0);
    arrastrar('dragOver', tarjeta.parentElement!, yDe('11:00'));
    arrastrar('drop', tarjeta.parentElement!, yDe('11:00'));
    expect(await screen.findByText('Cita movida')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Movimiento deshecho')).toBeInTheDocument();
    expect(screen.getByText(/La cita de Sofía Ramírez volvió al/)).toBeInTheDocument();
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.url.pathname, c.body])).toEqual([
      ['/apicitas/reagendarcita/1', { inicio: iso(dia, '11:00') }],
      ['/apicitas/reagendarcita/1', { inicio: iso(dia, '09:00') }],
    ]);
    // The first toast closes and the undo offers no undo of its own.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument());
  });

  it("«Deshacer» refused (someone took the old time meanwhile) shows the server's reason", async () => {
    const movida = { ...ana, inicio: iso(dia, '11:00'), fecha: iso(dia, '11:00'), fin: iso(dia, '11:30') };
    const mensaje = 'Ese horario ya no está disponible. Elige otro de los horarios libres.';
    let veces = 0;
    const { calls } = mockFetch(
      agendaCon(
        [ana],
        responde(
          citasRutas.reagendar,
          () =>
            veces++ === 0
              ? { body: movida }
              : { status: 409, body: { error: mensaje, code: 'HORARIO_OCUPADO', siguientes: [] } },
          { id: 1 },
        ),
      ),
    );
    renderCalendario();
    const tarjeta = await screen.findByTestId('cita-1');
    arrastrar('dragStart', tarjeta, 0);
    arrastrar('drop', tarjeta.parentElement!, yDe('11:00'));
    fireEvent.click(await screen.findByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('No se pudo deshacer el movimiento')).toBeInTheDocument();
    expect(screen.getByText(mensaje)).toBeInTheDocument();
    // The move and the refused undo are the only writes, and nothing else was asked for (an unmocked request
    // would only surface as a quiet query error).
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PATCH', '/apicitas/reagendarcita/1', { inicio: iso(dia, '11:00') }],
      ['PATCH', '/apicitas/reagendarcita/1', { inicio: iso(dia, '09:00') }],
    ]);
    expect([...new Set(calls.map((c) => `${c.method} ${c.url.pathname}`))].sort()).toEqual([
      'GET /apicitas/listarcitas',
      'GET /apiusuarios/doctores',
      'PATCH /apicitas/reagendarcita/1',
    ]);
  });

  it('month view: Monday-to-Sunday weeks, each day with its appointments and «+N más»; a day opens its day view', async () => {
    const primero = `${dia.slice(0, 7)}-01`;
    const otras = ['10:00', '11:00', '14:00', '15:00'].map((h, i) =>
      cita(20 + i, dia, h, { usuario: { ...ana.usuario, id: 30 + i, nombre: `Paciente ${i + 1}` } }),
    );
    const { calls } = mockFetch(agendaCon([ana, ...otras]));
    renderCalendario('&vista=mes&doctor=2');
    const tabla = await screen.findByRole('table', { name: 'Citas del mes' });
    const q = calls.find((c) => c.url.pathname === '/apicitas/listarcitas')!.url.searchParams;
    // Whole weeks around the month: from the Monday on or before the 1st to a Sunday; the doctor filter applies.
    expect(new Date(`${q.get('desde')}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(new Date(`${q.get('hasta')}T12:00:00Z`).getUTCDay()).toBe(0);
    expect(q.get('desde')! <= primero).toBe(true);
    expect(q.get('doctorId')).toBe('2');
    expect(
      within(tabla)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['lun', 'mar', 'mié', 'jue', 'vie', 'sáb', 'dom']);
    const boton = within(tabla).getByRole('button', { name: new RegExp(`: 5 citas\\. Abrir el día$`) });
    const celda = boton.closest('td')!;
    // Two listed, the other three as «+3 más».
    expect(within(celda).getByText('Sofía Ramírez')).toBeInTheDocument();
    expect(within(celda).getByText('Paciente 1')).toBeInTheDocument();
    expect(within(celda).queryByText('Paciente 2')).not.toBeInTheDocument();
    expect(within(celda).getByText('+3 más')).toBeInTheDocument();
    expect(boton).toHaveAttribute('tabindex', '0');

    // Keyboard: one tab stop, the arrows move between days (the day is Monday to Saturday: its next is there).
    boton.focus();
    fireEvent.keyDown(boton, { key: 'ArrowRight' });
    const siguiente = document.activeElement as HTMLElement;
    expect(siguiente).not.toBe(boton);
    expect(siguiente).toHaveAttribute('tabindex', '0');
    expect(boton).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(siguiente, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(boton);

    fireEvent.click(boton);
    expect(await screen.findByTestId('cita-1')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Día' })).toBeChecked();
  });

  it("dragging to another doctor's column (day view) moves it to that doctor through editarcita", async () => {
    const movida = { ...ana, doctor: doctores[1]!, inicio: iso(dia, '13:00'), fecha: iso(dia, '13:00') };
    const { calls } = mockFetch(agendaCon([ana, deCatalina], responde(citasRutas.editar, { body: movida }, { id: 1 })));
    renderCalendario();
    const tarjeta = await screen.findByTestId('cita-1');
    const otraColumna = (await screen.findByTestId('cita-3')).parentElement!;
    expect(otraColumna).not.toBe(tarjeta.parentElement);
    arrastrar('dragStart', tarjeta, 0);
    arrastrar('dragOver', otraColumna, yDe('13:00'));
    arrastrar('drop', otraColumna, yDe('13:00'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/apicitas/editarcita/1');
    expect(patch.body).toEqual({ doctor_id: 3, inicio: iso(dia, '13:00') });
    expect(await screen.findByText(/quedó para el .* con Dra\. Catalina Vélez/)).toBeInTheDocument();
  });

  it('"Mover" to another doctor offers that doctor\'s free times and a refusal keeps the dialog with the reason', async () => {
    const mensaje = 'Ese horario está fuera de la agenda de atención. Elige uno de los horarios libres.';
    const { calls } = mockFetch(
      agendaCon(
        [ana],
        responde(citasRutas.disponibilidad, ({ url }) => ({
          body: [espacio(dia, '10:00', Number(url.searchParams.get('doctor_id')))],
        })),
        responde(citasRutas.editar, { status: 422, body: { error: mensaje, code: 'REGLA_NEGOCIO' } }, { id: 1 }),
      ),
    );
    renderCalendario();
    fireEvent.click(await screen.findByRole('button', { name: /Acciones de la cita de Sofía Ramírez/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mover' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Mover la cita' });
    fireEvent.click(within(dialogo).getAllByLabelText('Doctor')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Dra. Catalina Vélez' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/apicitas/disponibilidad' && c.url.searchParams.get('doctor_id') === '3'),
      ).toBe(true),
    );
    fireEvent.click(await within(dialogo).findByRole('radio', { name: '10:00 a. m.' }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Mover cita' }));
    expect(await within(dialogo).findByText(mensaje)).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/apicitas/editarcita/1');
    expect(patch.body).toEqual({ doctor_id: 3, inicio: iso(dia, '10:00') });
  });

  it('shows the error state with a retry when the agenda does not load', async () => {
    mockFetch([
      responde(citasRutas.doctores, { body: doctores }),
      responde(citasRutas.listar, { status: 500, body: { error: 'Falló el servidor.', code: 'ERROR_INTERNO' } }),
    ]);
    renderCalendario();
    expect(await screen.findByText('No pudimos cargar la agenda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('patients are told the section is for staff', async () => {
    mockFetch([]);
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 9, rol: 'paciente' }));
    renderWithProviders(<CalendarioScreen />, { route: '/calendariocitas' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No tienes acceso a esta sección' }),
    ).toBeInTheDocument();
  });
});
