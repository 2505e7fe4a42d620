// Identity rules: registration, sign-in with lockout, sessions, own profile and user administration
// (DOMAIN.md "People and roles"; QUALITY.md security bars). Never sees request/reply.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  MENSAJE_REGISTRO_SOLO_DOCTORES,
  VERSION_TERMINOS,
  validarDocumento,
  type Rol,
  type TipoBloqueo,
  type TipoDocumento,
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
import { permite, rolesVenTodosLosUsuarios } from '@clinica/contracts/roles';
import { PAGINA_CONFIRMAR_CORREO } from '@clinica/contracts/rutas';
import { AppError, isUniqueViolation, noAutenticado, noEncontrado } from '../../lib/app-error.ts';
import { hashSinContrasena, problemaContrasena, sinContrasena, type PasswordHasher } from '../../lib/passwords.ts';
import { ABSOLUTE_MS, sessionIsLive, tokenExpiry } from '../../lib/sesion-reglas.ts';
import type { TokensCambioCorreo } from '../../lib/token-cambio-correo.ts';
import type { Tokens } from '../../lib/tokens.ts';
import type { Transaccion } from '../../db/transacciones.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { BloqueosRepository, ReglaBloqueo } from './bloqueos.repository.ts';
import type { SesionesRepository } from './sesiones.repository.ts';
import type { CorreosCuenta } from './usuarios-correos.ts';
import type { CambiosUsuario, UsuarioPublico, UsuariosRepository } from './usuarios.repository.ts';

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

/** Who is acting: the signed-in user (routes) or the command line (crear-admin). */
export type Actor = { id: number; rol: Rol; sid: string };
/** Where a request came from, for the audit trail and the terms acceptance (Ley 1581). */
export type Origen = { ip?: string | undefined; agente?: string | undefined };

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
/** From this many recent failures across addresses, every attempt on the account waits a little longer. */
export const UMBRAL_RALENTIZAR = 10;
/** 250 ms doubling per further failure, at most 4 s: slows a distributed guesser, barely noticed by the owner. */
export function esperaRalentizada(fallos: number): number {
  return fallos < UMBRAL_RALENTIZAR ? 0 : Math.min(250 * 2 ** (fallos - UMBRAL_RALENTIZAR), 4000);
}

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

/** What the front desk may change of a patient (issue 11.6). */
const CAMPOS_CONTACTO = new Set(['telefono', 'direccion', 'correo']);

/** Keys of the sign-in counters (exported for password recovery, which clears the owner's). */
export const claveCuenta = (correo: string) => `correo:${correo.toLowerCase()}`;
const claveIp = (ip: string | undefined) => `ip:${ip ?? 'desconocida'}`;
export const clavePar = (correo: string, ip: string | undefined) =>
  `par:${correo.toLowerCase()}|${ip ?? 'desconocida'}`;

function validacion(campo: string, mensaje: string): AppError {
  return new AppError('VALIDACION', 400, mensaje, [{ campo, mensaje }]);
}

/** Maps the unique indexes of usuarios to their 409; anything else is rethrown untouched. */
function conflictoUnico(err: unknown): never {
  if (isUniqueViolation(err, 'usuarios_correo_unico'))
    throw new AppError('CORREO_DUPLICADO', 409, MENSAJES.correoDuplicado);
  if (isUniqueViolation(err, 'usuarios_documento_unico'))
    throw new AppError('DOCUMENTO_DUPLICADO', 409, MENSAJES.documentoDuplicado);
  throw err;
}

/** '' in an optional text field means "no value". */
function vacioANulo<T extends Record<string, unknown>>(datos: T): T {
  const copia: Record<string, unknown> = { ...datos };
  for (const [k, v] of Object.entries(copia)) if (v === '') copia[k] = null;
  return copia as T;
}

/** How far back and how many rows the administrators' lockout list shows (issue 11.1). */
export const BLOQUEOS_RECIENTES = { ventanaMs: 7 * 24 * 60 * 60 * 1000, limite: 100 } as const;

/** The kind of a sign-in lockout audit row, from the text iniciarSesion writes. */
export function tipoDeBloqueo(detalle: string | null): TipoBloqueo {
  if (detalle?.startsWith('ráfaga')) return 'rafaga';
  if (detalle?.startsWith('intento durante bloqueo')) return 'intento_bloqueado';
  return 'bloqueo';
}

/** The e-mail named by a lockout detail: `correo=...` or a pair key `clave=par:<correo>|<ip>`. */
export function correoDeDetalle(detalle: string | null): string | null {
  if (!detalle) return null;
  const directo = /(?:^|; )correo=([^;\s]+)/.exec(detalle);
  if (directo?.[1]) return directo[1];
  const par = /clave=par:([^|;\s]+)\|/.exec(detalle);
  return par?.[1] ?? null;
}

export function createUsuariosService(deps: UsuariosServiceDeps) {
  const esperar = deps.esperar ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const { repos, transaccion, tokens, now, contrasenas } = deps;
  const { usuarios, sesiones, bloqueos } = repos;
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

  async function abrirSesion(tx: ReposUsuarios, u: { id: number; rol: Rol }, ahora: Date, origen: Origen) {
    const sid = randomBytes(24).toString('base64url');
    const expiraEn = new Date(ahora.getTime() + ABSOLUTE_MS);
    await tx.sesiones.create({
      id: sid,
      usuarioId: u.id,
      expiraEn,
      creadaEn: ahora,
      ip: origen.ip,
      agente: origen.agente,
    });
    const token = await tokens.sign({ id: u.id, rol: u.rol, sid }, tokenExpiry(ahora, expiraEn));
    return { sid, token };
  }

  return {
    /** Password work is at capacity: a sign-in or registration now would be refused (routes answer early). */
    saturado: () => contrasenas.saturado,

    /** Public registration: always a paciente; records the acceptance of terms and data policy. */
    async registrar(datos: RegistrarDatos, origen: Origen): Promise<UsuarioPublico> {
      return contrasenas.admitir(async () => {
        revisarContrasena(datos.contrasena, 'contrasena', datos);
        const ahora = now();
        const contrasena_hash = await contrasenas.hashPassword(datos.contrasena);
        return transaccion(async (tx) => {
          const usuario = await tx.usuarios
            .insert({
              nombre: datos.nombre,
              correo: datos.correo,
              contrasena_hash,
              rol: 'paciente',
              estado: true,
              tipodocumento: datos.tipodocumento,
              numerodocumento: datos.numerodocumento,
              telefono: datos.telefono,
              genero: datos.genero,
              fecha_nacimiento: datos.fecha_nacimiento,
              fecha_registro: ahora,
              actualizado_en: ahora,
              terminos_aceptados_en: ahora,
              version_terminos: VERSION_TERMINOS,
              ip_aceptacion: origen.ip ?? null,
            })
            .catch(conflictoUnico);
          await tx.auditoria.registrar({
            usuarioId: usuario.id,
            accion: 'usuarios.registrar',
            recurso: 'usuario',
            recursoId: usuario.id,
            resultado: 'exito',
            ip: origen.ip,
            agente: origen.agente,
            detalle: `version_terminos=${VERSION_TERMINOS}`,
          });
          return usuario;
        });
      });
    },

    /**
     * Unknown e-mail and wrong password answer the same and cost the same (dummy argon2 verify).
     * Locks refuse a failing (account, address) pair or a failing address, never the account as such;
     * failures of one account from many addresses slow its attempts down (see BLOQUEO_CUENTA).
     */
    async iniciarSesion(datos: IniciarSesionDatos, origen: Origen) {
      // A flood is turned away before it costs database work (issue 11.2).
      return contrasenas.admitir(async () => {
        const ahora = now();
        const cuenta = claveCuenta(datos.correo);
        const ip = claveIp(origen.ip);
        const par = clavePar(datos.correo, origen.ip);
        const base = { accion: 'sesion.iniciar', recurso: 'sesion', ip: origen.ip, agente: origen.agente } as const;

        const hasta = await bloqueoVigente([par, ip], ahora);
        if (hasta) {
          await audit({ ...base, resultado: 'bloqueo', detalle: `intento durante bloqueo; correo=${datos.correo}` });
          throw new BloqueoError((hasta.getTime() - ahora.getTime()) / 1000);
        }
        const espera = esperaRalentizada(await bloqueos.fallosRecientes(cuenta, ahora, BLOQUEO_CUENTA.olvidoFallosMs));
        if (espera) await esperar(espera);

        const u = await usuarios.findCredencialesPorCorreo(datos.correo);
        // An account without a password yet (a walk-in invited by the desk) answers like a wrong password, at the
        // same cost: the answer never tells that the address has an account waiting for its password.
        const correcta =
          u && !sinContrasena(u.contrasena_hash)
            ? await contrasenas.verifyPassword(u.contrasena_hash, datos.contrasena)
            : await contrasenas.verifyAgainstDummy(datos.contrasena);

        if (!u || !correcta) {
          // Counters and audit rows commit together; the answer is thrown after the commit.
          const bloqueo = await transaccion(async (tx) => {
            // One after another: a transaction is one connection, which runs one statement at a time anyway (the
            // pg driver deprecates queueing several on it at once).
            const porPar = await tx.bloqueos.registrarFallo(par, ahora, BLOQUEO_CUENTA);
            const porIp = await tx.bloqueos.registrarFallo(ip, ahora, BLOQUEO_IP);
            const porCuenta = await tx.bloqueos.registrarFallo(cuenta, ahora, CUENTA_SIN_BLOQUEO);
            await tx.auditoria.registrar({
              ...base,
              usuarioId: u?.id ?? null,
              resultado: 'fallo',
              detalle: `credenciales inválidas; correo=${datos.correo}`,
            });
            if (porCuenta.fallos === UMBRAL_RALENTIZAR) {
              await tx.auditoria.registrar({
                ...base,
                usuarioId: u?.id ?? null,
                resultado: 'bloqueo',
                detalle: `ráfaga: ${porCuenta.fallos} fallos recientes desde varias direcciones; intentos ralentizados; correo=${datos.correo}`,
              });
            }
            const hasta = [porPar.bloqueadoHasta, porIp.bloqueadoHasta]
              .filter((d): d is Date => !!d)
              .sort((a, b) => +b - +a)[0];
            if (hasta) {
              const clave = porPar.bloqueadoHasta?.getTime() === hasta.getTime() ? par : ip;
              const minutos = Math.round((hasta.getTime() - ahora.getTime()) / 60000);
              await tx.auditoria.registrar({
                ...base,
                usuarioId: u?.id ?? null,
                resultado: 'bloqueo',
                detalle: `bloqueo de ${minutos} min; clave=${clave}`,
              });
            }
            return hasta;
          });
          if (bloqueo) throw new BloqueoError((bloqueo.getTime() - ahora.getTime()) / 1000);
          throw new AppError('CREDENCIALES_INVALIDAS', 401, MENSAJES.credencialesInvalidas);
        }

        if (!u.estado) {
          await audit({ ...base, usuarioId: u.id, resultado: 'fallo', detalle: 'usuario inactivo' });
          throw new AppError('USUARIO_INACTIVO', 403, MENSAJES.usuarioInactivo);
        }

        // Hashes written with older parameters are upgraded while the plain password is at hand.
        const nuevoHash = contrasenas.esVigente(u.contrasena_hash)
          ? null
          : await contrasenas.hashPassword(datos.contrasena);
        const { token } = await transaccion(async (tx) => {
          await tx.bloqueos.limpiar(par);
          await tx.bloqueos.limpiar(cuenta);
          if (nuevoHash) await tx.usuarios.update(u.id, { contrasena_hash: nuevoHash });
          const abierta = await abrirSesion(tx, u, ahora, origen);
          await tx.auditoria.registrar({ ...base, usuarioId: u.id, recursoId: abierta.sid, resultado: 'exito' });
          return abierta;
        });
        const { contrasena_hash: _oculto, ...usuario } = u;
        return { token, usuario };
      });
    },

    /** A fresh token for the same live session; slides the idle window, never past the absolute end. */
    async renovarSesion(actor: Actor) {
      const ahora = now();
      const sesion = await sesiones.find(actor.sid);
      if (!sesion || sesion.usuarioId !== actor.id || !sessionIsLive(sesion, ahora)) throw noAutenticado();
      await sesiones.touch(actor.sid, ahora);
      const token = await tokens.sign(
        { id: sesion.usuarioId, rol: sesion.rol, sid: sesion.sid },
        tokenExpiry(ahora, sesion.expiraEn),
      );
      return { token };
    },

    async cerrarSesion(actor: Actor, origen: Origen) {
      await transaccion(async (tx) => {
        await tx.sesiones.revoke(actor.sid, now());
        await tx.encolar('sesiones.revocadas', {
          usuarioId: actor.id,
          exceptoSid: null,
          sid: actor.sid,
          motivo: 'cierre',
        });
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'sesion.cerrar',
          recurso: 'sesion',
          recursoId: actor.sid,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
        });
      });
      return { mensaje: MENSAJES.sesionCerrada };
    },

    async perfil(actor: Actor): Promise<UsuarioPublico> {
      const u = await usuarios.findById(actor.id);
      if (!u) throw noAutenticado();
      return u;
    },

    /** Own data only; rol, estado, documents and e-mail are not in the (strict) schema. */
    async editarPerfil(actor: Actor, cambios: EditarPerfilDatos, origen: Origen): Promise<UsuarioPublico> {
      // Ley 1799 (issue 21, item 3): once her birth date counts for an appointment or a record, a patient cannot
      // change it herself to pass an age check; staff change it with a reason (editarUsuario).
      if (cambios.fecha_nacimiento !== undefined) {
        const actual = await usuarios.findById(actor.id);
        if (
          actual &&
          (cambios.fecha_nacimiento ?? null) !== (actual.fecha_nacimiento ?? null) &&
          (await usuarios.tieneCitasOHistoria(actor.id))
        )
          throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.fechaNacimientoEnUso, [
            { campo: 'fecha_nacimiento', mensaje: MENSAJES.fechaNacimientoEnUso },
          ]);
      }
      return transaccion(async (tx) => {
        const u = await tx.usuarios.update(actor.id, { ...vacioANulo(cambios), actualizado_en: now() });
        if (!u) throw noAutenticado();
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'perfil.editar',
          recurso: 'usuario',
          recursoId: actor.id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: `campos=${Object.keys(cambios).join(',')}`,
        });
        return u;
      });
    },

    /** Needs the current password (counted like a sign-in failure); revokes every other session. */
    async cambiarContrasena(actor: Actor, datos: CambiarContrasenaDatos, origen: Origen) {
      const ahora = now();
      const u = await credencialesConCorreo(actor.id);
      const cuenta = claveCuenta(u.correo);
      const base = {
        usuarioId: actor.id,
        accion: 'perfil.contrasena',
        recurso: 'usuario',
        recursoId: actor.id,
        ip: origen.ip,
        agente: origen.agente,
      } as const;

      await comprobarContrasenaActual(u, datos.contrasena_actual, base, ahora);
      if (datos.contrasena_nueva === datos.contrasena_actual)
        throw validacion('contrasena_nueva', MENSAJES.contrasenaIgual);
      revisarContrasena(datos.contrasena_nueva, 'contrasena_nueva', u);

      const contrasena_hash = await contrasenas.hashPassword(datos.contrasena_nueva);
      // New hash, other sessions revoked, counters cleared, audit row and the effects to deliver after
      // commit (drop the revoked sessions' live connections, tell the owner by e-mail): all or nothing.
      await transaccion(async (tx) => {
        await tx.usuarios.update(actor.id, { contrasena_hash, actualizado_en: ahora });
        await tx.sesiones.revokeAllOf(actor.id, ahora, actor.sid);
        await tx.bloqueos.limpiar(cuenta);
        await tx.encolar('sesiones.revocadas', { usuarioId: actor.id, exceptoSid: actor.sid, motivo: 'contrasena' });
        await tx.encolar('correo', { para: u.correo, ...deps.correos.contrasenaCambiada(u, false) });
        await tx.auditoria.registrar({ ...base, resultado: 'exito', detalle: 'otras sesiones revocadas' });
      });
      return { mensaje: MENSAJES.contrasenaCambiada };
    },

    /**
     * The owner asks to use another e-mail (decision 0037): her current password, then a link to the new address
     * and a notice to the current one. Nothing changes until the link is opened.
     */
    async pedirCambioCorreo(actor: Actor, datos: CambiarCorreoDatos, origen: Origen) {
      const ahora = now();
      const u = await credencialesConCorreo(actor.id);
      const base = {
        usuarioId: actor.id,
        accion: 'perfil.correo',
        recurso: 'usuario',
        recursoId: actor.id,
        ip: origen.ip,
        agente: origen.agente,
      } as const;
      await comprobarContrasenaActual(u, datos.contrasena_actual, base, ahora);
      const nuevo = datos.correo_nuevo;
      if (nuevo === u.correo.toLowerCase()) throw validacion('correo_nuevo', MENSAJES.mismoCorreo);
      if (await usuarios.findCredencialesPorCorreo(nuevo))
        throw new AppError('CORREO_DUPLICADO', 409, MENSAJES.correoDuplicado);
      const expira = new Date(ahora.getTime() + HORAS_ENLACE_CORREO * 3_600_000);
      const token = deps.tokensCorreo.emitir(
        { usuarioId: u.id, expira, correoNuevo: nuevo },
        { correo: u.correo, contrasenaHash: u.contrasena_hash },
      );
      const enlace = `${deps.urlPublica}${PAGINA_CONFIRMAR_CORREO}#token=${token}`;
      await transaccion(async (tx) => {
        await tx.encolar('correo', {
          para: nuevo,
          ...deps.correos.confirmarCorreo(u, nuevo, enlace, HORAS_ENLACE_CORREO),
        });
        await tx.encolar('correo', { para: u.correo, ...deps.correos.cambioCorreoPedido(u, nuevo) });
        await tx.auditoria.registrar({ ...base, resultado: 'exito', detalle: 'enlace enviado al correo nuevo' });
      });
      return { mensaje: MENSAJES.enlaceCorreoEnviado(nuevo) };
    },

    /**
     * The link from the new address: the account moves to it, every session is revoked (whoever held one must
     * sign in again with the new address) and the old address is told. Needs no session: the link may be opened
     * on another device; the token proves both the password (asked when it was issued) and the new mailbox.
     */
    async confirmarCambioCorreo(datos: ConfirmarCorreoDatos, origen: Origen) {
      const ahora = now();
      const d = deps.tokensCorreo.leer(datos.token);
      const invalido = () => new AppError('ENLACE_INVALIDO', 400, MENSAJES.enlaceCorreoInvalido);
      if (!d) throw invalido();
      const u = await usuarios.findCredencialesPorId(d.usuarioId);
      if (
        !u?.estado ||
        !u.correo ||
        !deps.tokensCorreo.verificar(datos.token, { correo: u.correo, contrasenaHash: u.contrasena_hash })
      )
        throw invalido();
      const correoAnterior = u.correo;
      if (d.expira.getTime() <= ahora.getTime())
        throw new AppError('ENLACE_VENCIDO', 400, MENSAJES.enlaceCorreoVencido);
      await transaccion(async (tx) => {
        const cambiado = await tx.usuarios
          .update(u.id, { correo: d.correoNuevo, actualizado_en: ahora })
          .catch(conflictoUnico);
        if (!cambiado) throw invalido();
        await tx.sesiones.revokeAllOf(u.id, ahora);
        await tx.bloqueos.limpiar(claveCuenta(correoAnterior));
        await tx.encolar('sesiones.revocadas', { usuarioId: u.id, exceptoSid: null, motivo: 'correo' });
        await tx.encolar('correo', { para: correoAnterior, ...deps.correos.correoCambiado(u, d.correoNuevo, false) });
        await tx.auditoria.registrar({
          usuarioId: u.id,
          accion: 'perfil.correo.confirmar',
          recurso: 'usuario',
          recursoId: u.id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: 'correo cambiado; sesiones revocadas',
        });
      });
      return { mensaje: MENSAJES.correoCambiado(d.correoNuevo) };
    },

    /** Administrators see everyone; assistants and doctors only patients (forced here, not by the client). */
    async listar(actor: Actor, filtro: ListarUsuariosFiltro) {
      const { pagina, porPagina } = filtro;
      let rol = filtro.rol;
      if (!permite(rolesVenTodosLosUsuarios, actor.rol)) {
        if (rol && rol !== 'paciente') return { items: [], total: 0, pagina, porPagina };
        rol = 'paciente';
      }
      const { items, total } = await usuarios.list({
        q: filtro.q || undefined,
        rol,
        estado: filtro.estado,
        limit: porPagina,
        offset: (pagina - 1) * porPagina,
      });
      return { items, total, pagina, porPagina };
    },

    /** Staff who may only see patients get 404 for anyone else: existence of staff stays private. */
    async buscar(actor: Actor, id: number, origen: Origen): Promise<UsuarioPublico> {
      const u = await usuarios.findById(id);
      if (!u) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      if (!permite(rolesVenTodosLosUsuarios, actor.rol) && u.rol !== 'paciente') {
        await audit({
          usuarioId: actor.id,
          accion: 'usuarios.buscar',
          recurso: 'usuario',
          recursoId: id,
          resultado: 'denegado',
          ip: origen.ip,
          agente: origen.agente,
          detalle: 'solo puede ver pacientes',
        });
        throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      }
      return u;
    },

    /**
     * Ley 1581 de 2012 (issue 21, item 4): the patient authorises the processing of her data herself, at her
     * first sign-in (a patient the desk registered without it); once given it stays as it was.
     */
    async aceptarAutorizacion(actor: Actor, origen: Origen): Promise<UsuarioPublico> {
      return registrarAutorizacion(actor, actor.id, origen, null);
    },

    /** The desk records that the patient read and accepted the terms and data policy on its screen. */
    async registrarAutorizacionEnRecepcion(actor: Actor, pacienteId: number, origen: Origen): Promise<UsuarioPublico> {
      return registrarAutorizacion(actor, pacienteId, origen, actor.id);
    },

    /** Administrators (and the crear-admin command, actor null) create users of any role. */
    async crearUsuario(
      actor: Actor | null,
      datos: CrearUsuarioDatos,
      origen: Origen,
      accion = 'usuarios.crear',
    ): Promise<UsuarioPublico> {
      // The front desk registers patients only (issue 11.6).
      if (actor?.rol === 'asistente' && datos.rol !== 'paciente')
        throw new AppError('PROHIBIDO', 403, MENSAJES.soloPacientes);
      revisarContrasena(datos.contrasena, 'contrasena', datos);
      const ahora = now();
      const { contrasena, autorizacion_datos, ...resto } = vacioANulo(datos);
      const contrasena_hash = await contrasenas.hashPassword(contrasena);
      // Ley 1581: the patient read and accepted on the desk's screen; without it she accepts at her first sign-in.
      const autorizada = autorizacion_datos === true && datos.rol === 'paciente';
      return transaccion(async (tx) => {
        const usuario = await tx.usuarios
          .insert({
            ...resto,
            ...(autorizada
              ? {
                  terminos_aceptados_en: ahora,
                  version_terminos: VERSION_TERMINOS,
                  ip_aceptacion: origen.ip ?? null,
                  autorizacion_registrada_por: actor?.id ?? null,
                }
              : {}),
            contrasena_hash,
            estado: true,
            fecha_registro: ahora,
            actualizado_en: ahora,
          })
          .catch(conflictoUnico);
        await tx.auditoria.registrar({
          usuarioId: actor?.id ?? null,
          accion,
          recurso: 'usuario',
          recursoId: usuario.id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: `rol=${usuario.rol}${datos.rol === 'paciente' ? `; autorizacion_datos=${autorizada ? `recepcion; version_terminos=${VERSION_TERMINOS}` : 'pendiente'}` : ''}`,
        });
        return usuario;
      });
    },

    /**
     * The desk registers a walk-in patient (issue 27.8, decision 0048): no password (she cannot sign in until she
     * chooses one); with an e-mail, the invitation to choose it goes out with the same commit.
     */
    async crearPaciente(actor: Actor, datos: CrearPacienteDatos, origen: Origen) {
      const ahora = now();
      const { autorizacion_datos, ...resto } = vacioANulo(datos);
      const autorizada = autorizacion_datos === true;
      const correo = resto.correo ?? null;
      return transaccion(async (tx) => {
        const usuario = await tx.usuarios
          .insert({
            ...resto,
            correo,
            rol: 'paciente',
            ...(autorizada
              ? {
                  terminos_aceptados_en: ahora,
                  version_terminos: VERSION_TERMINOS,
                  ip_aceptacion: origen.ip ?? null,
                  autorizacion_registrada_por: actor.id,
                }
              : {}),
            contrasena_hash: hashSinContrasena(),
            estado: true,
            fecha_registro: ahora,
            actualizado_en: ahora,
          })
          .catch(conflictoUnico);
        if (correo) await encolarInvitacion(tx, usuario, correo, ahora);
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'usuarios.crear',
          recurso: 'usuario',
          recursoId: usuario.id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: `rol=paciente; sin contraseña; ${correo ? 'invitacion enviada' : 'sin correo'}; autorizacion_datos=${autorizada ? `recepcion; version_terminos=${VERSION_TERMINOS}` : 'pendiente'}`,
        });
        return {
          usuario,
          invitacion_enviada: !!correo,
          mensaje: correo ? MENSAJES.invitacionEnviada(correo) : MENSAJES.pacienteSinCorreo,
        };
      });
    },

    /** The desk sends the invitation again (a new link; the earlier ones stop working). */
    async invitar(actor: Actor, id: number, origen: Origen) {
      const u = await usuarios.findCredencialesPorId(id);
      // Patients only, for every role: staff accounts are created with a password.
      if (!u || u.rol !== 'paciente') throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      const regla = (mensaje: string) => new AppError('REGLA_NEGOCIO', 422, mensaje);
      if (!u.estado) throw regla(MENSAJES.invitacionInactiva);
      if (!u.correo) throw regla(MENSAJES.invitacionSinCorreo);
      if (!sinContrasena(u.contrasena_hash)) throw regla(MENSAJES.invitacionYaTieneContrasena);
      const correo = u.correo;
      const ahora = now();
      await transaccion(async (tx) => {
        await tx.usuarios.update(id, { contrasena_hash: hashSinContrasena(), actualizado_en: ahora });
        await encolarInvitacion(tx, u, correo, ahora);
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'usuarios.invitar',
          recurso: 'usuario',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: 'invitacion enviada de nuevo; enlaces anteriores anulados',
        });
      });
      return { mensaje: MENSAJES.invitacionEnviada(correo) };
    },

    async editarUsuario(
      actor: Actor,
      id: number,
      cambios: EditarUsuarioDatos,
      origen: Origen,
    ): Promise<UsuarioPublico> {
      if (actor.rol === 'asistente' && Object.keys(cambios).some((c) => !CAMPOS_CONTACTO.has(c))) {
        throw new AppError('PROHIBIDO', 403, MENSAJES.soloContacto);
      }
      const actual = await usuarios.findById(id);
      if (!actual) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      // Staff existence stays private to the front desk, as in buscar.
      if (actor.rol === 'asistente' && actual.rol !== 'paciente') throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      if (cambios.rol && cambios.rol !== actual.rol && id === actor.id)
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.cambiarPropioRol);
      if (cambios.tipodocumento || cambios.numerodocumento) {
        const problema = validarDocumento(
          (cambios.tipodocumento ?? actual.tipodocumento) as TipoDocumento,
          cambios.numerodocumento ?? actual.numerodocumento,
        );
        if (problema) throw validacion('numerodocumento', problema);
      }
      // Res. 1403 de 2007: the registration number is what a prescriber signs with; only doctors prescribe.
      const registroNuevo =
        cambios.registro_profesional !== undefined &&
        (cambios.registro_profesional ?? null) !== (actual.registro_profesional ?? null);
      if (cambios.registro_profesional && (cambios.rol ?? actual.rol) !== 'doctor')
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJE_REGISTRO_SOLO_DOCTORES, [
          { campo: 'registro_profesional', mensaje: MENSAJE_REGISTRO_SOLO_DOCTORES },
        ]);
      // Staff never move a used account to another address (decision 0037): with the new address, password
      // recovery would hand them the account. Only an account nobody has used yet may be corrected here.
      // A walk-in without an e-mail is an account nobody has used either: the desk gives her one here.
      const correoNuevo =
        cambios.correo !== undefined && cambios.correo.toLowerCase() !== (actual.correo ?? '').toLowerCase()
          ? cambios.correo
          : undefined;
      if (correoNuevo && (await usuarios.tieneDuena(id)))
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.correoDeCuentaEnUso, [
          { campo: 'correo', mensaje: MENSAJES.correoDeCuentaEnUso },
        ]);
      // Without a password yet (decision 0048), the new address gets the invitation to choose one, and the account a
      // new placeholder hash: links already sent (perhaps to a mistyped address) were signed over the old one and stop
      // working.
      const invitar = correoNuevo
        ? sinContrasena((await usuarios.findCredencialesPorId(id))?.contrasena_hash ?? '')
        : false;
      // Ley 1799 (issue 21, item 3): a birth date that already counts for appointments or a record changes only with
      // a written reason, kept in the audit row.
      const { motivo_fecha_nacimiento: motivoFecha, ...resto } = cambios;
      const otraFecha =
        cambios.fecha_nacimiento !== undefined &&
        (cambios.fecha_nacimiento ?? null) !== (actual.fecha_nacimiento ?? null);
      if (otraFecha && (await usuarios.tieneCitasOHistoria(id)) && (motivoFecha ?? '').length < 5)
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.motivoFechaNacimiento, [
          { campo: 'motivo_fecha_nacimiento', mensaje: MENSAJES.motivoFechaNacimiento },
        ]);
      const ahora = now();
      const valores: CambiosUsuario = {
        ...vacioANulo(resto),
        ...(invitar ? { contrasena_hash: hashSinContrasena() } : {}),
        actualizado_en: ahora,
      };
      return transaccion(async (tx) => {
        const u = await tx.usuarios.update(id, valores).catch(conflictoUnico);
        if (!u) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
        if (correoNuevo) {
          if (actual.correo)
            await tx.encolar('correo', {
              para: actual.correo,
              ...deps.correos.correoCambiado(actual, correoNuevo, true),
            });
          if (invitar) await encolarInvitacion(tx, u, correoNuevo, ahora);
          else await tx.encolar('correo', { para: correoNuevo, ...deps.correos.correoAsignado(actual) });
        }
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'usuarios.editar',
          recurso: 'usuario',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: `campos=${Object.keys(cambios).join(',')}${cambios.rol && cambios.rol !== actual.rol ? `; rol ${actual.rol}->${cambios.rol}` : ''}${correoNuevo ? `; correo de cuenta sin usar ${actual.correo ? 'corregido' : 'agregado'}; ${invitar ? 'invitacion enviada' : 'avisos enviados'}` : ''}${otraFecha ? `; fecha_nacimiento ${actual.fecha_nacimiento ?? '-'}->${cambios.fecha_nacimiento ?? '-'}${motivoFecha ? `; motivo=${motivoFecha}` : ''}` : ''}${registroNuevo ? `; registro_profesional ${actual.registro_profesional ?? '-'}->${cambios.registro_profesional ?? '-'}` : ''}`,
        });
        return u;
      });
    },

    /** Deactivation revokes every session of the user at once (QUALITY.md reliability 6). */
    async cambiarEstado(actor: Actor, id: number, estado: boolean, origen: Origen): Promise<UsuarioPublico> {
      if (id === actor.id && !estado) throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.desactivarseASiMismo);
      const ahora = now();
      return transaccion(async (tx) => {
        const u = await tx.usuarios.update(id, { estado, actualizado_en: ahora });
        if (!u) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
        if (!estado) {
          await tx.sesiones.revokeAllOf(id, ahora);
          await tx.encolar('sesiones.revocadas', { usuarioId: id, exceptoSid: null, motivo: 'desactivacion' });
        }
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'usuarios.estado',
          recurso: 'usuario',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: estado ? 'activado' : 'desactivado; sesiones revocadas',
        });
        return u;
      });
    },

    /** Sign-in lockouts and bursts of the last 7 days, newest first (administrators, issue 11.1). */
    async bloqueosRecientes() {
      const desde = new Date(now().getTime() - BLOQUEOS_RECIENTES.ventanaMs);
      const filas = await repos.auditoria.bloqueosInicioSesion(desde, BLOQUEOS_RECIENTES.limite);
      return {
        items: filas.map((f) => ({
          cuando: f.creada_en,
          ip: f.ip,
          tipo: tipoDeBloqueo(f.detalle),
          correo: f.correoUsuario ?? correoDeDetalle(f.detalle),
          detalle: f.detalle,
        })),
      };
    },
  };
}
export type UsuariosService = ReturnType<typeof createUsuariosService>;
