// The waitlist (issue 25, item 1; docs/espera.md): entries (what a patient waits for: an evaluation or a procedure,
// maybe one doctor, a range of clinic days, times of day) and the offers of freed slots made to them.
import { z } from 'zod';
import { citaSchema } from './citas.ts';
import { SIN_NUL, camposNoPermitidos, fechaAgenda, fechaDia, fechaHora, idEntero, instanteCliente } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { esperaRutas } from './espera-rutas.ts';

export const TIPOS_ESPERA = ['evaluacion', 'procedimiento'] as const;
export type TipoEspera = (typeof TIPOS_ESPERA)[number];
export const FRANJAS_ESPERA = ['manana', 'tarde'] as const;
export type FranjaEspera = (typeof FRANJAS_ESPERA)[number];
export const franjaNombres: Record<FranjaEspera, string> = { manana: 'Mañana', tarde: 'Tarde' };
export const ESTADOS_ESPERA = ['activa', 'atendida', 'retirada'] as const;
export type EstadoEspera = (typeof ESTADOS_ESPERA)[number];
export const estadoEsperaNombres: Record<EstadoEspera, string> = {
  activa: 'En espera',
  atendida: 'Agendada',
  retirada: 'Retirada',
};
export const ESTADOS_OFERTA = ['ofrecida', 'aceptada', 'tomada', 'vencida', 'rechazada', 'anulada'] as const;
export type EstadoOferta = (typeof ESTADOS_OFERTA)[number];
export const estadoOfertaNombres: Record<EstadoOferta, string> = {
  ofrecida: 'Esperando respuesta',
  aceptada: 'Aceptada',
  tomada: 'Otra persona la tomó',
  vencida: 'Venció',
  rechazada: 'Rechazada',
  anulada: 'Ya no está disponible',
};

export const MENSAJES_ESPERA = {
  noEncontrada: 'No encontramos esa inscripción en la lista de espera.',
  ofertaNoEncontrada: 'No encontramos esa oferta.',
  pacienteRequerida: 'Indica la paciente que entra a la lista de espera.',
  soloPropia: 'Solo puedes inscribirte tú misma en la lista de espera.',
  procedimientoRequerido: 'Elige el procedimiento que esperas.',
  procedimientoSobra: 'Una evaluación no lleva procedimiento.',
  rangoInvertido: 'La fecha «hasta» debe ser igual o posterior a la fecha «desde».',
  rangoPasado: 'El rango de fechas ya pasó: elige fechas desde hoy.',
  rangoLejano: 'La lista de espera cubre como máximo 180 días hacia adelante.',
  yaInscrita:
    'Ya estás en la lista de espera para eso: puedes cambiar tus fechas retirándote y volviendo a inscribirte.',
  yaInscritaPersonal: 'Esa paciente ya está en la lista de espera para eso.',
  noActiva: 'Esa inscripción ya no está activa en la lista de espera.',
  conOferta: 'Esa paciente ya tiene una oferta abierta: espera su respuesta o que venza.',
  yaOfrecido: 'Ese horario ya se le ofreció a esa paciente.',
  horarioNoLibre: 'Ese horario no está libre: elige otro de los horarios disponibles.',
  ofertaVencida: 'Esta oferta ya venció. Sigues en la lista de espera y te avisaremos del próximo horario.',
  ofertaTomada: 'Otra persona tomó ese horario primero. Sigues en la lista de espera y te avisaremos del próximo.',
  ofertaRespondida: 'Ya respondiste esta oferta.',
  ofertaAnulada: 'Ese horario ya no está disponible. Sigues en la lista de espera.',
} as const;

const persona = z.object({ id: z.number().int(), nombre: z.string() });

export const ofertaEsperaSchema = z.object({
  id: z.number().int(),
  lista_espera_id: z.number().int(),
  estado: z.enum(ESTADOS_OFERTA),
  doctor: persona,
  inicio: fechaHora,
  fin: fechaHora,
  vence_en: fechaHora,
  /** Offered by hand by the desk (null: the system, as the slot freed). */
  ofrecida_por: persona.nullable(),
  creada_en: fechaHora,
  respondida_en: fechaHora.nullable(),
  cita_id: z.number().int().nullable(),
  valor: z.number().int().nullable(),
});
export type OfertaEspera = z.output<typeof ofertaEsperaSchema>;
export type OfertaEsperaWire = z.input<typeof ofertaEsperaSchema>;

export const entradaEsperaSchema = z.object({
  id: z.number().int(),
  paciente: persona.extend({ telefono: z.string().nullable(), correo: z.string().nullable() }),
  tipo: z.enum(TIPOS_ESPERA),
  procedimiento: persona.nullable(),
  doctor: persona.nullable(),
  desde: fechaDia,
  hasta: fechaDia,
  franjas: z.array(z.enum(FRANJAS_ESPERA)),
  nota: z.string().nullable(),
  estado: z.enum(ESTADOS_ESPERA),
  creada_en: fechaHora,
  cita_id: z.number().int().nullable(),
  /** Its offers, the newest first. */
  ofertas: z.array(ofertaEsperaSchema),
});
export type EntradaEspera = z.output<typeof entradaEsperaSchema>;
export type EntradaEsperaWire = z.input<typeof entradaEsperaSchema>;

export const unirseEsperaBody = z
  .strictObject(
    {
      tipo: z.enum(TIPOS_ESPERA, { message: 'Elige qué esperas: evaluación o procedimiento' }),
      procedimiento_id: idEntero('El procedimiento').optional(),
      doctor_id: idEntero('El doctor').nullable().optional(),
      paciente_id: idEntero('La paciente').optional(),
      desde: fechaAgenda,
      hasta: fechaAgenda,
      franjas: z
        .array(z.enum(FRANJAS_ESPERA, { message: 'La franja debe ser mañana o tarde' }), {
          message: 'Envía las franjas como una lista',
        })
        .max(2, 'Máximo dos franjas')
        .default([]),
      nota: z
        .string({ message: 'La nota debe ser texto' })
        .trim()
        .max(500, 'La nota tiene máximo 500 caracteres')
        .refine(...SIN_NUL)
        .optional(),
    },
    { error: camposNoPermitidos() },
  )
  .refine((b) => b.tipo !== 'procedimiento' || b.procedimiento_id !== undefined, {
    message: MENSAJES_ESPERA.procedimientoRequerido,
    path: ['procedimiento_id'],
  })
  .refine((b) => b.tipo !== 'evaluacion' || b.procedimiento_id === undefined, {
    message: MENSAJES_ESPERA.procedimientoSobra,
    path: ['procedimiento_id'],
  })
  .refine((b) => b.hasta >= b.desde, { message: MENSAJES_ESPERA.rangoInvertido, path: ['hasta'] });
export type UnirseEsperaBody = z.input<typeof unirseEsperaBody>;

export const listarEsperaQuery = z.object({
  /** Entries whose range holds this clinic day (default: every active one). */
  fecha: fechaAgenda.optional(),
  tipo: z.enum(TIPOS_ESPERA, { message: 'El tipo debe ser evaluacion o procedimiento' }).optional(),
  procedimiento_id: idEntero('El procedimiento').optional(),
  estado: z.enum(ESTADOS_ESPERA, { message: 'El estado debe ser activa, atendida o retirada' }).default('activa'),
});
export type ListarEsperaQuery = z.input<typeof listarEsperaQuery>;

export const ofrecerEsperaBody = z.strictObject(
  { doctor_id: idEntero('El doctor'), inicio: instanteCliente },
  { error: camposNoPermitidos() },
);
export type OfrecerEsperaBody = z.input<typeof ofrecerEsperaBody>;

export const idEsperaParam = z.object({ id: idEntero('El id') });

const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

export const esperaEndpoints = {
  unirse: endpoint(esperaRutas.unirse, {
    body: unirseEsperaBody,
    response: { 201: entradaEsperaSchema, ...errores, 409: errorSchema },
  }),
  listar: endpoint(esperaRutas.listar, {
    querystring: listarEsperaQuery,
    response: { 200: z.array(entradaEsperaSchema), ...errores },
  }),
  mias: endpoint(esperaRutas.mias, { response: { 200: z.array(entradaEsperaSchema), ...errores } }),
  retirar: endpoint(esperaRutas.retirar, {
    params: idEsperaParam,
    response: { 200: entradaEsperaSchema, ...errores, 409: errorSchema },
  }),
  ofrecer: endpoint(esperaRutas.ofrecer, {
    params: idEsperaParam,
    body: ofrecerEsperaBody,
    response: { 201: ofertaEsperaSchema, ...errores, 409: errorSchema },
  }),
  aceptar: endpoint(esperaRutas.aceptar, {
    params: idEsperaParam,
    response: { 201: citaSchema, ...errores, 409: errorSchema },
  }),
  rechazar: endpoint(esperaRutas.rechazar, {
    params: idEsperaParam,
    response: { 200: ofertaEsperaSchema, ...errores, 409: errorSchema },
  }),
};

export * from './espera-rutas.ts';
