// /editarcita/:id (staff): sends only what changed (a new free time, type and procedure, observaciones); a
// cancelled appointment shows the spec's message with the form disabled.
import { MENSAJES_CITAS } from '@clinica/contracts/citas';
import { carritoRutas, citasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../test/api-mock.ts';
import { procedimientoDePrueba, conFechas, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { formatHora } from '../../lib/tiempo.ts';
import { citaDePrueba, diaHabil, espacio } from './citas-fixtures.ts';
import EditarCitaScreen from './editar-cita-screen.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const nuevo = espacio(diaHabil(6), '11:00', 5);

function montar(rutas: RutaSimulada[]) {
  localStorage.setItem('token', tokenDePrueba({ id: 9, rol: 'asistente' }));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    responde(citasRutas.doctores, { body: [{ id: 5, nombre: 'Dra. Laura Gómez' }] }),
    responde(procedimientosRutas.listar, {
      body: {
        items: [procedimientoDePrueba({ id: 7, nombre: 'Limpieza facial profunda' })],
        total: 1,
        pagina: 1,
        porPagina: 100,
      },
    }),
    responde(citasRutas.disponibilidad, { body: [nuevo] }),
    ...rutas,
  ]);
  renderEnRuta('/editarcita/41', {
    '/editarcita/:id': conFechas(<EditarCitaScreen />),
    '/detallescitas/:id': <p>detalle</p>,
  });
  return fetch;
}

describe('editar cita', { timeout: 30_000 }, () => {
  it('sends only the changes and opens the details', async () => {
    const user = userEvent.setup({ delay: null });
    const cita = citaDePrueba();
    const fetch = montar([
      responde(citasRutas.editar, { body: { ...cita, observaciones: 'Trae exámenes' } }, { id: 41 }),
      responde(citasRutas.buscar, { body: cita }, { id: 41 }),
    ]);
    await user.click(await screen.findByRole('button', { name: formatHora(nuevo.inicio) }));
    await user.click(screen.getByRole('textbox', { name: /^Observaciones/ }));
    await user.paste('Trae exámenes');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('detalle')).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(citasRutas.editar, { id: 41 }));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({
      inicio: nuevo.inicio,
      observaciones: 'Trae exámenes',
    });
  });

  it('asks for the procedure of a procedure appointment before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar([responde(citasRutas.buscar, { body: citaDePrueba() }, { id: 41 })]);
    await user.click(await screen.findByRole('combobox', { name: /^Tipo/ }));
    await user.click(await screen.findByRole('option', { name: 'Procedimiento' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(MENSAJES_CITAS.procedimientoRequerido)).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.startsWith('PATCH'))).toBe(false);
  });

  it('disables the form of a cancelled appointment and says why', async () => {
    montar([responde(citasRutas.buscar, { body: citaDePrueba({ estado: 'cancelada' }) }, { id: 41 })]);
    expect(await screen.findByText('La cita está cancelada y no se puede modificar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Motivo/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Observaciones/ })).toBeDisabled();
  });
});
