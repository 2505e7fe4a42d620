import { QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { theme } from '../../app/theme.ts';
import { testQueryClient } from '../../test/app-test-utils.tsx';
import { procedimientoDePrueba } from '../../test/carrito-test-utils.tsx';
import InicioScreen from './inicio-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

// The catalogue's test procedure, with the image and the nulls this page's tests read.
const procedimiento = (over: Partial<ProcedimientoWire>): ProcedimientoWire =>
  procedimientoDePrueba({
    id: 1,
    recomendaciones_previas: null,
    imagenes: [
      {
        id: 1,
        alt: 'Cabina de limpieza facial',
        orden: 0,
        url_tarjeta: '/media/p/1-tarjeta.webp',
        url_detalle: '/media/p/1-detalle.webp',
      },
    ],
    ...over,
  });

const LISTA = procedimientosRutas.listar;

function renderInicio() {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/inicio']}>
          <InicioScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/inicio', () => {
  it('shows the first six procedures from the API with category, price, duration and a link', async () => {
    const fetch = mockFetch([
      responde(LISTA, {
        body: {
          items: [
            procedimiento({}),
            procedimiento({
              id: 2,
              nombre: 'Toxina botulínica',
              precio: 950000,
              duracion_minutos: 30,
              categoria: { id: 2, nombre: 'Inyectables' },
              imagenes: [],
            }),
          ],
          total: 2,
          pagina: 1,
          porPagina: 6,
        },
      }),
    ]);
    renderInicio();

    const enlace = await screen.findByRole('link', { name: 'Limpieza facial profunda' });
    expect(enlace).toHaveAttribute('href', '/servicios/1');
    const tarjeta = enlace.closest('article')!;
    expect(within(tarjeta).getByText('Facial')).toBeInTheDocument();
    expect(within(tarjeta).getByText('$ 180.000')).toBeInTheDocument();
    expect(within(tarjeta).getByText(/1 h/)).toBeInTheDocument();
    const img = within(tarjeta).getByRole('img', { name: 'Cabina de limpieza facial' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', '/media/p/1-tarjeta.webp');

    const otra = screen.getByRole('link', { name: 'Toxina botulínica' }).closest('article')!;
    expect(within(otra).getByText('$ 950.000')).toBeInTheDocument();
    expect(within(otra).getByText(/30 min/)).toBeInTheDocument();

    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe(LISTA.path);
    expect(url.searchParams.get('porPagina')).toBe('6');
  });

  it('has a hero with calls to action, hours and contact', async () => {
    mockFetch([responde(LISTA, { body: { items: [], total: 0, pagina: 1, porPagina: 6 } })]);
    renderInicio();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tu mejor versión, con criterio médico');
    expect(screen.getByRole('link', { name: /Ver servicios/ })).toHaveAttribute('href', '/servicios');
    expect(screen.getAllByRole('link', { name: 'Crear mi cuenta' })[0]).toHaveAttribute('href', '/registrar');
    expect(screen.getByText('Lunes a sábado')).toBeInTheDocument();
    expect(screen.getByText('8:00 a. m. – 6:00 p. m.')).toBeInTheDocument();
    expect(screen.getByText('Domingos y festivos')).toBeInTheDocument();
    expect(document.title).toMatch(/^Medicina estética en Bogotá · /);
    expect(await screen.findByText('Aún no hay tratamientos publicados')).toBeInTheDocument();
  });

  it('shows skeletons while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderInicio();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando tratamientos destacados…');
  });

  it('shows a Spanish error with a retry that recovers', async () => {
    let falla = true;
    mockFetch([
      responde(LISTA, () =>
        falla
          ? { status: 503, body: { error: 'El servicio no está disponible en este momento.', code: 'NO_DISPONIBLE' } }
          : { body: { items: [procedimiento({})], total: 1, pagina: 1, porPagina: 6 } },
      ),
    ]);
    renderInicio();
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('No pudimos cargar los tratamientos');
    expect(alerta).toHaveTextContent('El servicio no está disponible en este momento.');
    falla = false;
    await userEvent.click(within(alerta).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Limpieza facial profunda' })).toBeInTheDocument();
  });
});
