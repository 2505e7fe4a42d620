// Catalogue dashboard: form validation (shared schemas, then the server's field issues), create -> edit,
// the 409 on deleting a category as a toast, image pre-checks, and the details page without a selection.
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import { categoriasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada, type RespuestaSimulada } from '../../test/api-mock.ts';
import { procedimientoDePrueba, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import CategoriasScreen from './categorias-screen.tsx';
import { problemaConImagen } from './components/imagenes-procedimiento.tsx';
import DetallesProcedimientosScreen from './detalles-procedimientos-screen.tsx';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import {
  carritoVacio,
  crearYLeerCuerpo,
  llenarProcedimiento,
  montarCrearProcedimiento,
} from '../../test/procedimiento-form.tsx';

const CATEGORIAS = categoriasRutas.listar;
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
  const montar = (post: RespuestaSimulada<typeof procedimientosRutas.crear>) =>
    montarCrearProcedimiento('asistente', [categoria(1, 'Facial', 2), categoria(2, 'Corporal', 0, false)], post);

  const llenar = (user: ReturnType<typeof userEvent.setup>) =>
    llenarProcedimiento(user, {
      nombre: 'Hidratación profunda',
      descripcion: 'Hidratación con ácido hialurónico para piel seca.',
      precio: '180000',
      duracion: '60',
    });

  it('marks the fields the shared schema refuses, without calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ status: 201, body: procedimientoDePrueba() });
    await user.click(await screen.findByRole('button', { name: 'Crear procedimiento' }));
    expect(await screen.findByText('Mínimo 3 caracteres')).toBeInTheDocument();
    expect(screen.getByText('El precio debe ser un número')).toBeInTheDocument();
    expect(screen.getByText('Elige una categoría')).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
    // Minimum age starts at 18 (Ley 1799 de 2016).
    expect(screen.getByRole('textbox', { name: /^Edad mínima/ })).toHaveValue('18');
  });

  it('shows the price with thousands separators and sends whole pesos, then opens the edit screen', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ status: 201, body: procedimientoDePrueba({ id: 55, nombre: 'Hidratación profunda' }) });
    await llenar(user);
    expect(screen.getByRole('textbox', { name: /^Precio/ })).toHaveValue('$ 180.000');
    const cuerpo = await crearYLeerCuerpo(user, fetch);
    expect(screen.getByTestId('ubicacion')).toHaveTextContent('/editarprocedimientos/55');
    expect(cuerpo).toMatchObject({
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

  it('sends the buffer after the procedure, 0 unless changed (issue 27.15)', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = montar({ status: 201, body: procedimientoDePrueba({ id: 56 }) });
    await llenar(user);
    const margen = screen.getByRole('textbox', { name: /^Margen después/ });
    expect(margen).toHaveValue('0');
    await user.clear(margen);
    await user.type(margen, '15');
    expect(await crearYLeerCuerpo(user, fetch)).toMatchObject({ duracion_minutos: 60, margen_minutos: 15 });
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
    const nombre = screen.getByRole('textbox', { name: /^Nombre/ });
    expect(nombre).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Revisa los campos marcados.')).toBeInTheDocument();
    // The message was about the old name: changing it clears the field.
    await user.type(nombre, ' facial');
    expect(screen.queryByText('Ese nombre no está permitido')).not.toBeInTheDocument();
    expect(nombre).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('categorías', () => {
  it('lists categories with state as text; one with procedures offers Desactivar instead of Eliminar', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('token', tokenDePrueba({ rol: 'administrador' }));
    const fetch = mockFetch([
      carritoVacio,
      responde(CATEGORIAS, {
        body: [categoria(1, 'Facial', 3), categoria(2, 'Capilar', 0, false), categoria(3, 'Láser', 2, false)],
      }),
      responde(categoriasRutas.editar, { body: categoria(1, 'Facial', 3, false) }, { id: 1 }),
    ]);
    renderEnRuta('/categoriaprocedimientos', { '/categoriaprocedimientos': <CategoriasScreen /> });
    const filas = await screen.findAllByRole('row');
    expect(within(filas[1]!).getByText('Activa')).toBeInTheDocument();
    expect(within(filas[1]!).getByText('3')).toBeInTheDocument();
    expect(within(filas[2]!).getByText('Inactiva')).toBeInTheDocument();
    // Issue 11.8: no enabled 'Eliminar' on a category the server would refuse to delete.
    expect(screen.queryByRole('button', { name: 'Eliminar Facial' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Capilar' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Láser no se puede eliminar: tiene 2 procedimientos' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Desactivar Facial' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText(/Tiene 3 procedimientos, así que no se puede eliminar/)).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Desactivar categoría' }));
    expect(await screen.findByText('Desactivamos «Facial».')).toBeInTheDocument();
    expect(fetch.llamadas()).toContain(llamada(categoriasRutas.editar, { id: 1 }));
    expect(fetch.llamadas()).not.toContain(llamada(categoriasRutas.eliminar, { id: 1 }));
  });

  it('tells a patient this section is for staff', async () => {
    localStorage.setItem('token', tokenDePrueba({ rol: 'paciente' }));
    mockFetch([carritoVacio]);
    renderEnRuta('/categoriaprocedimientos', { '/categoriaprocedimientos': <CategoriasScreen /> });
    expect(await screen.findByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mi panel' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
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
    mockFetch([carritoVacio]);
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
      carritoVacio,
      responde(procedimientosRutas.buscar, { body: procedimientoDePrueba() }, { id: 7 }),
      responde(consentimientosRutas.plantillas, { body: [] }, { procedimientoId: 7 }),
    ]);
    renderEnRuta('/detallesprocedimientos', { '/detallesprocedimientos': <DetallesProcedimientosScreen /> });
    expect(await screen.findByRole('heading', { name: 'Limpieza facial profunda' })).toBeInTheDocument();
    expect(screen.getByText('$ 180.000')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/editarprocedimientos/7'),
    );
  });

  it('shows the procedure in ?id=, before any stored selection (issue 11.8)', async () => {
    sessionStorage.setItem('procedimientoSeleccionado', JSON.stringify({ id: 3 }));
    localStorage.setItem('token', tokenDePrueba({ rol: 'doctor' }));
    const fetch = mockFetch([
      carritoVacio,
      responde(procedimientosRutas.buscar, { body: procedimientoDePrueba() }, { id: 7 }),
      responde(consentimientosRutas.plantillas, { body: [] }, { procedimientoId: 7 }),
    ]);
    renderEnRuta('/detallesprocedimientos?id=7', { '/detallesprocedimientos': <DetallesProcedimientosScreen /> });
    expect(await screen.findByRole('heading', { name: 'Limpieza facial profunda' })).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain(llamada(procedimientosRutas.buscar, { id: 3 }));
  });
});
