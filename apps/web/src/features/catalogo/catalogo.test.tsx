// Catalogue dashboard: form validation (shared schemas, then the server's field issues), create -> edit,
// the 409 on deleting a category as a toast, image pre-checks, and the details page without a selection.
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  llamadas,
  mockFetch,
  procedimientoDePrueba,
  renderEnRuta,
  tokenDePrueba,
} from '../../test/carrito-test-utils.tsx';
import CategoriasScreen from './categorias-screen.tsx';
import { problemaConImagen } from './components/imagenes-procedimiento.tsx';
import CrearProcedimientoScreen from './crear-procedimiento-screen.tsx';
import DetallesProcedimientosScreen from './detalles-procedimientos-screen.tsx';

const CATEGORIAS = '/apicategoriaprocedimientos/listarcategorias';
const categoria = (id: number, nombre: string, total = 0, activa = true): CategoriaWire => ({
  id,
  nombre,
  descripcion: null,
  activa,
  total_procedimientos: total,
  creada_en: '2026-01-01T10:00:00.000Z',
  actualizada_en: '2026-01-01T10:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('crear procedimiento', { timeout: 20_000 }, () => {
  function montar(post: Parameters<typeof mockFetch>[0][number]['answer']) {
    localStorage.setItem('token', tokenDePrueba({ rol: 'asistente' }));
    const fetch = mockFetch([
      { method: 'GET', path: '/apicarrito/listarmicarrito', answer: { body: [] } },
      {
        method: 'GET',
        path: CATEGORIAS,
        answer: { body: [categoria(1, 'Facial', 2), categoria(2, 'Corporal', 0, false)] },
      },
      { method: 'POST', path: '/apiprocedimientos/crearprocedimiento', answer: post },
    ]);
    renderEnRuta('/crearprocedimiento', {
      '/crearprocedimiento': <CrearProcedimientoScreen />,
      '/editarprocedimientos/:id': <p>edición</p>,
    });
    return fetch;
  }

  async function llenar(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('textbox', { name: /^Nombre/ }));
    await user.paste('Hidratación profunda');
    await user.click(screen.getByRole('textbox', { name: /^Descripción/ }));
    await user.paste('Hidratación con ácido hialurónico para piel seca.');
    await user.type(screen.getByRole('textbox', { name: /^Precio/ }), '180000');
    await user.type(screen.getByRole('textbox', { name: /^Duración/ }), '60');
    await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
    await user.click(await screen.findByRole('option', { name: 'Facial' }));
  }

  it('marks the fields the shared schema refuses, without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ status: 201, body: {} });
    await user.click(await screen.findByRole('button', { name: 'Crear procedimiento' }));
    expect(await screen.findByText('Mínimo 3 caracteres')).toBeInTheDocument();
    expect(screen.getByText('El precio debe ser un número')).toBeInTheDocument();
    expect(screen.getByText('Elige una categoría')).toBeInTheDocument();
    expect(llamadas(fetch).some((l) => l.startsWith('POST'))).toBe(false);
    // Minimum age starts at 18 (Ley 1799 de 2016).
    expect(screen.getByRole('textbox', { name: /^Edad mínima/ })).toHaveValue('18');
  });

  it('shows the price with thousands separators and sends whole pesos, then opens the edit screen', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ status: 201, body: procedimientoDePrueba({ id: 55, nombre: 'Hidratación profunda' }) });
    await llenar(user);
    expect(screen.getByRole('textbox', { name: /^Precio/ })).toHaveValue('$ 180.000');
    await user.click(screen.getByRole('button', { name: 'Crear procedimiento' }));
    expect(await screen.findByText('edición')).toBeInTheDocument();
    expect(screen.getByTestId('ubicacion')).toHaveTextContent('/editarprocedimientos/55');
    const i = llamadas(fetch).indexOf('POST /apiprocedimientos/crearprocedimiento');
    expect(JSON.parse(String(fetch.mock.calls[i]![1]?.body))).toMatchObject({
      nombre: 'Hidratación profunda',
      precio: 180000,
      duracion_minutos: 60,
      categoria_id: 1,
      edad_minima: 18,
      activo: true,
      requiere_evaluacion: false,
      recomendaciones_previas: null,
    });
  });

  it("puts the server's validation messages on the matching fields", async () => {
    const user = userEvent.setup({ delay: null });
    montar({
      status: 400,
      body: {
        error: 'Datos inválidos. nombre: Ya existe',
        code: 'VALIDACION',
        issues: [{ campo: 'nombre', mensaje: 'Ese nombre no está permitido' }],
      },
    });
    await llenar(user);
    await user.click(screen.getByRole('button', { name: 'Crear procedimiento' }));
    expect(await screen.findByText('Ese nombre no está permitido')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Nombre/ })).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Revisa los campos marcados.')).toBeInTheDocument();
  });
});

describe('categorías', () => {
  it('lists categories with state as text and shows the 409 of a delete as a toast', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('token', tokenDePrueba({ rol: 'administrador' }));
    const fetch = mockFetch([
      { method: 'GET', path: '/apicarrito/listarmicarrito', answer: { body: [] } },
      {
        method: 'GET',
        path: CATEGORIAS,
        answer: { body: [categoria(1, 'Facial', 3), categoria(2, 'Capilar', 0, false)] },
      },
      {
        method: 'DELETE',
        path: '/apicategoriaprocedimientos/eliminarcategoria/1',
        answer: {
          status: 409,
          body: {
            error: 'La categoría tiene 3 procedimientos; no se puede eliminar.',
            code: 'CATEGORIA_CON_PROCEDIMIENTOS',
          },
        },
      },
    ]);
    renderEnRuta('/categoriaprocedimientos', { '/categoriaprocedimientos': <CategoriasScreen /> });
    const filas = await screen.findAllByRole('row');
    expect(within(filas[1]!).getByText('Activa')).toBeInTheDocument();
    expect(within(filas[1]!).getByText('3')).toBeInTheDocument();
    expect(within(filas[2]!).getByText('Inactiva')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar Facial' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText(/Tiene 3 procedimientos/)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Eliminar categoría' }));
    expect(await screen.findByText('La categoría tiene 3 procedimientos; no se puede eliminar.')).toBeInTheDocument();
    expect(llamadas(fetch)).toContain('DELETE /apicategoriaprocedimientos/eliminarcategoria/1');
  });

  it('tells a patient this section is for staff', async () => {
    localStorage.setItem('token', tokenDePrueba({ rol: 'paciente' }));
    mockFetch([{ method: 'GET', path: '/apicarrito/listarmicarrito', answer: { body: [] } }]);
    renderEnRuta('/categoriaprocedimientos', { '/categoriaprocedimientos': <CategoriasScreen /> });
    expect(await screen.findByText('Esta sección es para el equipo de la clínica')).toBeInTheDocument();
  });
});

describe('imágenes', () => {
  it('refuses other types and files over 5 MB with a Spanish message', () => {
    expect(problemaConImagen(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(
      'El archivo debe ser una imagen JPEG, PNG o WebP.',
    );
    const grande = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.jpg', { type: 'image/jpeg' });
    expect(problemaConImagen(grande)).toMatch(/^La imagen pesa 5 MB; el máximo es 5 MB\.$/);
    expect(problemaConImagen(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
  });
});

describe('detalles del procedimiento', () => {
  it('without a selection says so and links to the list', async () => {
    localStorage.setItem('token', tokenDePrueba({ rol: 'doctor' }));
    mockFetch([{ method: 'GET', path: '/apicarrito/listarmicarrito', answer: { body: [] } }]);
    renderEnRuta('/detallesprocedimientos', { '/detallesprocedimientos': <DetallesProcedimientosScreen /> });
    expect(await screen.findByText('Selecciona un procedimiento para ver sus detalles')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a la lista de procedimientos' })).toHaveAttribute(
      'href',
      '/consultarprocedimientos',
    );
  });

  it('shows the procedure stored as selected', async () => {
    sessionStorage.setItem('procedimientoSeleccionado', JSON.stringify({ id: 7 }));
    localStorage.setItem('token', tokenDePrueba({ rol: 'doctor' }));
    mockFetch([
      { method: 'GET', path: '/apicarrito/listarmicarrito', answer: { body: [] } },
      { method: 'GET', path: '/apiprocedimientos/buscarprocedimiento/7', answer: { body: procedimientoDePrueba() } },
    ]);
    renderEnRuta('/detallesprocedimientos', { '/detallesprocedimientos': <DetallesProcedimientosScreen /> });
    expect(await screen.findByRole('heading', { name: 'Limpieza facial profunda' })).toBeInTheDocument();
    expect(screen.getByText('$ 180.000')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/editarprocedimientos/7'),
    );
  });
});
