// The desk's Lista de espera (issue 25, item 1): entries grouped per procedure in order of joining, and a free time
// offered by hand (the patient's part is tested with Mis citas: features/citas/mis-citas-espera.test.tsx).
import { esperaRutas } from '@clinica/contracts/espera-rutas';
import { carritoRutas, citasRutas, procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntradaEsperaWire, OfertaEsperaWire } from '../../lib/api/espera/espera.ts';
import { instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { formatHora, hoy, zonaClinica } from '../../lib/tiempo.ts';
import { llamada } from '../../test/api-mock.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { entradaDePrueba, ofertaDePrueba, sinProcedimientos } from '../../test/espera-fixtures.ts';
import { conFechas, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import ListaEsperaScreen from './lista-espera-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** A weekday a few days ahead (never a Sunday). */
const dia = ((d) => (new Date(`${d}T12:00:00Z`).getUTCDay() === 0 ? sumarDias(d, 1) : d))(sumarDias(hoy(), 3));
const a = (d: string, hora: string) => instanteLocal(d, hora, zonaClinica).toISOString();
const oferta = (over: Partial<OfertaEsperaWire> = {}) => ofertaDePrueba(dia, over);
const entrada = (over: Partial<EntradaEsperaWire> = {}) => entradaDePrueba(dia, over);
const listaProcedimientos = sinProcedimientos;

describe('the desk’s Lista de espera', { timeout: 30_000 }, () => {
  it('groups per procedure in order of joining and offers a free time by hand', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('token', tokenDePrueba({ id: 9, rol: 'asistente' }));
    const toxina = { id: 8, nombre: 'Toxina botulínica' };
    const fetch = mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(esperaRutas.listar, {
        body: [
          entrada(),
          entrada({
            id: 6,
            paciente: { id: 2, nombre: 'Beatriz Díaz', telefono: null, correo: null },
            tipo: 'procedimiento',
            procedimiento: toxina,
            doctor: { id: 3, nombre: 'Dra. Ruiz' },
          }),
        ],
      }),
      responde(procedimientosRutas.listar, { body: listaProcedimientos as never }),
      responde(citasRutas.doctores, { body: [{ id: 3, nombre: 'Dra. Ruiz' }] }),
      responde(citasRutas.disponibilidad, {
        body: [
          { inicio: a(dia, '10:00'), fin: a(dia, '10:30'), doctor_id: 3 },
          { inicio: a(dia, '10:30'), fin: a(dia, '11:00'), doctor_id: 3 },
        ],
      }),
      responde(esperaRutas.ofrecer, { status: 201, body: oferta({ id: 71 }) }, { id: 6 }),
    ]);
    renderEnRuta('/listaespera', { '/listaespera': conFechas(<ListaEsperaScreen />) });
    const grupo = await screen.findByRole('region', { name: 'Toxina botulínica' });
    expect(within(grupo).getByText('Beatriz Díaz')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Evaluación (valoración)' })).toHaveTextContent('Ana Gómez');
    await user.click(within(grupo).getByRole('button', { name: 'Ofrecer horario a Beatriz Díaz' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Ofrecer un horario' });
    await user.click(await within(dialogo).findByText(formatHora(a(dia, '10:30'))));
    await user.click(within(dialogo).getByRole('button', { name: 'Ofrecer horario' }));
    expect(await screen.findByText(/Horario ofrecido a Beatriz Díaz/)).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(esperaRutas.ofrecer, { id: 6 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ doctor_id: 3, inicio: a(dia, '10:30') });
  });

  it('adds a patient found by name to the list for her', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('token', tokenDePrueba({ id: 9, rol: 'asistente' }));
    const carla = usuarioDePrueba({ id: 12, nombre: 'Carla Pérez', numerodocumento: '52123456' });
    const fetch = mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(esperaRutas.listar, { body: [] }),
      responde(procedimientosRutas.listar, { body: listaProcedimientos as never }),
      responde(citasRutas.doctores, { body: [{ id: 3, nombre: 'Dra. Ruiz' }] }),
      responde(usuariosRutas.listar, { body: { items: [carla], total: 1, pagina: 1, porPagina: 20 } }),
      responde(esperaRutas.unirse, { status: 201, body: entrada({ id: 9 }) }),
    ]);
    renderEnRuta('/listaespera', { '/listaespera': conFechas(<ListaEsperaScreen />) });
    await screen.findByText('Nadie en espera');
    await user.click(screen.getByRole('button', { name: 'Agregar paciente' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Agregar a la lista de espera' });
    await user.type(within(dialogo).getByRole('combobox', { name: 'Paciente' }), 'carla');
    await user.click(await screen.findByRole('option', { name: 'Carla Pérez · 52123456' }));
    const form = await within(dialogo).findByRole('form', { name: 'Lista de espera de Carla Pérez' });
    await user.click(within(form).getByRole('checkbox', { name: 'Tarde' }));
    await user.click(within(form).getByRole('button', { name: 'Agregar a la lista de espera' }));
    expect(await screen.findByText(/Carla Pérez quedó en la lista de espera/)).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(esperaRutas.unirse));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toMatchObject({
      paciente_id: 12,
      tipo: 'evaluacion',
      franjas: ['tarde'],
    });
  });
});
