// Catalogue contracts: procedure categories and procedures (with images).
import { z } from 'zod';
import { fechaHora, paginacionQuery, paginado } from './common.ts';

const texto = (min: number, max: number, campo: string) =>
  z
    .string({ message: `Escribe ${campo}` })
    .trim()
    .min(min, min <= 1 ? `Escribe ${campo}` : `Mínimo ${min} caracteres`)
    .max(max, `Máximo ${max} caracteres`);
const textoOpcional = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres`).nullish();

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

export const crearCategoriaSchema = z.object({
  nombre: texto(2, 80, 'el nombre de la categoría'),
  descripcion: textoOpcional(500),
  activa: z.boolean().default(true),
});
export const editarCategoriaSchema = z
  .object({
    nombre: texto(2, 80, 'el nombre de la categoría').optional(),
    descripcion: textoOpcional(500),
    activa: z.boolean().optional(),
  })
  .strict('Campo no permitido');
export const listarCategoriasQuery = z.object({
  q: z.string().trim().max(100).optional(),
});

// ---- procedures ----------------------------------------------------------------------------------
export const imagenSchema = z.object({
  id: z.number().int(),
  alt: z.string(),
  orden: z.number().int(),
  /** Resized copy for cards (about 480 px wide, WebP). */
  url_tarjeta: z.string(),
  /** Resized copy for the detail page (about 1200 px wide, WebP). */
  url_detalle: z.string(),
});
export type ImagenWire = z.input<typeof imagenSchema>;

export const procedimientoSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  precio: z.number().int(),
  duracion_minutos: z.number().int(),
  requiere_evaluacion: z.boolean(),
  recomendaciones_previas: z.string().nullable(),
  examenes_requeridos: z.string().nullable(),
  edad_minima: z.number().int(),
  activo: z.boolean(),
  categoria: z.object({ id: z.number().int(), nombre: z.string() }),
  imagenes: z.array(imagenSchema),
  creado_en: fechaHora,
  actualizado_en: fechaHora,
});
export type ProcedimientoWire = z.input<typeof procedimientoSchema>;

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
const edadMinima = z.number({ message: 'La edad mínima debe ser un número' }).int().min(0).max(120);

export const crearProcedimientoSchema = z.object({
  nombre: texto(3, 120, 'el nombre del procedimiento'),
  descripcion: texto(10, 4000, 'una descripción'),
  precio,
  duracion_minutos: duracion,
  requiere_evaluacion: z.boolean().default(false),
  recomendaciones_previas: textoOpcional(4000),
  examenes_requeridos: textoOpcional(2000),
  edad_minima: edadMinima.default(18),
  categoria_id: z.number({ message: 'Elige una categoría' }).int().positive('Elige una categoría'),
  activo: z.boolean().default(true),
});
export const editarProcedimientoSchema = z
  .object({
    nombre: texto(3, 120, 'el nombre del procedimiento').optional(),
    descripcion: texto(10, 4000, 'una descripción').optional(),
    precio: precio.optional(),
    duracion_minutos: duracion.optional(),
    requiere_evaluacion: z.boolean().optional(),
    recomendaciones_previas: textoOpcional(4000),
    examenes_requeridos: textoOpcional(2000),
    edad_minima: edadMinima.optional(),
    categoria_id: z.number().int().positive('Elige una categoría').optional(),
    activo: z.boolean().optional(),
  })
  .strict('Campo no permitido');

export const listarProcedimientosQuery = paginacionQuery.extend({
  categoriaId: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(100, 'Máximo 100 caracteres').optional(),
  /** Staff only: include inactive procedures. Ignored for the public. */
  incluirInactivos: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  porPagina: z.coerce.number().int().min(1).max(100, 'Máximo 100 por página').default(50),
});
export const listaProcedimientosSchema = paginado(procedimientoSchema);

export const ordenarImagenesSchema = z.object({
  orden: z.array(z.number().int().positive()).min(1).max(10),
});

/** Upload limits for procedure images. */
export const IMAGEN_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGENES_MAX_POR_PROCEDIMIENTO = 10;

export const categoriasPaths = {
  listar: '/apicategoriaprocedimientos/listarcategorias',
  buscar: (id: number | string) => `/apicategoriaprocedimientos/buscarcategoria/${id}`,
  crear: '/apicategoriaprocedimientos/crearcategoria',
  editar: (id: number | string) => `/apicategoriaprocedimientos/editarcategoria/${id}`,
  eliminar: (id: number | string) => `/apicategoriaprocedimientos/eliminarcategoria/${id}`,
} as const;

export const procedimientosPaths = {
  listar: '/apiprocedimientos/listarprocedimiento',
  buscar: (id: number | string) => `/apiprocedimientos/buscarprocedimiento/${id}`,
  crear: '/apiprocedimientos/crearprocedimiento',
  editar: (id: number | string) => `/apiprocedimientos/editarprocedimiento/${id}`,
  eliminar: (id: number | string) => `/apiprocedimientos/eliminarprocedimiento/${id}`,
  imagenes: (id: number | string) => `/apiprocedimientos/${id}/imagenes`,
  imagen: (id: number | string, imagenId: number | string) => `/apiprocedimientos/${id}/imagenes/${imagenId}`,
  ordenImagenes: (id: number | string) => `/apiprocedimientos/${id}/imagenes/orden`,
} as const;
