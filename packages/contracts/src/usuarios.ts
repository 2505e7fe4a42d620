// Identity contracts: roles, documents, registration, sign-in, sessions, profile and user administration.
import { z } from 'zod';
import {
  camposNoPermitidos,
  fechaDia,
  fechaHora,
  idParam,
  mensajeSchema,
  paginacionQuery,
  paginado,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { roles } from './roles.ts';
import { usuariosRutas } from './rutas.ts';

// Roles live in the zod-free roles.ts (the web's nav and guards read them); re-exported for existing imports.
export { roles, rolNombres, rolesUsuarios, type Rol } from './roles.ts';
export const rolSchema = z.enum(roles, { message: 'Rol inválido' });

/** Colombian identity documents (DOMAIN.md). */
export const tiposDocumento = ['CC', 'CE', 'TI', 'RC', 'PA', 'PPT', 'PEP', 'DE'] as const;
export type TipoDocumento = (typeof tiposDocumento)[number];
export const tipoDocumentoNombres: Record<TipoDocumento, string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  TI: 'Tarjeta de identidad',
  RC: 'Registro civil',
  PA: 'Pasaporte',
  PPT: 'Permiso por protección temporal',
  PEP: 'Permiso especial de permanencia',
  DE: 'Documento extranjero',
};
const reglasDocumento: Record<TipoDocumento, { re: RegExp; mensaje: string }> = {
  CC: { re: /^\d{5,10}$/, mensaje: 'La cédula de ciudadanía debe tener entre 5 y 10 dígitos' },
  CE: { re: /^\d{6,10}$/, mensaje: 'La cédula de extranjería debe tener entre 6 y 10 dígitos' },
  TI: { re: /^\d{10,11}$/, mensaje: 'La tarjeta de identidad debe tener 10 u 11 dígitos' },
  RC: { re: /^\d{10,11}$/, mensaje: 'El registro civil debe tener 10 u 11 dígitos' },
  PA: { re: /^[A-Z0-9]{5,16}$/, mensaje: 'El pasaporte debe tener entre 5 y 16 letras o números' },
  PPT: { re: /^[A-Z0-9]{5,16}$/, mensaje: 'El PPT debe tener entre 5 y 16 letras o números' },
  PEP: { re: /^[A-Z0-9]{5,16}$/, mensaje: 'El PEP debe tener entre 5 y 16 letras o números' },
  DE: { re: /^[A-Z0-9]{5,20}$/, mensaje: 'El documento extranjero debe tener entre 5 y 20 letras o números' },
};
/** Document types whose numbers are digits only: compared without leading zeros (issue 11.5). */
export const tiposDocumentoNumericos = ['CC', 'CE', 'TI', 'RC'] as const satisfies readonly TipoDocumento[];

/** How a number is written down: without the dots, spaces and dashes people type ('1.020.304.050'), upper case. */
export function normalizarDocumento(numero: string): string {
  return numero
    .trim()
    .toUpperCase()
    .replace(/[.\s-]/g, '');
}

/** Returns a Spanish message when the number does not fit its document type, else null. */
export function validarDocumento(tipo: TipoDocumento, numero: string): string | null {
  const regla = reglasDocumento[tipo];
  return regla.re.test(numero) ? null : regla.mensaje;
}

export const generos = ['femenino', 'masculino', 'no_binario', 'prefiero_no_decir'] as const;
export const generoNombres: Record<(typeof generos)[number], string> = {
  femenino: 'Femenino',
  masculino: 'Masculino',
  no_binario: 'No binario',
  prefiero_no_decir: 'Prefiero no decirlo',
};
export const estadosCiviles = ['soltero', 'casado', 'union_libre', 'separado', 'divorciado', 'viudo'] as const;
export const estadoCivilNombres: Record<(typeof estadosCiviles)[number], string> = {
  soltero: 'Soltero(a)',
  casado: 'Casado(a)',
  union_libre: 'Unión libre',
  separado: 'Separado(a)',
  divorciado: 'Divorciado(a)',
  viudo: 'Viudo(a)',
};

/** Version of the terms and data-treatment policy shown at /terminoscondiciones (Ley 1581 de 2012). */
export const VERSION_TERMINOS = '2026-11';

// ---- field schemas -------------------------------------------------------------------------------
const nombre = z
  .string()
  .trim()
  .min(3, 'Escribe tu nombre completo (mínimo 3 caracteres)')
  .max(120, 'Máximo 120 caracteres');
export const correoSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Máximo 254 caracteres')
  .pipe(z.email({ message: 'Escribe un correo electrónico válido' }));
/** 8-128 characters, no composition rules (ASVS 5.0 / NIST 800-63B). Common-password check is server-side. */
export const contrasenaSchema = z
  .string({ message: 'Escribe una contraseña' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(128, 'La contraseña puede tener máximo 128 caracteres');
const telefono = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{7,15}$/, 'Escribe un teléfono válido (7 a 15 dígitos)');
const numerodocumento = z
  .string()
  .transform(normalizarDocumento)
  .pipe(z.string().min(1, 'Escribe el número de documento').max(20, 'Máximo 20 caracteres'));
/**
 * Today's date in the clinic's zone (DOMAIN.md: America/Bogota, UTC-5 without daylight saving), 'aaaa-mm-dd'. A birth
 * date compared with UTC's midnight let the evening (from 7 p. m., already tomorrow in UTC) take tomorrow's date.
 */
const hoyEnLaClinica = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());

/** An empty birth date is a missing one: its own message, not the format's (issue 27.11). */
const fechaNacimiento = z
  .string({ message: 'Escribe la fecha de nacimiento' })
  .min(1, 'Escribe la fecha de nacimiento')
  .pipe(fechaDia)
  .refine((d) => d >= '1900-01-01' && d <= hoyEnLaClinica(), 'La fecha de nacimiento no es válida');
const textoOpcional = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres`).nullish();

function conDocumentoValido<T extends { tipodocumento?: TipoDocumento; numerodocumento?: string }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.tipodocumento && v.numerodocumento) {
    const problema = validarDocumento(v.tipodocumento, v.numerodocumento);
    if (problema) ctx.addIssue({ code: 'custom', path: ['numerodocumento'], message: problema });
  }
}

const datosPersonales = {
  nombre,
  tipodocumento: z.enum(tiposDocumento, { message: 'Elige un tipo de documento' }),
  numerodocumento,
  correo: correoSchema,
  telefono,
  genero: z.enum(generos, { message: 'Elige un género' }),
  fecha_nacimiento: fechaNacimiento,
};

/**
 * A doctor's professional registration number (registro médico or tarjeta profesional; Res. 1403 de 2007, Decreto
 * 2200 de 2005): letters, digits and the separators it is written with ('RM 52-12345', 'TP 1020/2019').
 */
export const registroProfesionalSchema = z
  .string()
  .trim()
  .min(3, 'El registro profesional debe tener al menos 3 caracteres')
  .max(30, 'El registro profesional puede tener máximo 30 caracteres')
  .regex(
    /^[\p{L}\d][\p{L}\d ./-]*$/u,
    'Escribe el registro profesional con letras, números, espacios, puntos, guiones o barras',
  );
/** Only doctors prescribe and order exams: the number is kept for them alone. */
export const MENSAJE_REGISTRO_SOLO_DOCTORES = 'El registro profesional es solo para doctores.';

// ---- wire shapes ---------------------------------------------------------------------------------
/** The public user: the allow-list of what ever leaves the server about a person. */
export const usuarioSchema = z.object({
  id: z.number().int(),
  nombre: z.string(),
  /** Null: a patient the desk registered without an e-mail (issue 27.8); she has no online account yet. */
  correo: z.string().nullable(),
  rol: rolSchema,
  estado: z.boolean(),
  tipodocumento: z.string(),
  numerodocumento: z.string(),
  telefono: z.string().nullable(),
  direccion: z.string().nullable(),
  genero: z.string().nullable(),
  fecha_nacimiento: z.string().nullable(),
  ocupacion: z.string().nullable(),
  estado_civil: z.string().nullable(),
  fecha_registro: fechaHora.nullable(),
  /** A doctor's professional registration number (Res. 1403 de 2007): printed on her prescriptions and orders. */
  registro_profesional: z.string().nullable().optional(),
  /**
   * Ley 1581 de 2012: when the patient authorised the processing of her data (terms and data policy, version
   * VERSION_TERMINOS); null: not yet, and no clinical record or procedure is opened for her until she does.
   */
  autorizacion_datos_en: fechaHora.nullable().optional(),
});
export type Usuario = z.output<typeof usuarioSchema>;
export type UsuarioWire = z.input<typeof usuarioSchema>;

export const registrarSchema = z
  .object({
    ...datosPersonales,
    contrasena: contrasenaSchema,
    terminos_condiciones: z.literal(true, { message: 'Debes aceptar los términos y condiciones' }),
    politica_datos: z.literal(true, { message: 'Debes autorizar el tratamiento de tus datos personales' }),
  })
  .superRefine(conDocumentoValido);
export type RegistrarInput = z.input<typeof registrarSchema>;

export const iniciarSesionSchema = z.object({
  correo: correoSchema,
  contrasena: z.string().min(1, 'Escribe tu contraseña').max(128, 'La contraseña puede tener máximo 128 caracteres'),
});
export const sesionSchema = z.object({ token: z.string(), usuario: usuarioSchema });
export type SesionWire = z.input<typeof sesionSchema>;
export const tokenSchema = z.object({ token: z.string() });

export const editarPerfilSchema = z.strictObject(
  {
    nombre: nombre.optional(),
    telefono: telefono.nullish(),
    direccion: textoOpcional(200),
    genero: z.enum(generos, { message: 'Elige un género' }).nullish(),
    fecha_nacimiento: fechaNacimiento.nullish(),
    ocupacion: textoOpcional(100),
    estado_civil: z.enum(estadosCiviles, { message: 'Elige un estado civil' }).nullish(),
  },
  { error: camposNoPermitidos('No puedes cambiar estos campos de tu perfil') },
);
export type EditarPerfilInput = z.input<typeof editarPerfilSchema>;

export const cambiarContrasenaSchema = z.object({
  contrasena_actual: z.string().min(1, 'Escribe tu contraseña actual').max(128),
  contrasena_nueva: contrasenaSchema,
});

/** Ley 1581 de 2012: both accepted, by the patient herself or in front of the desk. */
export const autorizacionDatosSchema = z.object({
  terminos_condiciones: z.literal(true, { message: 'Debes aceptar los términos y condiciones' }),
  politica_datos: z.literal(true, { message: 'Debes autorizar el tratamiento de tus datos personales' }),
});
/** What the clinic may not do for a patient who has not authorised the processing of her health data. */
export const MENSAJE_SIN_AUTORIZACION_DATOS =
  'La paciente aún no ha autorizado el tratamiento de sus datos de salud (Ley 1581 de 2012). Regístralo en recepción mientras ella lee y acepta la política de datos, o pídele que la acepte al iniciar sesión.';
export const MENSAJE_SIN_AUTORIZACION_PROPIA =
  'Antes de continuar, lee y acepta los términos y la política de tratamiento de datos (Ley 1581 de 2012).';

/** The owner changes her e-mail: the new address and her current password (decision 0037). */
export const cambiarCorreoSchema = z.object({
  correo_nuevo: correoSchema,
  contrasena_actual: z.string().min(1, 'Escribe tu contraseña actual').max(128),
});
/** What the e-mail-change link carries back. */
export const confirmarCorreoSchema = z.object({
  token: z.string().min(1, 'El enlace está incompleto.').max(512, 'El enlace no es válido.'),
});
/** Hours an e-mail-change link stays valid. */
export const HORAS_ENLACE_CORREO = 24;

export const listarUsuariosQuery = paginacionQuery.extend({
  q: z.string().trim().max(100, 'Máximo 100 caracteres').optional(),
  rol: rolSchema.optional(),
  estado: z
    .enum(['true', 'false'], { message: 'El estado debe ser true o false' })
    .transform((v) => v === 'true')
    .optional(),
});
export const listaUsuariosSchema = paginado(usuarioSchema);

export const crearUsuarioAdminSchema = z
  .object({
    ...datosPersonales,
    rol: rolSchema,
    contrasena: contrasenaSchema,
    /** A patient read and accepted the terms and data policy on the clinic's screen (Ley 1581 de 2012). */
    autorizacion_datos: z.boolean({ message: 'Indica si la paciente aceptó la política de datos' }).optional(),
    direccion: textoOpcional(200),
    ocupacion: textoOpcional(100),
    estado_civil: z.enum(estadosCiviles, { message: 'Elige un estado civil' }).nullish(),
  })
  .superRefine(conDocumentoValido);
export type CrearUsuarioAdminInput = z.input<typeof crearUsuarioAdminSchema>;

/** Days an invitation link stays valid (a recovery link: 30 minutes). Single use like it (decision 0048). */
export const DIAS_INVITACION = 7;

/**
 * A walk-in patient registered at the desk (issue 27.8, decision 0048): no password; name, document and phone; the
 * e-mail is optional. With an e-mail she gets an invitation to choose her password.
 */
export const crearPacienteSchema = z
  .object({
    nombre,
    tipodocumento: z.enum(tiposDocumento, { message: 'Elige un tipo de documento' }),
    numerodocumento,
    telefono: z
      .string({ message: 'Escribe un teléfono de contacto' })
      .trim()
      .min(1, 'Escribe un teléfono de contacto')
      .regex(/^\+?[0-9 ]{7,15}$/, 'Escribe un teléfono válido (7 a 15 dígitos)'),
    correo: correoSchema.nullish(),
    genero: z.enum(generos, { message: 'Elige un género' }).nullish(),
    fecha_nacimiento: fechaNacimiento.nullish(),
    /** She read and accepted the terms and data policy on the clinic's screen (Ley 1581 de 2012). */
    autorizacion_datos: z.boolean({ message: 'Indica si la paciente aceptó la política de datos' }).optional(),
  })
  .superRefine(conDocumentoValido);
export type CrearPacienteInput = z.input<typeof crearPacienteSchema>;
/** The new patient and whether an invitation went to her e-mail. */
export const pacienteCreadoSchema = z.object({
  usuario: usuarioSchema,
  invitacion_enviada: z.boolean(),
  mensaje: z.string(),
});
export type PacienteCreadoWire = z.input<typeof pacienteCreadoSchema>;

export const editarUsuarioAdminSchema = z
  .strictObject(
    {
      nombre: nombre.optional(),
      tipodocumento: z.enum(tiposDocumento, { message: 'Elige un tipo de documento' }).optional(),
      numerodocumento: numerodocumento.optional(),
      correo: correoSchema.optional(),
      telefono: telefono.nullish(),
      direccion: textoOpcional(200),
      genero: z.enum(generos, { message: 'Elige un género' }).nullish(),
      fecha_nacimiento: fechaNacimiento.nullish(),
      ocupacion: textoOpcional(100),
      estado_civil: z.enum(estadosCiviles, { message: 'Elige un estado civil' }).nullish(),
      rol: rolSchema.optional(),
      /** Doctors only; null clears it (then the doctor cannot sign prescriptions or exam orders). */
      registro_profesional: registroProfesionalSchema.nullish(),
      /** Why a patient's birth date changes once she has appointments or a record (Ley 1799 de 2016, audited). */
      motivo_fecha_nacimiento: textoOpcional(300),
    },
    { error: camposNoPermitidos('Campos no permitidos') },
  )
  .superRefine(conDocumentoValido);
export type EditarUsuarioAdminInput = z.input<typeof editarUsuarioAdminSchema>;

export const editarEstadoSchema = z.object({ estado: z.boolean({ message: 'El estado debe ser verdadero o falso' }) });

/** Recent sign-in lockouts (issue 11.1): bloqueo = a lock was set; rafaga = one account failing from many
 * addresses (attempts slowed down); intento_bloqueado = an attempt refused during a lock. */
export const tiposBloqueo = ['bloqueo', 'rafaga', 'intento_bloqueado'] as const;
export type TipoBloqueo = (typeof tiposBloqueo)[number];

export const bloqueoRecienteSchema = z.object({
  cuando: fechaHora,
  ip: z.string().nullable(),
  tipo: z.enum(tiposBloqueo),
  /** The account's e-mail, or the one typed in the attempt; null for a lock on an address alone. */
  correo: z.string().nullable(),
  detalle: z.string().nullable(),
});
export type BloqueoRecienteWire = z.input<typeof bloqueoRecienteSchema>;

/** The last 7 days, newest first, at most 100. */
export const bloqueosRecientesSchema = z.object({ items: z.array(bloqueoRecienteSchema) });

// ---- endpoints -----------------------------------------------------------------------------------
export const usuariosEndpoints = {
  registrar: endpoint(usuariosRutas.registrar, { body: registrarSchema, response: { 201: usuarioSchema } }),
  iniciarSesion: endpoint(usuariosRutas.iniciarSesion, { body: iniciarSesionSchema, response: { 200: sesionSchema } }),
  renovarSesion: endpoint(usuariosRutas.renovarSesion, { response: { 200: tokenSchema } }),
  cerrarSesion: endpoint(usuariosRutas.cerrarSesion, { response: { 200: mensajeSchema } }),
  perfil: endpoint(usuariosRutas.perfil, { response: { 200: usuarioSchema } }),
  editarPerfil: endpoint(usuariosRutas.editarPerfil, { body: editarPerfilSchema, response: { 200: usuarioSchema } }),
  cambiarContrasena: endpoint(usuariosRutas.cambiarContrasena, {
    body: cambiarContrasenaSchema,
    response: { 200: mensajeSchema },
  }),
  aceptarAutorizacion: endpoint(usuariosRutas.aceptarAutorizacion, {
    body: autorizacionDatosSchema,
    response: { 200: usuarioSchema },
  }),
  registrarAutorizacion: endpoint(usuariosRutas.registrarAutorizacion, {
    params: idParam,
    body: autorizacionDatosSchema,
    response: { 200: usuarioSchema },
  }),
  cambiarCorreo: endpoint(usuariosRutas.cambiarCorreo, { body: cambiarCorreoSchema, response: { 200: mensajeSchema } }),
  confirmarCorreo: endpoint(usuariosRutas.confirmarCorreo, {
    body: confirmarCorreoSchema,
    response: { 200: mensajeSchema },
  }),
  listar: endpoint(usuariosRutas.listar, { querystring: listarUsuariosQuery, response: { 200: listaUsuariosSchema } }),
  buscar: endpoint(usuariosRutas.buscar, { params: idParam, response: { 200: usuarioSchema } }),
  crearAdmin: endpoint(usuariosRutas.crearAdmin, { body: crearUsuarioAdminSchema, response: { 201: usuarioSchema } }),
  crearPaciente: endpoint(usuariosRutas.crearPaciente, {
    body: crearPacienteSchema,
    response: { 201: pacienteCreadoSchema },
  }),
  invitar: endpoint(usuariosRutas.invitar, { params: idParam, response: { 200: mensajeSchema } }),
  editar: endpoint(usuariosRutas.editar, {
    params: idParam,
    body: editarUsuarioAdminSchema,
    response: { 200: usuarioSchema },
  }),
  editarEstado: endpoint(usuariosRutas.editarEstado, {
    params: idParam,
    body: editarEstadoSchema,
    response: { 200: usuarioSchema },
  }),
  bloqueosRecientes: endpoint(usuariosRutas.bloqueosRecientes, { response: { 200: bloqueosRecientesSchema } }),
};

export { usuariosPaths, usuariosRutas } from './rutas.ts';
