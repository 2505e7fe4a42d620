// Notifications (SPEC 3, 4, 7; DOMAIN.md "notificaciones"): the ten calls of the doctor and patient feeds.
import { z } from 'zod';
import { fechaHora } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { notificacionesDoctorRutas, notificacionesUsuarioRutas } from './rutas.ts';

export const notificacionSchema = z.object({
  id: z.number().int(),
  mensaje: z.string(),
  leida: z.boolean(),
  archivada: z.boolean(),
  tipo: z.string(),
  cita_id: z.number().int().nullable(),
  ruta: z.string().nullable(),
  creada_en: fechaHora,
  /** The same creation time under the name clients of the original system read (issue 27, item 3). */
  fecha: fechaHora.optional(),
});
export type Notificacion = z.output<typeof notificacionSchema>;
export type NotificacionWire = z.input<typeof notificacionSchema>;
export const listaNotificacionesSchema = z.array(notificacionSchema);

export const userIdParam = z.object({
  userId: z.coerce
    .number<number>({ message: 'El id del usuario debe ser un número' })
    .int('El id del usuario debe ser un número entero')
    .positive('El id del usuario debe ser positivo')
    .max(2_147_483_647, 'El id del usuario no es válido'),
});
export const marcarLeidaSchema = z.object({
  notificacionId: z.coerce.number<number>({ message: 'Indica la notificación' }).int().positive().max(2_147_483_647),
});
export const marcadasSchema = z.object({ actualizadas: z.number().int() });
/** SPEC 3: the archive response carries a count named archivadas. */
export const archivadasSchema = z.object({ archivadas: z.number().int() });

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

function feed(r: typeof notificacionesDoctorRutas | typeof notificacionesUsuarioRutas) {
  return {
    listar: endpoint(r.listar, { params: userIdParam, response: { 200: listaNotificacionesSchema, ...errores } }),
    marcarLeida: endpoint(r.marcarLeida, {
      params: userIdParam,
      body: marcarLeidaSchema,
      response: { 200: notificacionSchema, ...errores },
    }),
    marcarTodasLeidas: endpoint(r.marcarTodasLeidas, {
      params: userIdParam,
      response: { 200: marcadasSchema, ...errores },
    }),
    archivarLeidas: endpoint(r.archivarLeidas, {
      params: userIdParam,
      response: { 200: archivadasSchema, ...errores },
    }),
    historial: endpoint(r.historial, { params: userIdParam, response: { 200: listaNotificacionesSchema, ...errores } }),
  };
}
export const notificacionesDoctorEndpoints = feed(notificacionesDoctorRutas);
export const notificacionesUsuarioEndpoints = feed(notificacionesUsuarioRutas);

export {
  notificacionesDoctorPaths,
  notificacionesDoctorRutas,
  notificacionesUsuarioPaths,
  notificacionesUsuarioRutas,
} from './rutas.ts';
