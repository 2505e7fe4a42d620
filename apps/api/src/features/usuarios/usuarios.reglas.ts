// What the parts of the accounts service share (usuarios.service.ts composes them): the data types, messages,
// lockout rules and errors, and the helpers more than one part calls. Never sees request/reply.
import type { z } from 'zod';
import {
  VERSION_TERMINOS,
  HORAS_ENLACE_CORREO,
  type cambiarContrasenaSchema,
  type cambiarCorreoSchema,
  type confirmarCorreoSchema,
  type crearPacienteSchema,
  type crearUsuarioAdminSchema,
  DIAS_INVITACION,
  type editarPerfilSchema,
  type editarUsuarioAdminSchema,
  type iniciarSesionSchema,
  type listarUsuariosQuery,
  type registrarSchema,
} from '@clinica/contracts/usuarios';
import { AppError, isUniqueViolation, noAutenticado, noEncontrado } from '../../lib/app-error.ts';
import { problemaContrasena, type PasswordHasher } from '../../lib/passwords.ts';
import type { TokensCambioCorreo } from '../../lib/token-cambio-correo.ts';
import type { Tokens } from '../../lib/tokens.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { Transaccion } from '../../db/transacciones.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { BloqueosRepository, ReglaBloqueo } from './bloqueos.repository.ts';
import type { SesionesRepository } from './sesiones.repository.ts';
import type { CorreosCuenta } from './usuarios-correos.ts';
import type { UsuarioPublico, UsuariosRepository } from './usuarios.repository.ts';

export type RegistrarDatos = z.output<typeof registrarSchema>;
export type IniciarSesionDatos = z.output<typeof iniciarSesionSchema>;
export type EditarPerfilDatos = z.output<typeof editarPerfilSchema>;
export type CambiarContrasenaDatos = z.output<typeof cambiarContrasenaSchema>;
export type CambiarCorreoDatos = z.output<typeof cambiarCorreoSchema>;
export type ConfirmarCorreoDatos = z.output<typeof confirmarCorreoSchema>;
export type ListarUsuariosFiltro = z.output<typeof listarUsuariosQuery>;
/** The admin form's data; the crear-admin command sends only the required identity fields. */
export type CrearUsuarioDatos = Pick<
  z.output<typeof crearUsuarioAdminSchema>,
  'nombre' | 'correo' | 'tipodocumento' | 'numerodocumento' | 'contrasena' | 'rol'
> &
  Partial<z.output<typeof crearUsuarioAdminSchema>>;
export type EditarUsuarioDatos = z.output<typeof editarUsuarioAdminSchema>;
export type CrearPacienteDatos = z.output<typeof crearPacienteSchema>;

/** How long an invitation to choose a password works (decision 0048). */
export const VIGENCIA_INVITACION_MS = DIAS_INVITACION * 24 * 60 * 60 * 1000;

/**
 * Sign-in lockout (issue 11.1, QUALITY.md): a lock refuses only the (account, address) pair that keeps failing
 * (5 failures) and an address that fails on many accounts (20). An account failing from many addresses is only
 * slowed down: its owner, signing in from an address that has not been failing, always gets in.
 * First lock 1 min, doubling up to 15 min.
 */
export const BLOQUEO_CUENTA: ReglaBloqueo = {
  umbral: 5,
  minutosBase: 1,
  minutosMax: 15,
  olvidoFallosMs: 60 * 60 * 1000,
  olvidoBloqueosMs: 24 * 60 * 60 * 1000,
};
export const BLOQUEO_IP: ReglaBloqueo = { ...BLOQUEO_CUENTA, umbral: 20 };
/** The account's failures from every address are counted but never lock (the lock would lock out the owner). */
export const CUENTA_SIN_BLOQUEO: ReglaBloqueo = { ...BLOQUEO_CUENTA, umbral: 2_000_000_000 };

export const MENSAJES = {
  correoDuplicado: 'Ya existe una cuenta con ese correo electrónico.',
  documentoDuplicado: 'Ya existe una cuenta con ese documento.',
  credencialesInvalidas: 'Correo o contraseña incorrectos.',
  usuarioInactivo: 'Tu cuenta está inactiva. Comunícate con la clínica.',
  contrasenaActualIncorrecta: 'La contraseña actual no es correcta.',
  contrasenaIgual: 'La nueva contraseña debe ser distinta de la actual.',
  usuarioNoEncontrado: 'No encontramos ese usuario.',
  desactivarseASiMismo: 'No puedes desactivar tu propia cuenta.',
  cambiarPropioRol: 'No puedes cambiar tu propio rol.',
  sesionCerrada: 'Cerraste tu sesión.',
  contrasenaCambiada: 'Tu contraseña se cambió. Cerramos tus otras sesiones abiertas.',
  soloPacientes: 'Solo puedes registrar pacientes. Para crear personal, pídeselo a un administrador.',
  soloContacto:
    'Solo puedes cambiar los datos de contacto de una paciente: teléfono, dirección y correo. Para lo demás, pídeselo a un administrador.',
  correoDeCuentaEnUso:
    'Esta persona ya usa su cuenta: solo ella puede cambiar su correo, desde «Mi perfil» y con su contraseña. Así nadie más puede quedarse con su cuenta.',
  mismoCorreo: 'Ese ya es el correo de tu cuenta.',
  fechaNacimientoEnUso:
    'Tu fecha de nacimiento ya cuenta en tus citas y tu historia clínica: para corregirla, pídelo en la clínica.',
  motivoFechaNacimiento:
    'Escribe por qué cambia la fecha de nacimiento: la paciente ya tiene citas o historia clínica (Ley 1799 de 2016).',
  enlaceCorreoEnviado: (correo: string) =>
    `Te enviamos un enlace a ${correo}. Tu correo cambia cuando lo abras (vence en ${HORAS_ENLACE_CORREO} horas); hasta entonces sigues entrando con el actual.`,
  enlaceCorreoInvalido:
    'Este enlace no es válido o ya se usó. Si aún quieres cambiar tu correo, pídelo de nuevo desde tu perfil.',
  enlaceCorreoVencido: `Este enlace venció: solo sirve durante ${HORAS_ENLACE_CORREO} horas. Pide el cambio de nuevo desde tu perfil.`,
  correoCambiado: (correo: string) =>
    `Listo: tu cuenta ahora usa ${correo}. Cerramos tus sesiones abiertas; inicia sesión con el correo nuevo.`,
  invitacionEnviada: (correo: string) =>
    `Le enviamos a ${correo} una invitación para elegir su contraseña (vence en ${DIAS_INVITACION} días).`,
  pacienteSinCorreo:
    'Quedó registrada sin cuenta en línea: no tiene correo. Cuando lo tenga, agrégalo desde «Editar» y le enviamos la invitación.',
  invitacionSinCorreo:
    'Esta paciente aún no tiene correo. Agrégalo desde «Editar» y le enviamos la invitación para elegir su contraseña.',
  invitacionYaTieneContrasena:
    'Esta paciente ya eligió su contraseña. Si la olvidó, puede pedir un enlace nuevo desde «¿Olvidaste tu contraseña?».',
  invitacionInactiva: 'Esta cuenta está inactiva: actívala antes de enviar la invitación.',
} as const;

/** The audit fields of the owner's own change to her account (`accion`), made through this request. */
export const auditoriaPropia = (actor: Actor, accion: string, origen: Origen) =>
  ({
    usuarioId: actor.id,
    accion,
    recurso: 'usuario',
    recursoId: actor.id,
    ip: origen.ip,
    agente: origen.agente,
  }) as const;

/** 429 with the minutes left; the route adds Retry-After. */
export class BloqueoError extends AppError {
  constructor(public readonly segundos: number) {
    const minutos = Math.max(1, Math.ceil(segundos / 60));
    super(
      'DEMASIADOS_INTENTOS',
      429,
      `Demasiados intentos fallidos. Espera ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} e inténtalo de nuevo.`,
    );
    this.name = 'BloqueoError';
  }
}

/** The repositories this service writes through; inside a transaction they are bound to it. */
export type ReposUsuarios = {
  usuarios: UsuariosRepository;
  sesiones: SesionesRepository;
  bloqueos: BloqueosRepository;
  auditoria: AuditoriaRepository;
  encolar: Encolar;
};

export type UsuariosServiceDeps = {
  /** Outside transactions: single reads and single writes (sesiones.find may be served from a cache). */
  repos: ReposUsuarios;
  transaccion: Transaccion<ReposUsuarios>;
  tokens: Tokens;
  now: () => Date;
  clinicaNombre: string;
  /** The account e-mails (usuarios-correos.ts). */
  correos: CorreosCuenta;
  /** argon2 with the configured parameters (config.argon2). */
  contrasenas: PasswordHasher;
  /** E-mail-change links (lib/token-cambio-correo.ts). */
  tokensCorreo: TokensCambioCorreo;
  /** config.urlPublica: links point here, never to the request's Host. */
  urlPublica: string;
  /** How a slowed-down sign-in waits (tests pass one that records instead of sleeping). */
  esperar?: (ms: number) => Promise<void>;
};

/** Keys of the sign-in counters (exported for password recovery, which clears the owner's). */
export const claveCuenta = (correo: string) => `correo:${correo.toLowerCase()}`;
export const claveIp = (ip: string | undefined) => `ip:${ip ?? 'desconocida'}`;
export const clavePar = (correo: string, ip: string | undefined) =>
  `par:${correo.toLowerCase()}|${ip ?? 'desconocida'}`;

export function validacion(campo: string, mensaje: string): AppError {
  return new AppError('VALIDACION', 400, mensaje, [{ campo, mensaje }]);
}

/** Maps the unique indexes of usuarios to their 409; anything else is rethrown untouched. */
export function conflictoUnico(err: unknown): never {
  if (isUniqueViolation(err, 'usuarios_correo_unico'))
    throw new AppError('CORREO_DUPLICADO', 409, MENSAJES.correoDuplicado);
  if (isUniqueViolation(err, 'usuarios_documento_unico'))
    throw new AppError('DOCUMENTO_DUPLICADO', 409, MENSAJES.documentoDuplicado);
  throw err;
}

/** '' in an optional text field means "no value". */
export function vacioANulo<T extends Record<string, unknown>>(datos: T): T {
  const copia: Record<string, unknown> = { ...datos };
  for (const [k, v] of Object.entries(copia)) if (v === '') copia[k] = null;
  return copia as T;
}

/** What several parts of the accounts service share: password checks, the terms authorisation, invitations. */
export function createCuentaComun(deps: UsuariosServiceDeps) {
  const { repos, transaccion, now, contrasenas } = deps;
  const { usuarios, bloqueos } = repos;
  /** A lone audit row (an attempt refused before any change). */
  const audit = (e: Parameters<AuditoriaRepository['registrar']>[0]) => repos.auditoria.registrar(e);

  function revisarContrasena(
    contrasena: string,
    campo: string,
    ctx: { correo?: string | null; numerodocumento?: string | null; nombre?: string | null },
  ) {
    const problema = problemaContrasena(contrasena, { clinicaNombre: deps.clinicaNombre, ...ctx });
    if (problema) throw validacion(campo, problema);
  }

  async function bloqueoVigente(claves: string[], ahora: Date): Promise<Date | null> {
    return bloqueos.bloqueadoHasta(claves, ahora);
  }

  /** Records the authorisation once; `registradaPor`: the desk's staff member, null when she accepted herself. */
  async function registrarAutorizacion(
    actor: Actor,
    pacienteId: number,
    origen: Origen,
    registradaPor: number | null,
  ): Promise<UsuarioPublico> {
    const actual = await usuarios.findById(pacienteId);
    // Staff see patients only; anyone else answers like a missing user.
    if (!actual || actual.rol !== 'paciente') throw noEncontrado(MENSAJES.usuarioNoEncontrado);
    if (actual.autorizacion_datos_en) return actual;
    const ahora = now();
    return transaccion(async (tx) => {
      const u = await tx.usuarios.update(pacienteId, {
        terminos_aceptados_en: ahora,
        version_terminos: VERSION_TERMINOS,
        ip_aceptacion: origen.ip ?? null,
        autorizacion_registrada_por: registradaPor,
        actualizado_en: ahora,
      });
      if (!u) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      await tx.auditoria.registrar({
        usuarioId: actor.id,
        accion: 'usuarios.autorizacion_datos',
        recurso: 'usuario',
        recursoId: pacienteId,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `${registradaPor ? 'recepcion' : 'en_linea'}; version_terminos=${VERSION_TERMINOS}`,
      });
      return u;
    });
  }

  /**
   * The owner's current password, before a change to her credentials: a wrong one counts like a failed sign-in of
   * the account (its lock included) and is audited under `base`.
   */
  async function comprobarContrasenaActual(
    u: { id: number; correo: string | null; contrasena_hash: string },
    contrasena: string,
    base: Omit<Parameters<AuditoriaRepository['registrar']>[0], 'resultado' | 'detalle'>,
    ahora: Date,
  ): Promise<void> {
    // An account without an e-mail has no session to get here with; its id keeps the key apart from any address.
    const cuenta = claveCuenta(u.correo ?? `#${u.id}`);
    const hasta = await bloqueoVigente([cuenta], ahora);
    if (hasta) throw new BloqueoError((hasta.getTime() - ahora.getTime()) / 1000);
    if (await contrasenas.verifyPassword(u.contrasena_hash, contrasena)) return;
    const bloqueadoHasta = await transaccion(async (tx) => {
      const { bloqueadoHasta } = await tx.bloqueos.registrarFallo(cuenta, ahora, BLOQUEO_CUENTA);
      await tx.auditoria.registrar({ ...base, resultado: 'fallo', detalle: 'contraseña actual incorrecta' });
      if (bloqueadoHasta) await tx.auditoria.registrar({ ...base, resultado: 'bloqueo', detalle: `clave=${cuenta}` });
      return bloqueadoHasta;
    });
    if (bloqueadoHasta) throw new BloqueoError((bloqueadoHasta.getTime() - ahora.getTime()) / 1000);
    throw validacion('contrasena_actual', MENSAJES.contrasenaActualIncorrecta);
  }

  /**
   * The signed-in owner's credentials. Only an account with an e-mail can sign in (a walk-in without one has no
   * password either, decision 0048), so a session always finds one; anything else answers like a lost session.
   */
  async function credencialesConCorreo(id: number) {
    const u = await usuarios.findCredencialesPorId(id);
    if (!u?.correo) throw noAutenticado();
    return { ...u, correo: u.correo };
  }

  /**
   * The invitation to choose her password (decision 0048): a recovery e-mail in all but its words and its validity.
   * Its link is signed when it leaves, over the account's current (placeholder) hash (recuperacion.service conEnlace).
   */
  async function encolarInvitacion(tx: ReposUsuarios, u: { id: number; nombre: string }, correo: string, ahora: Date) {
    await tx.encolar('correo', {
      para: correo,
      ...deps.correos.invitacion(u),
      enlaceRecuperacion: {
        usuarioId: u.id,
        expira: new Date(ahora.getTime() + VIGENCIA_INVITACION_MS).toISOString(),
      },
    });
  }

  return {
    audit,
    revisarContrasena,
    bloqueoVigente,
    registrarAutorizacion,
    comprobarContrasenaActual,
    credencialesConCorreo,
    encolarInvitacion,
  };
}
export type CuentaComun = ReturnType<typeof createCuentaComun>;
