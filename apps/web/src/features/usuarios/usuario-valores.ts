// Form values for the user forms (create, edit by an administrator, own profile): everything is a string in
// the form; these helpers turn them into the contracts' inputs ('' -> null / absent) and back.
import type { UsuarioWire } from '@clinica/contracts/usuarios';

export type UsuarioValores = {
  nombre: string;
  tipodocumento: string;
  numerodocumento: string;
  correo: string;
  contrasena: string;
  telefono: string;
  genero: string;
  fecha_nacimiento: string;
  rol: string;
  direccion: string;
  ocupacion: string;
  estado_civil: string;
  /** Administrator's edit of a doctor only: her professional registration number (Res. 1403 de 2007, issue 27.16). */
  registro_profesional: string;
  /** Administrator's edit only: why the birth date changes (sent only with a new date; Ley 1799, issue 21.3). */
  motivo_fecha_nacimiento: string;
  /** Creating a patient: she read and accepted the terms and data policy on the desk's screen (Ley 1581 de 2012). */
  autorizacion_datos: boolean;
};

/** The fields typed as text (every one but the checkbox). */
type CampoTexto = Exclude<keyof UsuarioValores, 'autorizacion_datos'>;

export const valoresVacios: UsuarioValores = {
  nombre: '',
  tipodocumento: 'CC',
  numerodocumento: '',
  correo: '',
  contrasena: '',
  telefono: '',
  genero: '',
  fecha_nacimiento: '',
  rol: 'paciente',
  direccion: '',
  ocupacion: '',
  estado_civil: '',
  registro_profesional: '',
  motivo_fecha_nacimiento: '',
  autorizacion_datos: false,
};

export function valoresDe(u: UsuarioWire): UsuarioValores {
  return {
    nombre: u.nombre,
    tipodocumento: u.tipodocumento,
    numerodocumento: u.numerodocumento,
    correo: u.correo ?? '',
    contrasena: '',
    telefono: u.telefono ?? '',
    genero: u.genero ?? '',
    fecha_nacimiento: u.fecha_nacimiento ?? '',
    rol: u.rol,
    direccion: u.direccion ?? '',
    ocupacion: u.ocupacion ?? '',
    estado_civil: u.estado_civil ?? '',
    registro_profesional: u.registro_profesional ?? '',
    motivo_fecha_nacimiento: '',
    autorizacion_datos: !!u.autorizacion_datos_en,
  };
}

const opcional = (s: string) => (s.trim() ? s : null);
const seleccion = (s: string) => s || undefined;

/** Input of crearUsuarioAdminSchema. */
export function entradaCrear(v: UsuarioValores): unknown {
  return {
    nombre: v.nombre,
    tipodocumento: seleccion(v.tipodocumento),
    numerodocumento: v.numerodocumento,
    correo: v.correo,
    contrasena: v.contrasena,
    telefono: v.telefono,
    genero: seleccion(v.genero),
    fecha_nacimiento: v.fecha_nacimiento,
    rol: seleccion(v.rol),
    direccion: opcional(v.direccion),
    ocupacion: opcional(v.ocupacion),
    estado_civil: opcional(v.estado_civil),
    // Only a patient's data fall under this authorisation; false: she accepts at her first sign-in.
    ...(v.rol === 'paciente' ? { autorizacion_datos: v.autorizacion_datos } : {}),
  };
}

const CAMPOS_ADMIN = [
  'nombre',
  'tipodocumento',
  'numerodocumento',
  'correo',
  'telefono',
  'genero',
  'fecha_nacimiento',
  'rol',
  'direccion',
  'ocupacion',
  'estado_civil',
  'registro_profesional',
] as const;
const CAMPOS_PERFIL = [
  'nombre',
  'telefono',
  'genero',
  'fecha_nacimiento',
  'direccion',
  'ocupacion',
  'estado_civil',
] as const;
/** What the front desk may change on a patient (issue 11.6; the API refuses anything else from an assistant). */
export const CAMPOS_CONTACTO = ['telefono', 'direccion', 'correo'] as const;
const NULABLES = new Set([
  'telefono',
  'direccion',
  'genero',
  'fecha_nacimiento',
  'ocupacion',
  'estado_civil',
  'registro_profesional',
]);

/** Only what changed, so an edit never rewrites fields nobody touched (nor one's own role). */
function cambios(campos: readonly CampoTexto[], original: UsuarioValores, v: UsuarioValores): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const campo of campos) {
    if (v[campo].trim() === original[campo].trim()) continue;
    out[campo] = NULABLES.has(campo) ? opcional(v[campo]) : v[campo];
  }
  // The document number is validated against its type: send both when either changes.
  if ('tipodocumento' in out || 'numerodocumento' in out) {
    out.tipodocumento = v.tipodocumento;
    out.numerodocumento = v.numerodocumento;
  }
  return out;
}

/** Whether the form holds another birth date than the one stored (then the administrator writes why). */
export const cambiaFechaNacimiento = (original: UsuarioValores, v: UsuarioValores) =>
  v.fecha_nacimiento.trim() !== original.fecha_nacimiento.trim();

/** Least length of the reason, as the API asks when the date already counts for appointments or a record. */
export const MOTIVO_FECHA_MIN = 5;

export const entradaEditarAdmin = (original: UsuarioValores) => (v: UsuarioValores) => {
  const out = cambios(CAMPOS_ADMIN, original, v);
  // Only doctors carry a registration number (the field shows for them alone): another role sends none.
  if (v.rol !== 'doctor') delete out.registro_profesional;
  // The reason goes only with a new date: the API keeps it in the audit row of that change.
  if (cambiaFechaNacimiento(original, v)) out.motivo_fecha_nacimiento = opcional(v.motivo_fecha_nacimiento);
  return out;
};

/**
 * A new birth date needs its reason (at least MOTIVO_FECHA_MIN characters). The API asks for it only when the date
 * already counts for appointments or a clinical record, which the form cannot know: asking always keeps the rule
 * simple and every correction explained in the audit.
 */
export const erroresMotivoFecha =
  (original: UsuarioValores) =>
  (v: UsuarioValores): Record<string, string | undefined> =>
    cambiaFechaNacimiento(original, v) && v.motivo_fecha_nacimiento.trim().length < MOTIVO_FECHA_MIN
      ? {
          motivo_fecha_nacimiento: v.motivo_fecha_nacimiento.trim()
            ? `Mínimo ${MOTIVO_FECHA_MIN} caracteres`
            : 'Escribe por qué cambia la fecha de nacimiento',
        }
      : {};
export const entradaEditarContacto = (original: UsuarioValores) => (v: UsuarioValores) =>
  cambios(CAMPOS_CONTACTO, original, v);
/** Input of crearPacienteSchema: a walk-in patient (issue 27.8), no password; empty optional fields are null. */
export function entradaSinCuenta(v: UsuarioValores): unknown {
  return {
    nombre: v.nombre,
    tipodocumento: seleccion(v.tipodocumento),
    numerodocumento: v.numerodocumento,
    telefono: v.telefono,
    correo: opcional(v.correo),
    genero: v.genero || null,
    fecha_nacimiento: opcional(v.fecha_nacimiento),
    autorizacion_datos: v.autorizacion_datos,
  };
}

/** Input of crearUsuarioAdminSchema from the front desk: always a patient, whatever the form holds. */
export const entradaRegistrarPaciente = (v: UsuarioValores): unknown => entradaCrear({ ...v, rol: 'paciente' });
export const entradaPerfil = (original: UsuarioValores) => (v: UsuarioValores) => cambios(CAMPOS_PERFIL, original, v);
