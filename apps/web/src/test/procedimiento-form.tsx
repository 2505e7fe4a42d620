// Test helpers for the procedure form (catalogue): mount /crearprocedimiento with its API answered, fill the
// required fields as a person would, and read the body the form sent.
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import { carritoRutas, categoriasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import CrearProcedimientoScreen from '../features/catalogo/crear-procedimiento-screen.tsx';
import { llamada, type RespuestaSimulada } from './api-mock.ts';
import { renderEnRuta, tokenDePrueba } from './carrito-test-utils.tsx';
import { mockFetch, responde } from './mock-fetch.ts';

type User = ReturnType<typeof userEvent.setup>;

/** The cart of a staff member: empty (the header asks for it on every screen). */
export const carritoVacio = responde(carritoRutas.listar, { body: [] });

/**
 * /crearprocedimiento for a person with `rol`, the categories listed and the POST answered with `post`. After a
 * creation the screen goes to the edit route, drawn as the text 'edición'.
 */
export function montarCrearProcedimiento(
  rol: string,
  categorias: CategoriaWire[],
  post: RespuestaSimulada<typeof procedimientosRutas.crear>,
) {
  localStorage.setItem('token', tokenDePrueba({ rol }));
  const fetch = mockFetch([
    carritoVacio,
    responde(categoriasRutas.listar, { body: categorias }),
    responde(procedimientosRutas.crear, post),
  ]);
  renderEnRuta('/crearprocedimiento', {
    '/crearprocedimiento': <CrearProcedimientoScreen />,
    '/editarprocedimientos/:id': <p>edición</p>,
  });
  return fetch;
}

/** Types the required fields and picks the category 'Facial'; the others keep their defaults. */
export async function llenarProcedimiento(
  user: User,
  p: { nombre: string; descripcion: string; precio: string; duracion: string },
) {
  await user.click(await screen.findByRole('textbox', { name: /^Nombre/ }));
  await user.paste(p.nombre);
  await user.click(screen.getByRole('textbox', { name: /^Descripción/ }));
  await user.paste(p.descripcion);
  await user.type(screen.getByRole('textbox', { name: /^Precio/ }), p.precio);
  await user.type(screen.getByRole('textbox', { name: /^Duración/ }), p.duracion);
  await user.click(screen.getByRole('combobox', { name: /^Categoría/ }));
  await user.click(await screen.findByRole('option', { name: 'Facial' }));
}

/** The JSON body of the call `ruta` (as llamada() writes it). */
export function cuerpoDe(fetch: ReturnType<typeof mockFetch>, ruta: string) {
  const i = fetch.llamadas().indexOf(ruta);
  return JSON.parse(String(fetch.mock.calls[i]![1]?.body)) as Record<string, unknown>;
}

/** Presses 'Crear procedimiento', checks that the edit screen opened and returns the body the POST sent. */
export async function crearYLeerCuerpo(user: User, fetch: ReturnType<typeof mockFetch>) {
  await user.click(screen.getByRole('button', { name: 'Crear procedimiento' }));
  expect(await screen.findByText('edición')).toBeInTheDocument();
  return cuerpoDe(fetch, llamada(procedimientosRutas.crear));
}
