// Appointment contracts (SPEC 3, 7; DOMAIN.md "citas"): the wire shape every /apicitas answer carries, the
// bodies and queries of each operation, and the Spanish messages of the booking rules.
import { z } from 'zod';
import {
  SIN_NUL,
  camposNoPermitidos,
  fechaAgenda,
  fechaHora,
  idParam,
  mensajeSchema,
  paginacionQuery,
  paginado,
  instanteCliente,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { citasRutas } from './rutas.ts';

export const tiposCita = ['evaluacion', 'procedimiento', 'control'] as const;
export const estadosCita = ['pendiente', 'confirmada', 'realizada', 'cancelada'] as const;
export type TipoCita = (typeof tiposCita)[number];
export type EstadoCita = (typeof estadosCita)[number];

export const tipoCitaSchema = z.enum(tiposCita, { message: 'El tipo debe ser evaluacion, procedimiento o control' });
export const estadoCitaSchema = z.enum(estadosCita, {
  message: 'El estado debe ser pendiente, confirmada, realizada o cancelada',
});

/** Minutes of an evaluation or a control (DOMAIN.md: evaluations 30 min). */
export const DURACION_EVALUACION_MIN = 30;
/** Patients may cancel or reschedule their own up to this many hours before the start. */
export const HORAS_MINIMAS_CAMBIO_PACIENTE = 24;
/** Longest range availability answers for, in days. */
export const DIAS_MAX_DISPONIBILIDAD = 62;

const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .refine(...SIN_NUL)
    .nullish();
const idEntero = (campo: string) =>
  z.coerce
    .number<number>({ message: `${campo} debe ser un número` })
    .int(`${campo} debe ser un número entero`)
    .positive(`${campo} debe ser positivo`)
    .max(2_147_483_647, `${campo} no es válido`);
/** An instant with its offset, e.g. 2026-12-01T09:00:00-05:00. */
const instante = instanteCliente;

const persona = z.object({ id: z.number().int(), nombre: z.string() });

/** Why a cancelled appointment was cancelled (the spec's four states stay; issue 23, item 2). */
export const causasCancelacion = ['paciente', 'personal', 'inasistencia', 'reserva_vencida'] as const;
export type CausaCancelacion = (typeof causasCancelacion)[number];
export const causaCancelacionNombres: Record<CausaCancelacion, string> = {
  paciente: 'Cancelada por la paciente',
  personal: 'Cancelada por la clínica',
  inasistencia: 'Inasistencia',
  reserva_vencida: 'Reserva vencida sin anticipo',
};
/**
 * Where an appointment's deposit stands (docs/dinero.md "Anticipos y política de cancelación"):
 * pendiente (owed; the slot is held until reserva_vence_en), pagado, vencido (the hold expired unpaid), no_pagado
 * (cancelled before it was paid), retenido (cancelled late or a no-show: the clinic keeps it), devolucion_pendiente
 * (to be refunded by the desk), devuelto, saldo_a_favor (kept as the patient's credit).
 */
export const estadosAnticipo = [
  'pendiente',
  'pagado',
  'vencido',
  'no_pagado',
  'retenido',
  'devolucion_pendiente',
  'devuelto',
  'saldo_a_favor',
] as const;
export type EstadoAnticipo = (typeof estadosAnticipo)[number];
export const estadoAnticipoNombres: Record<EstadoAnticipo, string> = {
  pendiente: 'Anticipo pendiente',
  pagado: 'Anticipo pagado',
  vencido: 'Reserva vencida',
  no_pagado: 'Anticipo sin pagar',
  retenido: 'Anticipo retenido',
  devolucion_pendiente: 'Devolución pendiente',
  devuelto: 'Anticipo devuelto',
  saldo_a_favor: 'Saldo a favor',
};
export const anticipoCitaSchema = z.object({
  /** Whole COP, fixed at booking. */
  monto: z.number().int(),
  estado: z.enum(estadosAnticipo),
  /** Until when the unpaid deposit holds the slot (null once paid). */
  reserva_vence_en: fechaHora.nullable(),
});
export type AnticipoCita = z.output<typeof anticipoCitaSchema>;
/** The clinic's default notice for a refundable deposit (the API's CANCELACION_HORAS_AVISO). */
export const CANCELACION_HORAS_AVISO = 24;
/**
 * The clinic's policy as its settings say (GET /apicitas/politica): the hours of notice that make a paid deposit
 * refundable (CANCELACION_HORAS_AVISO) and how long an unpaid deposit holds the slot (ANTICIPO_HORAS_RESERVA).
 */
export const politicaCitasSchema = z.object({
  cancelacion_horas_aviso: z.number().int(),
  anticipo_horas_reserva: z.number().int(),
});
export type PoliticaCitas = z.output<typeof politicaCitasSchema>;
/** The cancellation policy as the booking screens and the booking e-mail state it. */
export const politicaCancelacion = (horas: number = CANCELACION_HORAS_AVISO) =>
  `Política de cancelación: si cancelas con al menos ${horas} horas de anticipación, te devolvemos el anticipo o lo dejamos como saldo a favor, como prefieras. Si cancelas con menos anticipación o no asistes, la clínica retiene el anticipo.`;
/** How long an unpaid deposit holds the slot, as the service page states it before booking. */
export const politicaReserva = (horas: number) =>
  `Al reservar, guardamos tu horario durante ${horas} ${horas === 1 ? 'hora' : 'horas'} (o hasta la cita, si es antes) para que pagues el anticipo; si no se paga en ese plazo, el horario se libera.`;

export const citaSchema = z.object({
  id: z.number().int(),
  /** = inicio (SPEC 3 names it fecha). */
  fecha: fechaHora,
  inicio: fechaHora,
  fin: fechaHora,
  tipo: tipoCitaSchema,
  estado: estadoCitaSchema,
  /** The patient. */
  usuario: persona.extend({
    /** Null for a patient registered at the desk without an e-mail (issue 27.8). */
    correo: z.string().nullable(),
    telefono: z.string().nullable(),
    numerodocumento: z.string(),
  }),
  doctor: persona,
  procedimiento: persona.nullable(),
  procedimientos_solicitados: z.array(persona),
  motivo: z.string().nullable(),
  observaciones: z.string().nullable(),
  motivo_cancelacion: z.string().nullable(),
  causa_cancelacion: z.enum(causasCancelacion).nullable(),
  /** The deposit this booking owes or owed; null: none. */
  anticipo: anticipoCitaSchema.nullable(),
  creada_en: fechaHora,
  actualizada_en: fechaHora,
});
export type Cita = z.output<typeof citaSchema>;
export type CitaWire = z.input<typeof citaSchema>;

/**
 * What marking an appointment realizada still needs (DOMAIN.md "Rules", "Clinical notes"; Ley 23 de 1981), in the
 * order the server checks it: confirmed, by its own doctor, started, its clinical note signed and, for a procedure,
 * the patient's signed, unrevoked consent.
 */
export const requisitosRealizada = ['confirmada', 'doctor', 'inicio', 'nota', 'consentimiento'] as const;
export type RequisitoRealizada = (typeof requisitosRealizada)[number];

/** The alert flags a doctor must see before any procedure (contraindications or extra care), in order of weight. */
export const banderasAlerta = [
  'embarazo_lactancia',
  'problemas_coagulacion',
  'diabetes',
  'hipertension',
  'epilepsia',
  'historial_cancer',
  'consume_tabaco',
] as const;

/**
 * One appointment as its details screen reads it (GET /apicitas/buscarcitas/{id}): the appointment, and for staff
 * what marking it realizada still needs, computed by the same function that refuses it (so the screen and the
 * server never disagree); for its doctor, the patient's allergies and alert flags from her record (audited).
 */
export const detalleCitaSchema = citaSchema.extend({
  /** Null for the patient, and once it is cancelled or done; an empty list: it may be marked realizada now. */
  realizada: z
    .object({ faltan: z.array(z.object({ requisito: z.enum(requisitosRealizada), mensaje: z.string() })) })
    .nullable(),
  /** The appointment's doctor only (null for anyone else). `historia_id` null: the patient has no record yet. */
  alertas_paciente: z
    .object({
      historia_id: z.number().int().nullable(),
      alergias: z.array(z.string()),
      banderas: z.array(z.enum(banderasAlerta)),
    })
    .nullable(),
});
export type DetalleCita = z.output<typeof detalleCitaSchema>;
export type DetalleCitaWire = z.input<typeof detalleCitaSchema>;
export const listaCitasSchema = z.array(citaSchema);

export const citaIdParam = idParam;
export const usuarioIdParam = z.object({ usuarioId: idEntero('El id del usuario') });
export const doctorIdParam = z.object({ doctorId: idEntero('El id del doctor') });

export const crearCitaSchema = z.strictObject(
  {
    doctor_id: idEntero('El doctor'),
    inicio: instante,
    tipo: tipoCitaSchema.optional(),
    procedimiento_id: idEntero('El procedimiento').optional(),
    paciente_id: idEntero('La paciente').optional(),
    motivo: textoOpcional(1000),
  },
  { error: camposNoPermitidos() },
);
export const editarCitaSchema = z.strictObject({
  doctor_id: idEntero('El doctor').optional(),
  inicio: instante.optional(),
  tipo: tipoCitaSchema.optional(),
  procedimiento_id: idEntero('El procedimiento').nullish(),
  motivo: textoOpcional(1000),
  observaciones: textoOpcional(2000),
});
export const reagendarCitaSchema = z.object({ inicio: instante });
/** What the patient chooses for a paid deposit when she cancels in time: refunded, or kept as her credit. */
export const destinosAnticipo = ['devolucion', 'saldo_a_favor'] as const;
export type DestinoAnticipo = (typeof destinosAnticipo)[number];
const motivoCancelacion = z
  .string({ message: 'Escribe el motivo de la cancelación' })
  .trim()
  .min(3, 'Escribe el motivo de la cancelación (mínimo 3 caracteres)')
  .max(500, 'Máximo 500 caracteres')
  .refine(...SIN_NUL);
export const cancelarCitaSchema = z.object({
  motivo: motivoCancelacion,
  /** Needed when a paid deposit is refundable (cancelled with enough notice). */
  anticipo: z.enum(destinosAnticipo, { message: 'Elige devolución o saldo a favor' }).optional(),
});
/** Staff mark a missed appointment (after its start) as a no-show. */
export const inasistenciaCitaSchema = z.object({ motivo: motivoCancelacion.optional() });
export const editarEstadoCitaSchema = z.object({ estado: estadoCitaSchema });

/** Staff list: the shared pagination (pagina from 1, porPagina 1-100, 20 by default) plus the filters. */
export const listarCitasQuery = paginacionQuery.extend({
  doctorId: idEntero('El doctor').optional(),
  estado: estadoCitaSchema.optional(),
  tipo: tipoCitaSchema.optional(),
  desde: fechaAgenda.optional(),
  hasta: fechaAgenda.optional(),
  /** id, type, status or the patient's name (SPEC 5). */
  buscar: z
    .string()
    .trim()
    .max(100, 'Máximo 100 caracteres')
    .refine(...SIN_NUL)
    .optional(),
});
/**
 * Counting stops here: past it the total says "more than" (`totalExacto: false`). Counting a million matching
 * appointments exactly costs more than the page itself (bench/results/citas.md); nobody pages that far, they filter.
 */
export const TOPE_CONTEO_CITAS = 10_000;
/**
 * The same for a text search (`buscar`): past a thousand matches a person refines the search rather than reading
 * the total, and counting up to ten thousand appointments of the patients a surname matches was half the work of
 * the search (bench/results/citas.md, decision 0033).
 */
export const TOPE_CONTEO_BUSQUEDA = 1_000;
/**
 * One page of appointments and how many match in all (at most TOPE_CONTEO_CITAS, or TOPE_CONTEO_BUSQUEDA with a
 * search; past it `totalExacto` is false).
 */
export const paginaCitasSchema = paginado(citaSchema).extend({ totalExacto: z.boolean() });

export const disponibilidadQuery = z
  .object({
    doctor_id: idEntero('El doctor').optional(),
    procedimiento_id: idEntero('El procedimiento').optional(),
    tipo: tipoCitaSchema.optional(),
    desde: fechaAgenda,
    hasta: fechaAgenda,
  })
  .refine((q) => q.hasta >= q.desde, {
    message: 'La fecha final debe ser igual o posterior a la inicial',
    path: ['hasta'],
  });
export const espacioSchema = z.object({ inicio: fechaHora, fin: fechaHora, doctor_id: z.number().int() });
export const listaEspaciosSchema = z.array(espacioSchema);

export const horarioSchema = z.object({
  dia_semana: z.number().int().min(0).max(6),
  hora_inicio: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM'),
  hora_fin: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Usa el formato HH:MM'),
});
export const reemplazarHorariosSchema = z.object({
  horarios: z
    .array(
      horarioSchema.refine((h) => h.hora_fin > h.hora_inicio, {
        message: 'La hora final debe ser posterior a la inicial',
      }),
    )
    .max(42, 'Máximo 42 franjas por semana'),
});
export const listaHorariosSchema = z.array(horarioSchema);

export const crearBloqueoSchema = z
  .object({
    inicio: instante,
    fin: instante,
    motivo: z
      .string()
      .trim()
      .min(3, 'Escribe el motivo (mínimo 3 caracteres)')
      .max(300)
      .refine(...SIN_NUL),
  })
  .refine((b) => Date.parse(b.fin) > Date.parse(b.inicio), {
    message: 'El fin debe ser posterior al inicio',
    path: ['fin'],
  });
export const bloqueoSchema = z.object({
  id: z.number().int(),
  doctor_id: z.number().int(),
  inicio: fechaHora,
  fin: fechaHora,
  motivo: z.string(),
});
export const listaBloqueosSchema = z.array(bloqueoSchema);

export const pacienteDoctorSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  correo: z.string().nullable(),
  telefono: z.string().nullable(),
  total_citas: z.number().int(),
  ultima_cita: fechaHora,
});
export const listaPacientesDoctorSchema = z.array(pacienteDoctorSchema);

export const doctorPublicoSchema = z.object({ id: z.number().int(), nombre: z.string() });
export const listaDoctoresSchema = z.array(doctorPublicoSchema);

/** 409 HORARIO_OCUPADO carries the next free times so the screen can offer them. */
export const horarioOcupadoSchema = z.object({
  error: z.string(),
  code: z.literal('HORARIO_OCUPADO'),
  siguientes: listaEspaciosSchema,
});

/** How far ahead an appointment may be booked, moved or proposed (a far date is refused, not a 500). */
export const DIAS_MAXIMOS_ANTICIPACION = 365;

export const MENSAJES_CITAS = {
  ocupado: 'Ese horario ya no está disponible. Elige otro de los horarios libres.',
  pasado: 'No puedes agendar una cita en el pasado. Elige una fecha y hora futuras.',
  muyLejos: 'Las citas se agendan hasta con un año de anticipación. Elige una fecha más cercana.',
  domingo: 'La clínica no atiende los domingos. Elige un día de lunes a sábado.',
  fueraDeHorario: 'Ese horario está fuera de la agenda de atención. Elige uno de los horarios libres.',
  bloqueado: 'El doctor no atiende en ese horario. Elige otro de los horarios libres.',
  cancelada: 'La cita está cancelada y no se puede modificar.',
  cambiadaMientras: 'Alguien cambió esta cita mientras tanto. Vuelve a abrirla para ver cómo quedó.',
  tarde: 'Para cancelar con menos de 24 horas de anticipación, comunícate con la clínica.',
  tardeReagendar: 'Para reagendar con menos de 24 horas de anticipación, comunícate con la clínica.',
  menorDeEdad: 'Este procedimiento estético no se puede realizar a menores de 18 años (Ley 1799 de 2016).',
  requiereEvaluacion:
    'Este procedimiento necesita una evaluación previa realizada. Agenda primero una cita de evaluación.',
  noEncontrada: 'No encontramos esa cita.',
  soloPropia: 'Solo puedes agendar citas para ti.',
  pacienteRequerido: 'Elige la paciente de la cita.',
  procedimientoRequerido: 'Elige el procedimiento de la cita.',
  anticipoSinPagar: (monto: string) =>
    `Esta cita tiene un anticipo de ${monto} sin pagar: registra el pago del anticipo antes de confirmarla.`,
  eligeDestinoAnticipo: 'Elige si quieres la devolución del anticipo o dejarlo como saldo a favor.',
  inasistenciaAntes: 'Solo puedes marcar la inasistencia cuando la hora de la cita ya pasó.',
  inasistenciaEstado: 'Solo una cita pendiente o confirmada puede marcarse como inasistencia.',
  idempotenciaDistinta:
    'Esta clave de idempotencia ya se usó con otros datos. Genera una clave nueva para una cita distinta.',
} as const;

/**
 * A time inside the doctor's hours that is not one of her slots (appointments of a length start every that many
 * minutes from the opening): 'A las 11:15 a. m. no empieza ninguna cita de 30 minutos con este doctor: empiezan a
 * las 11:00 a. m. o a las 11:30 a. m. Elige una de esas horas.' `cercanas`: the slot starts around it (one or two).
 */
export function mensajeFueraDeTurno(duracion: number, pedida: string, cercanas: readonly string[]): string {
  const horas = cercanas.map((h) => `a las ${h}`).join(' o ');
  return `A las ${pedida} no empieza ninguna cita de ${duracion} minutos con este doctor: empiezan ${horas} ${
    cercanas.length === 1 ? 'Elige esa hora' : 'Elige una de esas horas'
  } o uno de los horarios libres.`;
}

/** 'El 8 de diciembre es festivo; la clínica no atiende.' */
export function mensajeFestivo(fechaLegible: string): string {
  return `El ${fechaLegible} es festivo; la clínica no atiende.`;
}

// ---- endpoints -----------------------------------------------------------------------------------
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const conCruce = { ...errores, 409: z.union([horarioOcupadoSchema, errorSchema]) };

export const citasEndpoints = {
  citasUsuario: endpoint(citasRutas.citasUsuario, {
    params: usuarioIdParam,
    response: { 200: listaCitasSchema, ...errores },
  }),
  misCitas: endpoint(citasRutas.misCitas, { response: { 200: listaCitasSchema, 401: errorSchema } }),
  listar: endpoint(citasRutas.listar, {
    querystring: listarCitasQuery,
    response: { 200: paginaCitasSchema, ...errores },
  }),
  buscar: endpoint(citasRutas.buscar, { params: citaIdParam, response: { 200: detalleCitaSchema, ...errores } }),
  pacientesDoctor: endpoint(citasRutas.pacientesDoctor, { response: { 200: listaPacientesDoctorSchema, ...errores } }),
  disponibilidad: endpoint(citasRutas.disponibilidad, {
    querystring: disponibilidadQuery,
    response: { 200: listaEspaciosSchema, ...errores },
  }),
  crear: endpoint(citasRutas.crear, { body: crearCitaSchema, response: { 201: citaSchema, ...conCruce } }),
  editar: endpoint(citasRutas.editar, {
    params: citaIdParam,
    body: editarCitaSchema,
    response: { 200: citaSchema, ...conCruce },
  }),
  reagendar: endpoint(citasRutas.reagendar, {
    params: citaIdParam,
    body: reagendarCitaSchema,
    response: { 200: citaSchema, ...conCruce },
  }),
  cancelar: endpoint(citasRutas.cancelar, {
    params: citaIdParam,
    body: cancelarCitaSchema,
    response: { 200: citaSchema, ...errores, 409: errorSchema },
  }),
  inasistencia: endpoint(citasRutas.inasistencia, {
    params: citaIdParam,
    body: inasistenciaCitaSchema,
    response: { 200: citaSchema, ...errores, 409: errorSchema },
  }),
  editarEstado: endpoint(citasRutas.editarEstado, {
    params: citaIdParam,
    body: editarEstadoCitaSchema,
    response: { 200: citaSchema, ...errores, 409: errorSchema },
  }),
  horarios: endpoint(citasRutas.horarios, {
    params: doctorIdParam,
    response: { 200: listaHorariosSchema, ...errores },
  }),
  reemplazarHorarios: endpoint(citasRutas.reemplazarHorarios, {
    params: doctorIdParam,
    body: reemplazarHorariosSchema,
    response: { 200: listaHorariosSchema, ...errores },
  }),
  bloqueos: endpoint(citasRutas.bloqueos, {
    params: doctorIdParam,
    querystring: z.object({ desde: fechaAgenda, hasta: fechaAgenda }),
    response: { 200: listaBloqueosSchema, ...errores },
  }),
  crearBloqueo: endpoint(citasRutas.crearBloqueo, {
    params: doctorIdParam,
    body: crearBloqueoSchema,
    response: { 201: bloqueoSchema, ...errores, 409: errorSchema },
  }),
  eliminarBloqueo: endpoint(citasRutas.eliminarBloqueo, {
    params: doctorIdParam.extend({ id: idParam.shape.id }),
    response: { 200: mensajeSchema, ...errores },
  }),
  doctores: endpoint(citasRutas.doctores, { response: { 200: listaDoctoresSchema } }),
  politica: endpoint(citasRutas.politica, { response: { 200: politicaCitasSchema } }),
};

export { citasPaths, citasRutas } from './rutas.ts';
