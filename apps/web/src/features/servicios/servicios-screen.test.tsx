// /servicios: cards with price in COP, and the search/category filters read from and written to the URL.
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import { categoriasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { procedimientoDePrueba, renderEnRuta } from '../../test/carrito-test-utils.tsx';
import ServiciosScreen from './servicios-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

const LISTAR = procedimientosRutas.listar;
const CATEGORIAS = categoriasRutas.listar;

const categoria = (id: number, nombre: string, activa = true): CategoriaWire => ({
  id,
  nombre,
  descripcion: null,
  activa,
  total_procedimientos: 1,
  creada_en: '2026-01-01T10:00:00.000Z',
  actualizada_en: '2026-01-01T10:00:00.000Z',
});
const categorias = [categoria(1, 'Facial'), categoria(2, 'Corporal'), categoria(3, 'Oculta', false)];
/** The default test procedure: 7, «Limpieza facial profunda», $ 180.000, 60 minutes. */
const facial = procedimientoDePrueba();
const corporal = procedimientoDePrueba({
  id: 8,
  nombre: 'Drenaje linfático',
  precio: 95000,
  duracion_minutos: 45,
  categoria: { id: 2, nombre: 'Corporal' },
  imagenes: [],
});

function montar(en = '/servicios', items = [facial, corporal]) {
  const fetch = mockFetch([
    responde(CATEGORIAS, { body: categorias }),
    responde(LISTAR, { body: { items, total: items.length, pagina: 1, porPagina: 24 } }),
  ]);
  return { ...renderEnRuta(en, { '/servicios': <ServiciosScreen /> }), fetch };
}

const ubicacion = () => screen.getByTestId('ubicacion').textContent;
const listados = (fetch: ReturnType<typeof mockFetch>) => fetch.llamadas().filter((l) => l.includes(LISTAR.path));

afterEach(() => vi.unstubAllGlobals());

describe('/servicios', () => {
  it('renders a card per service with image, name, category, price in COP and duration', async () => {
    montar();
    const tarjetas = await screen.findAllByRole('article');
    expect(tarjetas).toHaveLength(2);
    const primera = within(tarjetas[0]!);
    expect(primera.getByRole('link', { name: 'Limpieza facial profunda' })).toHaveAttribute('href', '/servicios/7');
    expect(primera.getByText('$ 180.000')).toBeInTheDocument();
    expect(primera.getByText('Facial')).toBeInTheDocument();
    expect(primera.getByText(/1 h/)).toBeInTheDocument();
    const img = primera.getByRole('img', { name: 'Limpieza facial' });
    expect(img).toHaveAttribute('src', '/media/p/1-tarjeta.webp');
    const segunda = within(tarjetas[1]!);
    expect(segunda.getByText('$ 95.000')).toBeInTheDocument();
    expect(segunda.getByText(/45 min/)).toBeInTheDocument();
    expect(screen.getByText('2 tratamientos')).toBeInTheDocument();
    expect(document.title).toMatch(/^Servicios · /);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/Tratamientos/);
  });

  it('shows active categories only as filter chips', async () => {
    montar();
    const grupo = await screen.findByRole('radiogroup', { name: 'Filtrar por categoría' });
    expect(within(grupo).getByRole('radio', { name: 'Todas' })).toBeChecked();
    expect(within(grupo).getByRole('radio', { name: 'Facial' })).toBeInTheDocument();
    expect(within(grupo).queryByRole('radio', { name: 'Oculta' })).not.toBeInTheDocument();
    expect(within(grupo).getAllByRole('radio')).toHaveLength(3);
  });

  it('reads the search and the category from the URL', async () => {
    const { fetch } = montar('/servicios?q=facial&categoria=2');
    await screen.findAllByRole('article');
    expect(screen.getByRole('searchbox', { name: 'Buscar tratamiento' })).toHaveValue('facial');
    expect(await screen.findByRole('radio', { name: 'Corporal' })).toBeChecked();
    const url = new URL(listados(fetch)[0]!.split(' ')[1]!, 'http://x');
    expect(url.searchParams.get('q')).toBe('facial');
    expect(url.searchParams.get('categoriaId')).toBe('2');
  });

  it('writes the category to the URL and asks the server for it', async () => {
    const user = userEvent.setup();
    const { fetch } = montar('/servicios?q=limpieza');
    await screen.findAllByRole('article');
    await user.click(await screen.findByRole('radio', { name: 'Facial' }));
    await waitFor(() => expect(ubicacion()).toBe('/servicios?q=limpieza&categoria=1'));
    await waitFor(() =>
      expect(listados(fetch).some((l) => l.includes('categoriaId=1') && l.includes('q=limpieza'))).toBe(true),
    );

    await user.click(screen.getByRole('radio', { name: 'Todas' }));
    await waitFor(() => expect(ubicacion()).toBe('/servicios?q=limpieza'));
  });

  it('writes the search to the URL after typing', async () => {
    const user = userEvent.setup();
    const { fetch } = montar();
    await screen.findAllByRole('article');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar tratamiento' }), 'láser');
    await waitFor(() => expect(ubicacion()).toBe(`/servicios?q=${encodeURIComponent('láser')}`));
    await waitFor(() => expect(listados(fetch).some((l) => l.includes(`q=${encodeURIComponent('láser')}`))).toBe(true));
  });

  it('keeps letters typed while its own pause-write to the URL was still rendering', async () => {
    montar();
    await screen.findAllByRole('article');
    const caja = screen.getByRole('searchbox', { name: 'Buscar tratamiento' });
    vi.useFakeTimers();
    try {
      fireEvent.change(caja, { target: { value: 'lás' } });
      // The pause ends (the URL gets 'lás') and another letter arrives before React renders that change,
      // as on a slow phone.
      act(() => {
        vi.advanceTimersByTime(350);
        fireEvent.change(caja, { target: { value: 'láse' } });
      });
      expect(caja).toHaveValue('láse');
      expect(ubicacion()).toBe(`/servicios?q=${encodeURIComponent('lás')}`);
      act(() => {
        vi.advanceTimersByTime(350);
      });
      expect(ubicacion()).toBe(`/servicios?q=${encodeURIComponent('láse')}`);
      expect(caja).toHaveValue('láse');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when no service matches and offers to clear the filters', async () => {
    const user = userEvent.setup();
    montar('/servicios?q=zzz&categoria=1', []);
    expect(await screen.findByText('No encontramos tratamientos con esos filtros')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver todos los tratamientos' }));
    await waitFor(() => expect(ubicacion()).toBe('/servicios'));
    expect(screen.getByRole('searchbox', { name: 'Buscar tratamiento' })).toHaveValue('');
  });

  it('shows an error state with a retry when the list cannot load', async () => {
    mockFetch([
      responde(CATEGORIAS, { body: categorias }),
      responde(LISTAR, {
        status: 503,
        body: { error: 'El servicio no está disponible en este momento.', code: 'NO_DISPONIBLE' },
      }),
    ]);
    renderEnRuta('/servicios', { '/servicios': <ServiciosScreen /> });
    expect(await screen.findByText('No pudimos cargar los tratamientos')).toBeInTheDocument();
    expect(screen.getByText('El servicio no está disponible en este momento.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
