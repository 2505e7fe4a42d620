// Small shared schema pieces: ids, dates on the wire, pagination.
import { z } from 'zod';

// Path and query values arrive as text and are coerced; `coerce.number<number>` types what a client passes as a
// number (the input type would otherwise be `unknown`), which is what the web's typed client offers its callers.

/** A positive integer id from a path parameter. */
export const idParam = z.object({
  id: z.coerce
    .number<number>({ message: 'El id debe ser un número' })
    .int('El id debe ser un número entero')
    .positive('El id debe ser positivo')
    .max(2_147_483_647, 'El id no es válido'),
});

/** A positive integer id named for its field's messages ('El paciente debe ser un número'), coerced from text. */
export const idEntero = (campo: string) =>
  z.coerce
    .number<number>({ message: `${campo} debe ser un número` })
    .int(`${campo} debe ser un número entero`)
    .positive(`${campo} debe ser positivo`)
    .max(2_147_483_647, `${campo} no es válido`);

/**
 * A timestamp: the server holds a Date, the wire carries ISO-8601 (JSON.stringify of the Date).
 * Wire types for the web are z.input<> of the response schemas.
 */
export const fechaHora = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

/**
 * Years a clinic's dates can fall in: its history and its booking horizon. A date far outside (year 0583, 9999)
 * reached the calendar code and the database, and answered 500 (issue 21, item 9).
 */
export const ANIO_MIN = 2000;
export const ANIO_MAX = 2100;
const MENSAJE_ANIO = `Usa una fecha entre los años ${ANIO_MIN} y ${ANIO_MAX}`;
const anioValido = (texto: string) => {
  const anio = Number(texto.slice(0, 4));
  return anio >= ANIO_MIN && anio <= ANIO_MAX;
};

/** A calendar date without time, 'YYYY-MM-DD' (a birth date may be any year; usuarios.ts bounds it). */
export const fechaDia = z.iso.date({ message: 'Usa el formato AAAA-MM-DD' });
/** A day of the clinic's calendar (agenda ranges, availability, a plan's dates): within the clinic's years. */
export const fechaAgenda = fechaDia.refine(anioValido, MENSAJE_ANIO);

/** An instant written by a client (ISO-8601 with its offset), within the clinic's years. */
export const instanteCliente = z.iso
  .datetime({ offset: true, message: 'Usa una fecha y hora ISO-8601 con zona, p. ej. 2026-12-01T09:00:00-05:00' })
  .refine(anioValido, MENSAJE_ANIO);

/** A whole number in [min, max] typed in a body, each refusal naming `campo` ('Las sesiones: máximo 100'). */
export const enteroEntre = (campo: string, min: number, max: number) =>
  z
    .number({ message: `${campo} debe ser un número` })
    .int(`${campo} debe ser un número entero`)
    .min(min, `${campo}: mínimo ${min}`)
    .max(max, `${campo}: máximo ${max}`);

/**
 * PostgreSQL text cannot hold NUL; refusing it in the schema keeps such input a 400 instead of a database error.
 * Used as `.refine(...SIN_NUL)`.
 */
export const SIN_NUL = [(s: string) => !s.includes('\u0000'), 'Contiene caracteres no permitidos'] as const;

/**
 * The error map of a strict object: unknown keys are refused, naming them (mass assignment of rol, estado, id...):
 * 'Campo no permitido: rol'. Used as `z.strictObject({...}, { error: camposNoPermitidos() })`.
 */
export const camposNoPermitidos =
  (mensaje = 'Campo no permitido') =>
  (iss: { code?: string; keys?: readonly string[] }) =>
    iss.code === 'unrecognized_keys' ? `${mensaje}: ${(iss.keys ?? []).join(', ')}` : undefined;

/** Most rows one page of any paginated list carries. */
export const POR_PAGINA_MAX = 100;

export const paginacionQuery = z.object({
  pagina: z.coerce
    .number<number>({ message: 'La página debe ser un número' })
    .int('La página debe ser un número entero')
    .min(1, 'La página debe ser 1 o mayor')
    .max(100_000, 'Página fuera de rango')
    .default(1),
  porPagina: z.coerce
    .number<number>({ message: 'La cantidad por página debe ser un número' })
    .int('La cantidad por página debe ser un número entero')
    .min(1, 'Pide al menos 1 registro por página')
    .max(POR_PAGINA_MAX, `Máximo ${POR_PAGINA_MAX} por página`)
    .default(20),
});

export function paginado<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    pagina: z.number().int(),
    porPagina: z.number().int(),
  });
}

export const mensajeSchema = z.object({ mensaje: z.string() });
