// Service page: details, sign-in redirect with state.from, add to cart, and the already-in-cart notice.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { carritoRutas, citasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { itemDePrueba, procedimientoDePrueba, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import ServicioDetalleScreen from './servicio-detalle-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { politicaDePrueba } from '../../test/citas-fixtures.ts';

const servicio = procedimientoDePrueba({
  id: 7,
  nombre: 'Limpieza facial profunda',
  precio: 180000,
  requiere_evaluacion: true,
  examenes_requeridos: 'Ninguno especial',
  edad_minima: 16,
  exento_ley_1799: true,
  imagenes: [
    { id: 1, alt: 'Cabina', orden: 0, url_tarjeta: '/media/a-tarjeta.webp', url_detalle: '/media/a-detalle.webp' },
    { id: 2, alt: 'Resultado', orden: 1, url_tarjeta: '/media/b-tarjeta.webp', url_detalle: '/media/b-detalle.webp' },
  ],
});
const buscar = responde(procedimientosRutas.buscar, { body: servicio }, { id: 7 });
const rutas = {
  '/servicios/:id': <ServicioDetalleScreen />,
  '/reservar/:id': <ServicioDetalleScreen />,
  '/iniciarsesion': <p>inicio de sesión</p>,
  '/crearcita': <p>agendar una cita</p>,
};

afterEach(() => vi.unstubAllGlobals());

describe('service page', () => {
  it('shows the gallery, price, duration, recommendations, exams, minimum age and evaluation', async () => {
    const user = userEvent.setup();
    mockFetch([buscar]);
    renderEnRuta('/reservar/7', rutas);
    expect(await screen.findByRole('heading', { level: 1, name: 'Limpieza facial profunda' })).toBeInTheDocument();
    expect(screen.getByText('$ 180.000')).toBeInTheDocument();
    expect(screen.getByText('1 h')).toBeInTheDocument();
    expect(screen.getByText('No exponerse al sol 48 horas antes.')).toBeInTheDocument();
    expect(screen.getByText('Ninguno especial')).toBeInTheDocument();
    expect(screen.getByText('16 años')).toBeInTheDocument();
    expect(screen.getByText(/antes del tratamiento tendrás una valoración/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cabina' })).toHaveAttribute('src', '/media/a-detalle.webp');
    await user.click(screen.getByRole('button', { name: 'Ver imagen 2 de 2: Resultado' }));
    expect(screen.getByRole('img', { name: 'Resultado' })).toHaveAttribute('src', '/media/b-detalle.webp');
    expect(document.title).toMatch(/^Limpieza facial profunda · /);
  });

  it('states the deposit of the treatment (not of the evaluation the button books) and the cancellation policy', async () => {
    mockFetch([
      responde(
        procedimientosRutas.buscar,
        { body: { ...servicio, precio: 1_100_000, anticipo: { tipo: 'porcentaje', valor: 30 } } },
        { id: 7 },
      ),
      // The clinic's own settings, not the defaults: the page says what the server enforces.
      responde(citasRutas.politica, {
        body: politicaDePrueba({ cancelacion_horas_aviso: 48, anticipo_horas_reserva: 12 }),
      }),
    ]);
    renderEnRuta('/servicios/7', rutas);
    expect(await screen.findByText('Anticipo de $ 330.000 al reservar el tratamiento')).toBeInTheDocument();
    expect(await screen.findByText(/^Política de cancelación: si cancelas con al menos 48 horas/)).toBeInTheDocument();
    expect(screen.getByText(/^Al reservar, guardamos tu horario durante 12 horas/)).toBeInTheDocument();
    expect(screen.queryByText(/24 horas/)).not.toBeInTheDocument();
  });

  it('sends a visitor who is not signed in to /iniciarsesion with the page in state.from', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch([buscar]);
    renderEnRuta('/servicios/7', rutas);
    await user.click(await screen.findByRole('button', { name: 'Agregar al carrito' }));
    expect(await screen.findByText('inicio de sesión')).toBeInTheDocument();
    const ubicacion = screen.getByTestId('ubicacion');
    expect(ubicacion).toHaveTextContent('/iniciarsesion');
    // It comes back asking to add this treatment, by its id in the navigation state: the add happens once signed in.
    expect(JSON.parse(ubicacion.dataset.state!)).toEqual({
      from: { pathname: '/servicios/7', search: '', hash: '' },
      agregarAlCarrito: 7,
    });
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
  });

  it('back from signing in with the intent, adds it once, says so, and spends the intent', async () => {
    localStorage.setItem('token', tokenDePrueba());
    const fetch = mockFetch([
      buscar,
      responde(carritoRutas.listar, { body: [] }),
      responde(carritoRutas.agregar, { status: 201, body: itemDePrueba(40, servicio) }),
    ]);
    renderEnRuta({ pathname: '/servicios/7', state: { agregarAlCarrito: 7 } }, rutas);
    expect(await screen.findByText('Puedes seguir explorando o revisar tu carrito.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'En tu carrito' })).toBeInTheDocument();
    // The toast confirms it too, with the treatment's name.
    expect(await screen.findByText(/Limpieza facial profunda quedó en tu carrito\./)).toBeInTheDocument();
    expect(fetch.llamadas().filter((l) => l.startsWith('POST'))).toEqual([`POST ${carritoRutas.agregar.path}`]);
    expect(fetch.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body).toBe(
      JSON.stringify({ id_procedimiento: 7 }),
    );
    // Spent: the entry no longer carries it, so a reload or Back does not add again.
    await waitFor(() => expect(screen.getByTestId('ubicacion').dataset.state).toBe('null'));
  });

  it('already in her cart when she comes back: the page says so and adds nothing twice', async () => {
    localStorage.setItem('token', tokenDePrueba());
    const fetch = mockFetch([
      buscar,
      responde(carritoRutas.listar, { body: [] }),
      responde(carritoRutas.agregar, {
        status: 400,
        body: { error: 'El procedimiento ya está en el carrito.', code: 'VALIDACION' },
      }),
    ]);
    renderEnRuta({ pathname: '/servicios/7', state: { agregarAlCarrito: 7 } }, rutas);
    expect(await screen.findByText('Este tratamiento ya está en tu carrito.')).toBeInTheDocument();
    expect(fetch.llamadas().filter((l) => l.startsWith('POST'))).toHaveLength(1);
  });

  it.each([
    ["another treatment's intent", { pathname: '/servicios/7', state: { agregarAlCarrito: 8 } }],
    ['an intent that is not an id', { pathname: '/servicios/7', state: { agregarAlCarrito: '7' } }],
    // The old return address: a link from elsewhere must not add to anyone's cart.
    ['?agregar=1 in the URL', '/servicios/7?agregar=1'],
  ])('adds nothing on arrival with %s', async (_caso, entrada) => {
    localStorage.setItem('token', tokenDePrueba());
    const fetch = mockFetch([buscar, responde(carritoRutas.listar, { body: [] })]);
    renderEnRuta(entrada, rutas);
    expect(await screen.findByRole('button', { name: 'Agregar al carrito' })).toBeInTheDocument();
    await screen.findByText('Descripción');
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
  });

  it('adds it for a signed-in user, offers the cart, and then says it is already there', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', tokenDePrueba());
    const fetch = mockFetch([
      buscar,
      responde(carritoRutas.listar, { body: [] }),
      responde(carritoRutas.agregar, { status: 201, body: itemDePrueba(40, servicio) }),
    ]);
    renderEnRuta('/servicios/7', rutas);
    const boton = await screen.findByRole('button', { name: 'Agregar al carrito' });
    await user.click(boton);
    // The page keeps a notice with a link to the cart (the toast says the same and goes away).
    const aviso = (await screen.findByText('Puedes seguir explorando o revisar tu carrito.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(aviso).getByText('Agregado a tu carrito')).toBeInTheDocument();
    expect(within(aviso).getByRole('link', { name: 'Ver carrito' })).toHaveAttribute('href', '/carrito');

    // The button now shows it was added; pressing it again explains it is already there.
    await user.click(await screen.findByRole('button', { name: 'En tu carrito' }));
    expect(await screen.findByText('Este tratamiento ya está en tu carrito.')).toBeInTheDocument();
    expect(fetch.llamadas().filter((l) => l.startsWith('POST'))).toHaveLength(1);
  });

  it('«Reservar valoración» takes a signed-in patient to /crearcita with this treatment', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', tokenDePrueba({ id: 1, rol: 'paciente' }));
    const fetch = mockFetch([buscar, responde(carritoRutas.listar, { body: [] })]);
    renderEnRuta('/servicios/7', rutas);
    const reservar = await screen.findByRole('button', { name: 'Reservar valoración' });
    expect(reservar).toHaveAccessibleDescription(/valoración de 30 minutos con el médico/);
    await user.click(reservar);
    expect(await screen.findByText('agendar una cita')).toBeInTheDocument();
    expect(screen.getByTestId('ubicacion')).toHaveTextContent('/crearcita?procedimiento=7');
    // The cart changes there, not here.
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
  });

  it('«Reservar valoración» sends a visitor to sign in and back to /crearcita with this treatment', async () => {
    const user = userEvent.setup();
    mockFetch([buscar]);
    renderEnRuta('/servicios/7', rutas);
    const reservar = await screen.findByRole('button', { name: 'Reservar valoración' });
    // Each button says where signing in leads: booking goes on to the times, the cart comes back here.
    expect(reservar).toHaveAccessibleDescription(/Inicia sesión y luego eliges el día y la hora\.$/);
    expect(
      screen.getByText('Para guardarlo en tu carrito te pediremos iniciar sesión y volverás a esta página.'),
    ).toBeInTheDocument();
    await user.click(reservar);
    expect(await screen.findByText('inicio de sesión')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('ubicacion').dataset.state!)).toEqual({
      from: { pathname: '/crearcita', search: '?procedimiento=7', hash: '' },
    });
  });

  it('staff book from the agenda: no «Reservar valoración» for them', async () => {
    localStorage.setItem('token', tokenDePrueba({ id: 3, rol: 'asistente' }));
    mockFetch([buscar, responde(carritoRutas.listar, { body: [] })]);
    renderEnRuta('/servicios/7', rutas);
    expect(await screen.findByRole('button', { name: 'Agregar al carrito' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reservar valoración' })).not.toBeInTheDocument();
  });

  it('says the service is not available when the server does not find it', async () => {
    mockFetch([
      responde(
        procedimientosRutas.buscar,
        { status: 404, body: { error: 'No existe', code: 'NO_ENCONTRADO' } },
        { id: 7 },
      ),
    ]);
    renderEnRuta('/servicios/7', rutas);
    expect(await screen.findByText('Este tratamiento no está disponible')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos los servicios' })).toHaveAttribute('href', '/servicios');
  });
});
