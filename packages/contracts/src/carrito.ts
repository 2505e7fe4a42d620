// Cart contracts (SPEC section 7): items carry id, id_procedimiento and the nested procedimiento.
import { z } from 'zod';
import { fechaHora, mensajeSchema } from './common.ts';
import { catalogoIdParam, ID_MAX, procedimientoSchema } from './catalogo.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { carritoRutas } from './rutas.ts';

export const carritoItemSchema = z.object({
  id: z.number().int(),
  id_procedimiento: z.number().int(),
  procedimiento: procedimientoSchema,
  creado_en: fechaHora,
});
export type CarritoItemWire = z.input<typeof carritoItemSchema>;

export const agregarCarritoSchema = z.object({
  id_procedimiento: z.coerce
    .number<number>({ message: 'id_procedimiento debe ser un número' })
    .int()
    .positive('id_procedimiento debe ser positivo')
    .max(ID_MAX, 'id_procedimiento no es válido'),
});

/** GET listarmicarrito: the caller's items, oldest first. */
export const listaCarritoSchema = z.array(carritoItemSchema);

/** Exact text of the duplicate-add error; the web matches 'ya está en el carrito' (SPEC 8). */
export const MENSAJE_YA_EN_CARRITO = 'El procedimiento ya está en el carrito.';
/** 404 on add: the procedure id does not exist. */
export const MENSAJE_PROCEDIMIENTO_NO_EXISTE = 'El procedimiento no existe.';
/** 422 PROCEDIMIENTO_NO_DISPONIBLE on add: inactive procedure or inactive category. */
export const MENSAJE_PROCEDIMIENTO_NO_DISPONIBLE = 'Este procedimiento no está disponible en este momento.';

const errores = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

export const carritoEndpoints = {
  listar: endpoint(carritoRutas.listar, { response: { 200: listaCarritoSchema, 401: errorSchema } }),
  agregar: endpoint(carritoRutas.agregar, {
    body: agregarCarritoSchema,
    response: { 201: carritoItemSchema, ...errores, 422: errorSchema },
  }),
  eliminar: endpoint(carritoRutas.eliminar, {
    params: catalogoIdParam,
    response: { 200: mensajeSchema, ...errores },
  }),
  limpiar: endpoint(carritoRutas.limpiar, { response: { 200: mensajeSchema, 401: errorSchema } }),
};

export { carritoPaths, carritoRutas } from './rutas.ts';
