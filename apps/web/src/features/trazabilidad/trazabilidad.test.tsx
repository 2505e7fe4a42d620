// Retreatment recall on the web (issue 24, items 3-4): /retratamientos' states, call data and «Agendar» with the patient and the doctor chosen, the doctor's
// view without the doctor filter, the administrators' intervals refused in Spanish when inverted; /mis-avisos.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { citasRutas } from '@clinica/contracts/rutas';
import type { Rol } from '@clinica/contracts/roles';
import { trazabilidadRutas as r } from '@clinica/contracts/trazabilidad-rutas';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import type { IntervaloWire, RetratamientoWire } from '../../lib/api/trazabilidad/trazabilidad.ts';
import MisAvisosScreen from './mis-avisos-screen.tsx';
import RetratamientosScreen from './retratamientos-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const paciente = {
  id: 7,
  nombre: 'Lucía Pérez',
  tipodocumento: 'CC',
  numerodocumento: '52123456',
  telefono: '3001234567',
  correo: 'lucia@correo.test',
};

const retratamiento: RetratamientoWire = {
  id: 1,
  estado: 'pendiente',
  paciente,
  doctor: { id: 3, nombre: 'Dr. Andrés Gómez' },
  tipo: 'toxina_botulinica',
  aplicado_el: '2026-08-20',
  desde_el: '2026-11-12',
  hasta_el: '2026-12-10',
  recordado_en: null,
  cita: null,
};
const pagina = (items: RetratamientoWire[]) => ({ items, total: items.length, pagina: 1, porPagina: 20 });
const intervalos: IntervaloWire[] = [
  { tipo: 'toxina_botulinica', semanas_desde: 12, semanas_hasta: 16, recordar: true, personalizado: false },
];

describe('RetratamientosScreen (/retratamientos)', () => {
  const renderLista = (rol: Rol) => renderComoRol(rol, <RetratamientosScreen />, '/retratamientos');

  it('the desk sees who to call and «Agendar» opens the booking form with the patient and the doctor', async () => {
    const fetch = mockFetch([
      responde(r.retratamientos, (p) => ({
        body: pagina(p.url.searchParams.get('estado') === 'vencido' ? [] : [retratamiento]),
      })),
      responde(citasRutas.doctores, { body: [{ id: 3, nombre: 'Dr. Andrés Gómez' }] }),
    ]);
    renderLista('asistente');
    const fila = (await screen.findAllByRole('row'))[1]!;
    expect(fila).toHaveTextContent('Lucía Pérez');
    expect(fila).toHaveTextContent('Toxina botulínica');
    expect(fila).toHaveTextContent('12/11/2026 y 10/12/2026');
    expect(fila).toHaveTextContent('Sin enviar');
    expect(within(fila).getByRole('link', { name: 'Agendar a Lucía Pérez con Dr. Andrés Gómez' })).toHaveAttribute(
      'href',
      '/crearcitaasistente?paciente=7&doctor=3',
    );
    expect(screen.queryByText('Intervalos de retratamiento')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Vencidos' }));
    expect(await screen.findByText('Nadie pasó su intervalo sin agendar.')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.url.searchParams.get('estado') === 'vencido')).toBe(true);
  });

  it('a doctor sees her list without the doctor filter nor «Agendar»', async () => {
    mockFetch([responde(r.retratamientos, { body: pagina([retratamiento]) })]);
    renderLista('doctor');
    expect((await screen.findAllByRole('row'))[1]).toHaveTextContent('Sin cita');
    expect(screen.queryByRole('textbox', { name: 'Doctor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Agendar/ })).not.toBeInTheDocument();
  });

  it('the administrators set the intervals; an inverted one is refused in Spanish without calling', async () => {
    const fetch = mockFetch([
      responde(r.retratamientos, { body: pagina([]) }),
      responde(citasRutas.doctores, { body: [] }),
      responde(r.intervalos, { body: intervalos }),
      responde(r.guardarIntervalos, (p) => ({
        body: (p.body as IntervaloWire[]).map((i) => ({ ...i, personalizado: true })),
      })),
    ]);
    renderLista('administrador');
    const desde = await screen.findByRole('textbox', { name: 'Toxina botulínica: desde cuántas semanas' });
    fireEvent.change(desde, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar intervalos' }));
    expect(
      await screen.findByText(
        'Toxina botulínica: Las semanas «hasta» deben ser iguales o más que las semanas «desde».',
      ),
    ).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(desde, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar intervalos' }));
    expect(await screen.findByText('Intervalos de retratamiento guardados.')).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.method === 'PUT')!.body).toEqual([
      { tipo: 'toxina_botulinica', semanas_desde: 10, semanas_hasta: 16, recordar: true },
    ]);
  });

  it('a patient gets the no-access screen without calling the API', () => {
    const { calls } = mockFetch([]);
    renderLista('paciente');
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('MisAvisosScreen (/mis-avisos)', () => {
  it('shows the patient her notices, and an empty state', async () => {
    mockFetch([
      responde(r.misAvisos, {
        body: [
          {
            id: 1,
            texto: 'El INVIMA alertó sobre este lote.',
            creada_en: '2026-11-20T15:00:00.000Z',
            producto: 'Toxina 100 U',
            lote: 'T-1',
          },
        ],
      }),
    ]);
    const { unmount } = renderComoRol('paciente', <MisAvisosScreen />, '/mis-avisos');
    expect(await screen.findByText('El INVIMA alertó sobre este lote.')).toBeInTheDocument();
    expect(screen.getByText(/Toxina 100 U, lote T-1/)).toBeInTheDocument();
    unmount();
    mockFetch([responde(r.misAvisos, { body: [] })]);
    renderComoRol('paciente', <MisAvisosScreen />, '/mis-avisos');
    expect(await screen.findByText('No tienes avisos')).toBeInTheDocument();
  });
});
