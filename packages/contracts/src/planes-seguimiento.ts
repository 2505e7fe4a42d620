// Follow-up plans (DOMAIN.md "planes_seguimiento"; issue 9, item 4; decision 0017): "requiere más sesiones" on a
// clinical note (procedure, every N days, M sessions, from a date), the series the booking engine proposes for it,
// and the confirmation that books the chosen sessions in one transaction.
import { z } from 'zod';
import { DIAS_MAXIMOS_ANTICIPACION, citaSchema, espacioSchema } from './citas.ts';
import {
  SIN_NUL,
  camposNoPermitidos,
  enteroEntre,
  fechaAgenda,
  fechaDia,
  fechaHora,
  idParam,
  instanteCliente,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { planesRutas } from './planes-seguimiento-rutas.ts';

export const MAX_SESIONES_PLAN = 20;
export const MAX_CADA_DIAS_PLAN = 365;
/** The first session is at most as far ahead as any booking (a follow-up, not a date years away). */
export const MAX_DIAS_INICIO_PLAN = DIAS_MAXIMOS_ANTICIPACION;

export const planDatosSchema = z.strictObject(
  {
    descripcion: z
      .string({ message: 'Describe el plan' })
      .trim()
      .min(3, 'Describe el plan (mínimo 3 caracteres)')
      .max(2000, 'Máximo 2000 caracteres')
      .refine(...SIN_NUL),
    procedimiento_id: enteroEntre('El procedimiento', 1, 2_147_483_647),
    cada_dias: enteroEntre('Cada cuántos días', 1, MAX_CADA_DIAS_PLAN),
    sesiones: enteroEntre('El número de sesiones', 1, MAX_SESIONES_PLAN),
    desde: fechaAgenda,
  },
  { error: camposNoPermitidos() },
);
export type PlanDatos = z.input<typeof planDatosSchema>;

const persona = z.object({ id: z.number().int(), nombre: z.string() });

export const sesionAgendadaSchema = z.object({
  sesion: z.number().int(),
  cita_id: z.number().int(),
  inicio: fechaHora,
  estado: z.enum(['pendiente', 'confirmada', 'realizada', 'cancelada']),
});

export const planSchema = z.object({
  id: z.number().int(),
  cita_id: z.number().int(),
  paciente: persona,
  doctor: persona,
  procedimiento: persona,
  /** Clinical text: for doctors; null for assistants (DOMAIN.md). */
  descripcion: z.string().nullable(),
  cada_dias: z.number().int(),
  sesiones: z.number().int(),
  desde: fechaDia,
  creado_en: fechaHora,
  actualizado_en: fechaHora,
  /** Appointments booked from the plan, by session (a cancelled one frees its session again). */
  agendadas: z.array(sesionAgendadaSchema),
});
export type Plan = z.output<typeof planSchema>;
export type PlanWire = z.input<typeof planSchema>;
export const planDeCitaSchema = z.object({ plan: planSchema.nullable() });

export const sesionPropuestaSchema = z.object({
  sesion: z.number().int(),
  /** The target date: desde + (sesion - 1) x cada_dias. */
  objetivo: fechaDia,
  /** propuesta: a free slot to confirm; agendada: already booked; sin_espacio: nothing free near the date. */
  estado: z.enum(['propuesta', 'agendada', 'sin_espacio']),
  inicio: fechaHora.nullable(),
  fin: fechaHora.nullable(),
  /** Why the target date (at the original appointment's hour) is not possible; the proposal is the next free time. */
  choque: z.string().nullable(),
  cita_id: z.number().int().nullable(),
});
export const propuestaSchema = z.object({
  plan_id: z.number().int(),
  /** A rule that stops the whole series (e.g. Ley 1799, or an evaluation still needed); null when none. */
  impedimento: z.string().nullable(),
  sesiones: z.array(sesionPropuestaSchema),
});
export type PropuestaWire = z.input<typeof propuestaSchema>;
export type SesionPropuestaWire = z.input<typeof sesionPropuestaSchema>;

/** An instant with its offset, e.g. 2026-12-01T09:00:00-05:00. */
const instante = instanteCliente;

export const confirmarPlanSchema = z.strictObject(
  {
    sesiones: z
      .array(z.strictObject({ sesion: enteroEntre('La sesión', 1, MAX_SESIONES_PLAN), inicio: instante }))
      .min(1, 'Elige al menos una sesión para agendar')
      .max(MAX_SESIONES_PLAN, `Máximo ${MAX_SESIONES_PLAN} sesiones`)
      .refine((s) => new Set(s.map((x) => x.sesion)).size === s.length, 'Cada sesión va una sola vez'),
  },
  { error: camposNoPermitidos() },
);
export type ConfirmarPlanBody = z.input<typeof confirmarPlanSchema>;

export const confirmacionSchema = z.object({ plan: planSchema, citas: z.array(citaSchema) });

/** 409 when a chosen slot was taken after the proposal: which session, and that doctor's next free times. */
export const sesionOcupadaSchema = z.object({
  error: z.string(),
  code: z.literal('HORARIO_OCUPADO'),
  sesion: z.number().int(),
  siguientes: z.array(espacioSchema),
});

export const MENSAJES_PLAN = {
  citaNoEncontrada: 'No encontramos esa cita.',
  noEncontrado: 'No encontramos ese plan de seguimiento.',
  sinNota: 'Primero escribe la nota de evolución de esta cita; el plan de seguimiento se registra en ella.',
  citaCancelada: 'Una cita cancelada no lleva plan de seguimiento.',
  yaExiste: 'Esta cita ya tiene plan de seguimiento. Ábrelo para cambiarlo.',
  conAgendadas:
    'Ya hay sesiones agendadas con este plan: no se puede cambiar. Cancela esas citas primero si el plan cambió.',
  procedimiento: 'El procedimiento no existe o no está disponible.',
  desdePasado: 'La primera sesión no puede ser antes de hoy.',
  desdeLejano: `La primera sesión debe ser dentro de los próximos ${MAX_DIAS_INICIO_PLAN} días. Elige una fecha más cercana.`,
  sesionFuera: (n: number) => `Este plan tiene ${n} sesiones: elige sesiones entre 1 y ${n}.`,
  yaAgendada: (s: number) =>
    `La sesión ${s} ya quedó agendada (quizás alguien la confirmó hace un momento). No se agendó ninguna sesión; revisa la propuesta actualizada.`,
  ocupada: (s: number) =>
    `El horario de la sesión ${s} ya no está libre: alguien lo tomó después de la propuesta. No se agendó ninguna sesión; revisa la propuesta actualizada y confirma de nuevo.`,
} as const;

const planParam = idParam;
const citaParam = z.object({ citaId: idParam.shape.id });
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const planesEndpoints = {
  porCita: endpoint(planesRutas.porCita, { params: citaParam, response: { 200: planDeCitaSchema, ...errores } }),
  crear: endpoint(planesRutas.crear, {
    params: citaParam,
    body: planDatosSchema,
    response: { 201: planSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  editar: endpoint(planesRutas.editar, {
    params: planParam,
    body: planDatosSchema,
    response: { 200: planSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  propuesta: endpoint(planesRutas.propuesta, {
    params: planParam,
    response: { 200: propuestaSchema, ...errores, 422: errorSchema },
  }),
  confirmar: endpoint(planesRutas.confirmar, {
    params: planParam,
    body: confirmarPlanSchema,
    response: {
      201: confirmacionSchema,
      ...errores,
      409: z.union([sesionOcupadaSchema, errorSchema]),
      422: errorSchema,
    },
  }),
};

export { planesPaths, planesRutas } from './planes-seguimiento-rutas.ts';
