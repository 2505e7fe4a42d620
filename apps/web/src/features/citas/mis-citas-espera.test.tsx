// The waitlist in Mis citas (issue 25, item 1): the patient sees her open offer with the time left and accepts it (a
// slot someone else took shows the server's message), and joins the list with «Avísame si se libera un horario».
import { esperaRutas } from '@clinica/contracts/espera-rutas';
import { carritoRutas, citasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { pagosEnLineaRutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { MENSAJES_ESPERA } from '@clinica/contracts/espera';
import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EntradaEsperaWire, OfertaEsperaWire } from '../../lib/api/espera/espera.ts';
import { llamada } from '../../test/api-mock.ts';
import { entradaDePrueba, ofertaDePrueba, sinProcedimientos } from '../../test/espera-fixtures.ts';
import { conFechas, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../test/mock-fetch.ts';
import { diaHabil } from './citas-fixtures.ts';
import MisCitasScreen from './mis-citas-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const dia = diaHabil(3);
const oferta = (over: Partial<OfertaEsperaWire> = {}) => ofertaDePrueba(dia, over);
const entrada = (over: Partial<EntradaEsperaWire> = {}) => entradaDePrueba(dia, over);
const listaProcedimientos = sinProcedimientos;

function montarPaciente(rutas: RutaSimulada[], mias: EntradaEsperaWire[]) {
  localStorage.setItem('token', tokenDePrueba({ id: 1, rol: 'paciente' }));
  const fetch = mockFetch([
    ...rutas,
    responde(carritoRutas.listar, { body: [] }),
    responde(citasRutas.misCitas, { body: [] }),
    responde(esperaRutas.mias, { body: mias }),
    responde(pagosEnLineaRutas.config, { body: { habilitado: false, proveedor: null, ambiente: null } }),
    responde(citasRutas.doctores, { body: [{ id: 3, nombre: 'Dra. Ruiz' }] }),
    responde(procedimientosRutas.listar, { body: listaProcedimientos as never }),
  ]);
  renderEnRuta('/miscitas', { '/miscitas': conFechas(<MisCitasScreen />) });
  return fetch;
}

describe('the patient in Mis citas', { timeout: 30_000 }, () => {
  it('sees her open offer with the time left, and accepts it', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montarPaciente(
      [responde(esperaRutas.aceptar, { status: 201, body: {} as never }, { id: 70 })],
      [entrada({ ofertas: [oferta()] })],
    );
    const tarjeta = await screen.findByRole('article', { name: /9:00/ });
    expect(within(tarjeta).getByText(/Quedan (19|20) min/)).toBeInTheDocument();
    expect(within(tarjeta).getByText('Con Dra. Ruiz')).toBeInTheDocument();
    await user.click(within(tarjeta).getByRole('button', { name: 'Aceptar y agendar' }));
    expect(await screen.findByText('Listo: tu cita quedó agendada.')).toBeInTheDocument();
    expect(fetch.llamadas()).toContain(llamada(esperaRutas.aceptar, { id: 70 }));
  });

  it('a slot someone else took shows the server’s message', async () => {
    const user = userEvent.setup({ delay: null });
    montarPaciente(
      [
        responde(
          esperaRutas.aceptar,
          { status: 409, body: { error: MENSAJES_ESPERA.ofertaTomada, code: 'HORARIO_OCUPADO' } },
          { id: 70 },
        ),
      ],
      [entrada({ ofertas: [oferta()] })],
    );
    await user.click(await screen.findByRole('button', { name: 'Aceptar y agendar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MENSAJES_ESPERA.ofertaTomada);
  });

  it('joins the list with «Avísame si se libera un horario»', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montarPaciente(
      [
        responde(esperaRutas.unirse, (p) => ({
          status: 201,
          body: entrada({ franjas: [], ...(p.body as object) }) as never,
        })),
      ],
      [],
    );
    await user.click(await screen.findByRole('tab', { name: 'Lista de espera' }));
    await user.click(await screen.findByRole('button', { name: 'Avísame si se libera un horario' }));
    const form = await screen.findByRole('form', { name: 'Avísame si se libera un horario' });
    await user.click(within(form).getByRole('checkbox', { name: 'Tarde' }));
    await user.click(within(form).getByRole('button', { name: 'Avísame si se libera un horario' }));
    expect(await screen.findByText('Te avisaremos si se libera un horario.')).toBeInTheDocument();
    const i = fetch.llamadas().indexOf(llamada(esperaRutas.unirse));
    const body = JSON.parse(String(fetch.mock.calls[i]![1]!.body));
    expect(body).toMatchObject({ tipo: 'evaluacion', franjas: ['tarde'] });
    expect(body.desde <= body.hasta).toBe(true);
  });
});
