// /crearcita: a patient books an evaluation of the cart in few taps (doctor or any, first free day preselected,
// a time, confirm), with one Idempotency-Key per attempt; a 409 offers the next free times; an empty cart
// explains and leads to /servicios.
import { carritoRutas, citasRutas } from '@clinica/contracts/rutas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../test/api-mock.ts';
import {
  itemDePrueba,
  procedimientoDePrueba,
  conFechas,
  renderEnRuta,
  tokenDePrueba,
} from '../../test/carrito-test-utils.tsx';
import { formatHora } from '../../lib/tiempo.ts';
import { citaDePrueba, diaHabil, espacio } from './citas-fixtures.ts';
import CrearCitaScreen from './crear-cita-screen.tsx';
import { mockFetch, responde, type RutaSimulada } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const dia = diaHabil(1);
const libres = [espacio(dia, '09:00', 5), espacio(dia, '09:00', 6), espacio(dia, '09:30', 6)];
const doctores = responde(citasRutas.doctores, {
  body: [
    { id: 5, nombre: 'Dra. Laura Gómez' },
    { id: 6, nombre: 'Dr. Carlos Ruiz' },
  ],
});

function montar(rutas: RutaSimulada[], carrito = [itemDePrueba(11)], ruta = '/crearcita', rol = 'paciente') {
  localStorage.setItem('token', tokenDePrueba({ id: 1, rol }));
  // The server empties the cart with the booking: later reads answer an empty cart.
  let lecturas = 0;
  const fetch = mockFetch([
    responde(carritoRutas.listar, () => {
      lecturas += 1;
      return Promise.resolve(
        new Response(JSON.stringify(lecturas === 1 ? carrito : []), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
    doctores,
    responde(citasRutas.disponibilidad, { body: libres }),
    ...rutas,
  ]);
  renderEnRuta(ruta, {
    '/crearcita': conFechas(<CrearCitaScreen />),
  });
  return fetch;
}

describe('crear cita (paciente)', { timeout: 30_000 }, () => {
  it('books an evaluation of the cart at a free time, once, and shows it with a link to /miscitas', async () => {
    const user = userEvent.setup({ delay: null });
    const agendada = citaDePrueba({ inicio: libres[0]!.inicio, fecha: libres[0]!.inicio });
    const fetch = montar([responde(citasRutas.crear, { status: 201, body: agendada })]);

    const evaluar = await screen.findByRole('region', { name: 'En tu valoración, el doctor revisará:' });
    expect(within(evaluar).getByText('Limpieza facial profunda')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Doctor/ })).toHaveValue('Cualquier doctor');
    // The first day with room is open; any doctor: one button per time, saying who attends.
    const nueve = await screen.findByRole('button', { name: `${formatHora(libres[0]!.inicio)} con Dra. Laura Gómez` });
    expect(screen.getAllByRole('button', { name: /^9:00/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Confirmar cita' })).toBeDisabled();
    // Issue 27.7: the bar sticks to the bottom only once there is a time to confirm (before, on a phone, it only
    // covered the calendar). Browser test: e2e/citas-paciente.spec.ts.
    const barra = () =>
      screen.getByRole('button', { name: 'Confirmar cita' }).closest('[data-fijo], .mantine-Paper-root');
    expect(barra()).not.toHaveAttribute('data-fijo');
    await user.click(nueve);
    expect(nueve).toHaveAttribute('aria-pressed', 'true');
    expect(barra()).toHaveAttribute('data-fijo');
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));

    const exito = await screen.findByRole('heading', { name: '¡Tu cita quedó agendada!' });
    // The form went away under the focus: the message takes it.
    await waitFor(() => expect(exito).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Ver mis citas' })).toHaveAttribute('href', '/miscitas');
    const i = fetch.llamadas().indexOf(llamada(citasRutas.crear));
    const init = fetch.mock.calls[i]![1]!;
    expect(JSON.parse(String(init.body))).toEqual({ doctor_id: 5, inicio: libres[0]!.inicio });
    expect(new Headers(init.headers).get('Idempotency-Key')).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(fetch.llamadas().filter((l) => l.startsWith('POST'))).toHaveLength(1);
    // The server emptied the cart: the cart is read again.
    expect(fetch.llamadas().filter((l) => l === llamada(carritoRutas.listar)).length).toBe(2);
    // The emptied cart does not take the success screen away.
    expect(await screen.findByText('Se evaluará:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '¡Tu cita quedó agendada!' })).toBeInTheDocument();
    expect(screen.queryByText('Tu carrito está vacío')).not.toBeInTheDocument();
  });

  it('on 409 HORARIO_OCUPADO shows the message and books one of the offered times', async () => {
    const user = userEvent.setup({ delay: null });
    const otra = espacio(diaHabil(2), '14:00', 6);
    let intentos = 0;
    const fetch = montar([
      responde(citasRutas.crear, () => {
        intentos += 1;
        const body =
          intentos === 1
            ? {
                error: 'Ese horario ya no está disponible. Elige otro de los horarios libres.',
                code: 'HORARIO_OCUPADO',
                siguientes: [otra],
              }
            : citaDePrueba({ inicio: otra.inicio, fecha: otra.inicio, doctor: { id: 6, nombre: 'Dr. Carlos Ruiz' } });
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            status: intentos === 1 ? 409 : 201,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: /^9:30/ }));
    await user.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Ese horario ya no está disponible. Elige otro de los horarios libres.');
    await user.click(within(alerta).getByRole('button', { name: new RegExp(formatHora(otra.inicio)) }));
    expect(await screen.findByRole('heading', { name: '¡Tu cita quedó agendada!' })).toBeInTheDocument();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posts[1]![1]!.body))).toEqual({ doctor_id: 6, inicio: otra.inicio });
    // Another body, another attempt: a new key.
    const clave = (n: number) => new Headers(posts[n]![1]!.headers).get('Idempotency-Key');
    expect(clave(1)).not.toBe(clave(0));
  });

  it('from a service page (?procedimiento=): that treatment joins the cart once, and the address drops it', async () => {
    const toxina = procedimientoDePrueba({ id: 42, nombre: 'Toxina botulínica' });
    let agregados = 0;
    const fetch = montar(
      [
        responde(carritoRutas.agregar, () => {
          agregados += 1;
          return Promise.resolve(
            new Response(JSON.stringify(itemDePrueba(12, toxina)), {
              status: 201,
              headers: { 'Content-Type': 'application/json' },
            }),
          );
        }),
      ],
      [itemDePrueba(11)],
      '/crearcita?procedimiento=42',
    );
    const evaluar = await screen.findByRole('region', { name: 'En tu valoración, el doctor revisará:' });
    expect(await within(evaluar).findByText('Toxina botulínica')).toBeInTheDocument();
    // What was already in the cart stays: the evaluation covers both.
    expect(within(evaluar).getByText('Limpieza facial profunda')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('ubicacion')).toHaveTextContent(/^\/crearcita$/));
    const i = fetch.llamadas().indexOf(llamada(carritoRutas.agregar));
    expect(JSON.parse(String(fetch.mock.calls[i]![1]!.body))).toEqual({ id_procedimiento: 42 });
    expect(agregados).toBe(1);
    expect(await screen.findByRole('button', { name: 'Confirmar cita' })).toBeDisabled();
  });

  it('a treatment already in the cart is not added again', async () => {
    const fetch = montar([], [itemDePrueba(11)], '/crearcita?procedimiento=7');
    await screen.findByRole('region', { name: 'En tu valoración, el doctor revisará:' });
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
    await waitFor(() => expect(screen.getByTestId('ubicacion')).toHaveTextContent(/^\/crearcita$/));
  });

  it('a treatment that is no longer offered: the reason, and the cart as it was', async () => {
    // SPEC 8: a failed add is logged to the console (and reported to the screen).
    const consola = vi.spyOn(console, 'error').mockImplementation(() => {});
    montar(
      [
        responde(carritoRutas.agregar, {
          status: 404,
          body: { error: 'El procedimiento no existe.', code: 'NO_ENCONTRADO' },
        }),
      ],
      [],
      '/crearcita?procedimiento=99',
    );
    expect(await screen.findByText('El procedimiento no existe.')).toBeInTheDocument();
    expect(screen.getByText('No agregamos el tratamiento')).toBeInTheDocument();
    expect(await screen.findByText('Tu carrito está vacío')).toBeInTheDocument();
    expect(consola).toHaveBeenCalledWith('Error al agregar al carrito', expect.anything());
  });

  it('staff are sent to the desk screen with the treatment they came with, and nothing joins a cart', async () => {
    const fetch = montar([], [], '/crearcita?procedimiento=42', 'asistente');
    expect(await screen.findByText('Esta pantalla es para pacientes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agendar para un paciente' })).toHaveAttribute(
      'href',
      '/crearcitaasistente?procedimiento=42',
    );
    expect(fetch.llamadas()).not.toContain(llamada(carritoRutas.agregar));
  });

  it('explains an empty cart and leads to /servicios', async () => {
    montar([], []);
    expect(await screen.findByText('Tu carrito está vacío')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver servicios' })).toHaveAttribute('href', '/servicios');
    expect(screen.queryByRole('button', { name: 'Confirmar cita' })).not.toBeInTheDocument();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Agendar una valoración general' }));
    expect(await screen.findByRole('button', { name: 'Confirmar cita' })).toBeDisabled();
  });
});
