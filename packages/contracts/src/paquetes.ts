// Treatment packages (issue 23, item 4; docs/dinero.md "Paquetes"): the clinic defines packages (so many sessions of
// one procedure, at one price, valid so many days), the desk sells one to a patient (a payment with its receipt), and
// each appointment of that procedure marked realizada uses one session. Prices come from the server, never the body.
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, enteroEntre, fechaDia, fechaHora, idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { metodosCaja } from './pagos.ts';
import { errorSchema } from './errors.ts';
import { PRECIO_PAQUETE_MAX, SESIONES_PAQUETE, VIGENCIA_PAQUETE_DIAS, paquetesRutas } from './paquetes-rutas.ts';

/** activo: sessions left and usable; agotado: every session used; vencido: past its date with sessions unused. */
export const ESTADOS_PAQUETE = ['activo', 'agotado', 'vencido'] as const;
export type EstadoPaquete = (typeof ESTADOS_PAQUETE)[number];

export const MENSAJES_PAQUETES = {
  noEncontrado: 'No encontramos ese paquete.',
  pacienteNoEncontrada: 'No encontramos a esa paciente.',
  procedimiento: 'El procedimiento no existe o no está disponible.',
  paqueteInactivo: 'Ese paquete no existe o ya no se vende.',
  pacienteInactiva: 'La paciente no existe o su cuenta está inactiva.',
  sinCambios: 'Indica al menos un dato para cambiar.',
} as const;

const id = (campo: string) => enteroEntre(campo, 1, 2_147_483_647);

const datosDefinicion = {
  nombre: z
    .string({ message: 'Escribe el nombre del paquete' })
    .trim()
    .min(3, 'El nombre debe tener al menos 3 caracteres')
    .max(120, 'Máximo 120 caracteres')
    .refine(...SIN_NUL),
  procedimiento_id: id('El procedimiento'),
  sesiones: enteroEntre('Las sesiones', SESIONES_PAQUETE.min, SESIONES_PAQUETE.max),
  precio: enteroEntre('El precio', 1, PRECIO_PAQUETE_MAX),
  vigencia_dias: enteroEntre('La vigencia', VIGENCIA_PAQUETE_DIAS.min, VIGENCIA_PAQUETE_DIAS.max),
};

export const crearPaqueteSchema = z.strictObject(datosDefinicion, { error: camposNoPermitidos() });
export type CrearPaqueteBody = z.input<typeof crearPaqueteSchema>;

/** An edit changes the definition only: packages already sold keep what they were sold with. */
export const editarPaqueteSchema = z
  .strictObject(
    {
      nombre: datosDefinicion.nombre.optional(),
      procedimiento_id: datosDefinicion.procedimiento_id.optional(),
      sesiones: datosDefinicion.sesiones.optional(),
      precio: datosDefinicion.precio.optional(),
      vigencia_dias: datosDefinicion.vigencia_dias.optional(),
      activo: z.boolean({ message: 'activo debe ser verdadero o falso' }).optional(),
    },
    { error: camposNoPermitidos() },
  )
  .refine((d) => Object.values(d).some((v) => v !== undefined), MENSAJES_PAQUETES.sinCambios);
export type EditarPaqueteBody = z.input<typeof editarPaqueteSchema>;

const nombrado = z.object({ id: z.number().int(), nombre: z.string() });

export const paqueteSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  procedimiento: nombrado,
  sesiones: z.number().int(),
  precio: z.number().int(),
  vigencia_dias: z.number().int(),
  activo: z.boolean(),
  creado_en: fechaHora,
  actualizado_en: fechaHora,
});
export type PaqueteWire = z.input<typeof paqueteSchema>;

/** The desk's sale: who, which package, how she paid. The amount is the package's price, never the body's. */
export const venderPaqueteSchema = z.strictObject(
  {
    paciente_id: id('La paciente'),
    paquete_id: id('El paquete'),
    metodo: z.enum(metodosCaja, {
      message: 'Elige cómo pagó: efectivo, datáfono, transferencia o Nequi/Daviplata',
    }),
    /** The terminal's voucher or the transfer's reference. */
    referencia: z
      .string()
      .trim()
      .max(100, 'La referencia tiene máximo 100 caracteres')
      .refine(...SIN_NUL)
      .nullish(),
  },
  { error: camposNoPermitidos() },
);
export type VenderPaqueteBody = z.input<typeof venderPaqueteSchema>;

export const consumoSchema = z.object({
  cita_id: z.number().int(),
  /** When the appointment that used the session was. */
  cita_inicio: fechaHora,
  consumido_en: fechaHora,
});

export const paquetePacienteSchema = z.object({
  id: z.number().int(),
  paquete_id: z.number().int(),
  paciente_id: z.number().int(),
  /** As sold (a later edit of the definition does not change it). */
  nombre: z.string(),
  procedimiento: nombrado,
  sesiones_total: z.number().int(),
  sesiones_usadas: z.number().int(),
  sesiones_restantes: z.number().int(),
  /** Sessions left unused when the package expired (0 while it is active or once used up). */
  sesiones_vencidas: z.number().int(),
  precio: z.number().int(),
  vence_el: fechaDia,
  /** The last clinic day an appointment may use it: vence_el plus the clinic's grace days (PAQUETES_DIAS_GRACIA). */
  usable_hasta: fechaDia,
  estado: z.enum(ESTADOS_PAQUETE),
  vendido_en: fechaHora,
  /** The receipt of its sale ("Recibo de caja"). */
  recibo_numero: z.number().int().nullable(),
  consumos: z.array(consumoSchema),
});
export type PaquetePacienteWire = z.input<typeof paquetePacienteSchema>;

export const ventaSchema = z.object({
  paquete: paquetePacienteSchema,
  pago: z.object({
    id: z.number().int(),
    monto: z.number().int(),
    metodo: z.enum(metodosCaja),
    recibo_numero: z.number().int(),
    registrado_en: fechaHora,
  }),
});
export type VentaWire = z.input<typeof ventaSchema>;

const pacienteParam = z.object({ pacienteId: idParam.shape.id });
const errores = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const paquetesEndpoints = {
  listar: endpoint(paquetesRutas.listar, { response: { 200: z.array(paqueteSchema), ...errores } }),
  crear: endpoint(paquetesRutas.crear, {
    body: crearPaqueteSchema,
    response: { 201: paqueteSchema, ...errores, 422: errorSchema },
  }),
  editar: endpoint(paquetesRutas.editar, {
    params: idParam,
    body: editarPaqueteSchema,
    response: { 200: paqueteSchema, ...errores, 404: errorSchema, 422: errorSchema },
  }),
  vender: endpoint(paquetesRutas.vender, {
    body: venderPaqueteSchema,
    response: { 201: ventaSchema, ...errores, 409: errorSchema, 422: errorSchema },
  }),
  dePaciente: endpoint(paquetesRutas.dePaciente, {
    params: pacienteParam,
    response: { 200: z.array(paquetePacienteSchema), ...errores, 404: errorSchema },
  }),
};

export {
  PRECIO_PAQUETE_MAX,
  SESIONES_PAQUETE,
  VIGENCIA_PAQUETE_DIAS,
  paquetesPaths,
  paquetesRutas,
} from './paquetes-rutas.ts';
