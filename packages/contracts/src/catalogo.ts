// Catalogue contracts: procedure categories and procedures (with images).
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaHora, mensajeSchema, paginacionQuery, paginado } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { categoriasRutas, procedimientosRutas } from './rutas.ts';

// Who maintains the catalogue lives in the zod-free roles.ts (the web reads it); re-exported for existing imports.
export { rolesGestionCatalogo } from './roles.ts';

/** Largest id a PostgreSQL integer column holds; larger path/body ids are refused by the schema. */
export const ID_MAX = 2_147_483_647;
const idEntero = (campo: string) =>
  z.coerce
    .number<number>({ message: `${campo} debe ser un número` })
    .int(`${campo} debe ser un número entero`)
    .positive(`${campo} debe ser positivo`)
    .max(ID_MAX, `${campo} no es válido`);

/** Path parameter `id` of catalogue routes (bounded to the integer range of the database). */
export const catalogoIdParam = z.object({ id: idEntero('El id') });
/** Path parameters of `/apiprocedimientos/:id/imagenes/:imagenId`. */
export const imagenParams = z.object({ id: idEntero('El id'), imagenId: idEntero('El id de la imagen') });

const texto = (min: number, max: number, campo: string) =>
  z
    .string({ message: `Escribe ${campo}` })
    .trim()
    .min(min, min <= 1 ? `Escribe ${campo}` : `Mínimo ${min} caracteres`)
    .max(max, `Máximo ${max} caracteres`)
    .refine(...SIN_NUL);
const busqueda = z
  .string()
  .trim()
  .max(100, 'Máximo 100 caracteres')
  .refine(...SIN_NUL);
const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .refine(...SIN_NUL)
    .nullish();

// ---- categories ----------------------------------------------------------------------------------
export const categoriaSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string().nullable(),
  activa: z.boolean(),
  total_procedimientos: z.number().int(),
  creada_en: fechaHora,
  actualizada_en: fechaHora,
});
export type CategoriaWire = z.input<typeof categoriaSchema>;
/** Server-side shape (Date timestamps, before serialisation). */
export type Categoria = z.output<typeof categoriaSchema>;

export const crearCategoriaSchema = z.object({
  nombre: texto(2, 80, 'el nombre de la categoría'),
  descripcion: textoOpcional(500),
  activa: z.boolean().default(true),
});
export const editarCategoriaSchema = z.strictObject(
  {
    nombre: texto(2, 80, 'el nombre de la categoría').optional(),
    descripcion: textoOpcional(500),
    activa: z.boolean().optional(),
  },
  { error: camposNoPermitidos() },
);
export const listarCategoriasQuery = z.object({
  /** Accent- and case-insensitive search on the name. */
  q: busqueda.optional(),
});
/** GET listarcategorias: public users get active categories only (total_procedimientos counts the
 *  procedures they can see); staff get every category and every procedure counted. */
export const listaCategoriasSchema = z.array(categoriaSchema);

// ---- procedures ----------------------------------------------------------------------------------
export const imagenSchema = z.object({
  id: z.number().int(),
  alt: z.string(),
  orden: z.number().int(),
  /** Resized copy for cards (480 x 360, 4:3 crop, WebP), e.g. /media/procedimientos/<archivo>-tarjeta.webp. */
  url_tarjeta: z.string(),
  /** Resized copy for the detail page (up to 1200 px wide, aspect kept, WebP). */
  url_detalle: z.string(),
});
export type ImagenWire = z.input<typeof imagenSchema>;
/** Server-side shape (before serialisation). */
export type Imagen = z.output<typeof imagenSchema>;

export const procedimientoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  precio: z.number().int(),
  duracion_minutos: z.number().int(),
  /** Minutes the doctor stays busy after the procedure (cleaning, preparing the room): no booking starts in them. */
  margen_minutos: z.number().int(),
  requiere_evaluacion: z.boolean(),
  recomendaciones_previas: z.string().nullable(),
  examenes_requeridos: z.string().nullable(),
  edad_minima: z.number().int(),
  /** Ley 1799 de 2016: exempt procedures only (laser hair removal, superficial peels, reconstructive). */
  exento_ley_1799: z.boolean(),
  /** The deposit a booking of it owes (issue 23, item 2; docs/dinero.md "Anticipos"); null: none. */
  anticipo: z.object({ tipo: z.enum(['fijo', 'porcentaje']), valor: z.number().int() }).nullable(),
  activo: z.boolean(),
  categoria: z.object({ id: z.number().int(), nombre: z.string() }),
  imagenes: z.array(imagenSchema),
  creado_en: fechaHora,
  actualizado_en: fechaHora,
});
export type ProcedimientoWire = z.input<typeof procedimientoSchema>;
/** Server-side shape (Date timestamps, before serialisation). */
export type Procedimiento = z.output<typeof procedimientoSchema>;

const precio = z
  .number({ message: 'El precio debe ser un número' })
  .int('El precio debe ser un valor entero en pesos')
  .positive('El precio debe ser mayor que 0')
  .max(1_000_000_000, 'El precio es demasiado alto');
const duracion = z
  .number({ message: 'La duración debe ser un número' })
  .int('La duración debe ser un número entero de minutos')
  .min(5, 'La duración mínima es de 5 minutos')
  .max(600, 'La duración máxima es de 600 minutos');
/** The buffer after a procedure (DOMAIN.md; the booking engine keeps the doctor busy for it, issue 27.15). */
export const MARGEN_MAX_MINUTOS = 120;
const margen = z
  .number({ message: 'El margen debe ser un número de minutos' })
  .int('El margen debe ser un número entero de minutos')
  .min(0, 'El margen no puede ser negativo')
  .max(MARGEN_MAX_MINUTOS, `El margen máximo es de ${MARGEN_MAX_MINUTOS} minutos`);
const edadMinima = z.number({ message: 'La edad mínima debe ser un número' }).int().min(0).max(120);
/** Ley 1799 de 2016: the legal floor for aesthetic procedures, lowered only for those the law exempts. */
export const EDAD_MINIMA_LEY_1799 = 18;
export const MENSAJE_LEY_1799 =
  'Por la Ley 1799 de 2016 los procedimientos estéticos son para mayores de 18 años. Solo un procedimiento exento por la ley (depilación láser, peeling superficial, reconstructivo), marcado así por un administrador, puede tener una edad mínima menor.';
export const MENSAJE_SOLO_ADMIN_EXENTO =
  'Solo un administrador puede marcar o desmarcar un procedimiento como exento de la Ley 1799 de 2016.';

/**
 * A procedure's deposit rule: a fixed amount in whole COP (at most the price, checked by the server) or a percentage
 * of the price (1 to 100); null: no deposit.
 */
export const anticipoProcedimientoSchema = z
  .discriminatedUnion(
    'tipo',
    [
      z.object({
        tipo: z.literal('fijo'),
        valor: z
          .number({ message: 'El anticipo debe ser un número' })
          .int('El anticipo debe ser un valor entero en pesos')
          .positive('El anticipo debe ser mayor que 0')
          .max(1_000_000_000, 'El anticipo es demasiado alto'),
      }),
      z.object({
        tipo: z.literal('porcentaje'),
        valor: z
          .number({ message: 'El porcentaje debe ser un número' })
          .int('El porcentaje debe ser un número entero')
          .min(1, 'El porcentaje debe estar entre 1 y 100')
          .max(100, 'El porcentaje debe estar entre 1 y 100'),
      }),
    ],
    { error: 'El anticipo debe ser fijo o un porcentaje' },
  )
  .nullable();
export type AnticipoProcedimiento = z.output<typeof anticipoProcedimientoSchema>;
export const MENSAJE_ANTICIPO_MAYOR_QUE_PRECIO = 'El anticipo fijo no puede ser mayor que el precio del procedimiento.';

/** The deposit a rule asks of a price, in whole pesos (a percentage rounds up to the peso); null: none. */
export function montoAnticipo(anticipo: AnticipoProcedimiento, precio: number): number | null {
  if (!anticipo) return null;
  const monto =
    anticipo.tipo === 'fijo' ? Math.min(anticipo.valor, precio) : Math.ceil((precio * anticipo.valor) / 100);
  return monto > 0 ? monto : null;
}

export const crearProcedimientoSchema = z.object({
  nombre: texto(3, 120, 'el nombre del procedimiento'),
  descripcion: texto(10, 4000, 'una descripción'),
  precio,
  duracion_minutos: duracion,
  margen_minutos: margen.default(0),
  requiere_evaluacion: z.boolean().default(false),
  recomendaciones_previas: textoOpcional(4000),
  examenes_requeridos: textoOpcional(2000),
  edad_minima: edadMinima.default(18),
  exento_ley_1799: z.boolean({ message: 'Indica si el procedimiento está exento' }).default(false),
  anticipo: anticipoProcedimientoSchema.default(null),
  categoria_id: z
    .number({ message: 'Elige una categoría' })
    .int()
    .positive('Elige una categoría')
    .max(ID_MAX, 'Elige una categoría'),
  activo: z.boolean().default(true),
});
export const editarProcedimientoSchema = z.strictObject(
  {
    nombre: texto(3, 120, 'el nombre del procedimiento').optional(),
    descripcion: texto(10, 4000, 'una descripción').optional(),
    precio: precio.optional(),
    duracion_minutos: duracion.optional(),
    margen_minutos: margen.optional(),
    requiere_evaluacion: z.boolean().optional(),
    recomendaciones_previas: textoOpcional(4000),
    examenes_requeridos: textoOpcional(2000),
    edad_minima: edadMinima.optional(),
    exento_ley_1799: z.boolean({ message: 'Indica si el procedimiento está exento' }).optional(),
    anticipo: anticipoProcedimientoSchema.optional(),
    categoria_id: z.number().int().positive('Elige una categoría').max(ID_MAX, 'Elige una categoría').optional(),
    activo: z.boolean().optional(),
  },
  { error: camposNoPermitidos() },
);

export const listarProcedimientosQuery = paginacionQuery.extend({
  pagina: z.coerce
    .number<number>()
    .int()
    .min(1, 'La página debe ser 1 o mayor')
    .max(100_000, 'Página demasiado alta')
    .default(1),
  categoriaId: idEntero('categoriaId').optional(),
  /** Accent- and case-insensitive search on the name. */
  q: busqueda.optional(),
  /** Staff only: include inactive procedures. Ignored for the public. */
  incluirInactivos: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  porPagina: z.coerce.number<number>().int().min(1).max(100, 'Máximo 100 por página').default(50),
});
export const listaProcedimientosSchema = paginado(procedimientoSchema);

/** DELETE eliminarprocedimiento: `desactivado` is true when references (carts, appointments) kept the row. */
export const eliminarProcedimientoRespuestaSchema = z.object({ mensaje: z.string(), desactivado: z.boolean() });
export const MENSAJE_PROCEDIMIENTO_DESACTIVADO =
  'El procedimiento tiene referencias; se desactivó en lugar de eliminarse.';

/** PUT imagenes/orden: every image id of the procedure exactly once, in the new order. */
export const ordenarImagenesSchema = z.object({
  orden: z
    .array(z.number({ message: 'Cada id debe ser un número' }).int().positive().max(ID_MAX), {
      message: 'Envía la lista de ids de imágenes en orden',
    })
    .min(1, 'Envía al menos una imagen')
    .max(10, 'Máximo 10 imágenes'),
});
/** Response of upload (one image, 201) is imagenSchema; of reordering, the images in their new order. */
export const listaImagenesSchema = z.array(imagenSchema);

/** Upload limits for procedure images. */
export const IMAGEN_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGENES_MAX_POR_PROCEDIMIENTO = 10;
/** Multipart field names of the upload: the file goes in `imagen`, the optional description in `alt`. */
export const IMAGEN_CAMPO = 'imagen';
export const IMAGEN_CAMPO_ALT = 'alt';
export const IMAGEN_ALT_MAX = 200;
export const IMAGEN_TIPOS_ACEPTADOS = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ---- endpoints -----------------------------------------------------------------------------------
const erroresCategorias = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const categoriasEndpoints = {
  listar: endpoint(categoriasRutas.listar, {
    querystring: listarCategoriasQuery,
    response: { 200: listaCategoriasSchema, 400: errorSchema },
  }),
  buscar: endpoint(categoriasRutas.buscar, {
    params: catalogoIdParam,
    response: { 200: categoriaSchema, 400: errorSchema, 404: errorSchema },
  }),
  crear: endpoint(categoriasRutas.crear, {
    body: crearCategoriaSchema,
    response: { 201: categoriaSchema, ...erroresCategorias },
  }),
  editar: endpoint(categoriasRutas.editar, {
    params: catalogoIdParam,
    body: editarCategoriaSchema,
    response: { 200: categoriaSchema, ...erroresCategorias },
  }),
  eliminar: endpoint(categoriasRutas.eliminar, {
    params: catalogoIdParam,
    response: { 200: mensajeSchema, ...erroresCategorias },
  }),
};

const erroresProcedimientos = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
};

export const procedimientosEndpoints = {
  listar: endpoint(procedimientosRutas.listar, {
    querystring: listarProcedimientosQuery,
    response: { 200: listaProcedimientosSchema, 400: errorSchema },
  }),
  buscar: endpoint(procedimientosRutas.buscar, {
    params: catalogoIdParam,
    response: { 200: procedimientoSchema, 400: errorSchema, 404: errorSchema },
  }),
  crear: endpoint(procedimientosRutas.crear, {
    body: crearProcedimientoSchema,
    response: { 201: procedimientoSchema, ...erroresProcedimientos },
  }),
  editar: endpoint(procedimientosRutas.editar, {
    params: catalogoIdParam,
    body: editarProcedimientoSchema,
    response: { 200: procedimientoSchema, ...erroresProcedimientos },
  }),
  eliminar: endpoint(procedimientosRutas.eliminar, {
    params: catalogoIdParam,
    response: { 200: eliminarProcedimientoRespuestaSchema, ...erroresProcedimientos },
  }),
  /** Multipart: the file in IMAGEN_CAMPO, the optional description in IMAGEN_CAMPO_ALT; parsed by the route. */
  subirImagen: endpoint(procedimientosRutas.subirImagen, {
    consumes: ['multipart/form-data'],
    params: catalogoIdParam,
    response: { 201: imagenSchema, ...erroresProcedimientos, 413: errorSchema, 415: errorSchema },
  }),
  eliminarImagen: endpoint(procedimientosRutas.eliminarImagen, {
    params: imagenParams,
    response: { 200: mensajeSchema, ...erroresProcedimientos },
  }),
  ordenarImagenes: endpoint(procedimientosRutas.ordenarImagenes, {
    params: catalogoIdParam,
    body: ordenarImagenesSchema,
    response: { 200: listaImagenesSchema, ...erroresProcedimientos },
  }),
};

export { categoriasPaths, categoriasRutas, procedimientosPaths, procedimientosRutas } from './rutas.ts';
