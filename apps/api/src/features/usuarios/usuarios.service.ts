// Identity rules: registration, sign-in with lockout, sessions, own profile and user administration
// (DOMAIN.md "People and roles"; QUALITY.md security bars). Never sees request/reply.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  VERSION_TERMINOS,
  validarDocumento,
  type Rol,
  type TipoDocumento,
  type cambiarContrasenaSchema,
  type crearUsuarioAdminSchema,
  type editarPerfilSchema,
  type editarUsuarioAdminSchema,
  type iniciarSesionSchema,
  type listarUsuariosQuery,
  type registrarSchema,
} from '@clinica/contracts/usuarios';
import { AppError, isUniqueViolation, noAutenticado, noEncontrado } from '../../lib/app-error.ts';
import {
  ARGON2_PREFIX,
  hashPassword,
  problemaContrasena,
  verifyAgainstDummy,
  verifyPassword,
} from '../../lib/passwords.ts';
import { ABSOLUTE_MS, sessionIsLive, tokenExpiry } from '../../lib/sesion-reglas.ts';
import type { Tokens } from '../../lib/tokens.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { BloqueosRepository, ReglaBloqueo } from './bloqueos.repository.ts';
import type { SesionesRepository } from './sesiones.repository.ts';
import type { CambiosUsuario, UsuarioPublico, UsuariosRepository } from './usuarios.repository.ts';

export type RegistrarDatos = z.output<typeof registrarSchema>;
export type IniciarSesionDatos = z.output<typeof iniciarSesionSchema>;
export type EditarPerfilDatos = z.output<typeof editarPerfilSchema>;
export type CambiarContrasenaDatos = z.output<typeof cambiarContrasenaSchema>;
export type ListarUsuariosFiltro = z.output<typeof listarUsuariosQuery>;
/** The admin form's data; the crear-admin command sends only the required identity fields. */
export type CrearUsuarioDatos = Pick<
  z.output<typeof crearUsuarioAdminSchema>,
  'nombre' | 'correo' | 'tipodocumento' | 'numerodocumento' | 'contrasena' | 'rol'
> &
  Partial<z.output<typeof crearUsuarioAdminSchema>>;
export type EditarUsuarioDatos = z.output<typeof editarUsuarioAdminSchema>;

/** Who is acting: the signed-in user (routes) or the command line (crear-admin). */
export type Actor = { id: number; rol: Rol; sid: string };
/** Where a request came from, for the audit trail and the terms acceptance (Ley 1581). */
export type Origen = { ip?: string | undefined; agente?: string | undefined };

/** Account: 5 consecutive failures; IP: 20. First lock 1 min, doubling up to 15 min (QUALITY.md). */
export const BLOQUEO_CUENTA: ReglaBloqueo = {
  umbral: 5,
  minutosBase: 1,
  minutosMax: 15,
  olvidoFallosMs: 60 * 60 * 1000,
  olvidoBloqueosMs: 24 * 60 * 60 * 1000,
};
export const BLOQUEO_IP: ReglaBloqueo = { ...BLOQUEO_CUENTA, umbral: 20 };

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

export type UsuariosServiceDeps = {
  usuarios: UsuariosRepository;
  sesiones: SesionesRepository;
  bloqueos: BloqueosRepository;
  tokens: Tokens;
  audit: Audit;
  now: () => Date;
  clinicaNombre: string;
};

const claveCuenta = (correo: string) => `correo:${correo.toLowerCase()}`;
const claveIp = (ip: string | undefined) => `ip:${ip ?? 'desconocida'}`;

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

export function createUsuariosService(deps: UsuariosServiceDeps) {
  const { usuarios, sesiones, bloqueos, tokens, audit, now } = deps;

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

  async function abrirSesion(u: { id: number; rol: Rol }, ahora: Date, origen: Origen) {
    const sid = randomBytes(24).toString('base64url');
    const expiraEn = new Date(ahora.getTime() + ABSOLUTE_MS);
    await sesiones.create({
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
    /** Public registration: always a paciente; records the acceptance of terms and data policy. */
    async registrar(datos: RegistrarDatos, origen: Origen): Promise<UsuarioPublico> {
      revisarContrasena(datos.contrasena, 'contrasena', datos);
      const ahora = now();
      const contrasena_hash = await hashPassword(datos.contrasena);
      const usuario = await usuarios
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
      await audit({
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
    },

    /**
     * Unknown e-mail and wrong password answer the same and cost the same (dummy argon2 verify).
     * Failures count per account and per IP; a lock is temporary and grows up to 15 minutes.
     */
    async iniciarSesion(datos: IniciarSesionDatos, origen: Origen) {
      const ahora = now();
      const cuenta = claveCuenta(datos.correo);
      const ip = claveIp(origen.ip);
      const base = { accion: 'sesion.iniciar', recurso: 'sesion', ip: origen.ip, agente: origen.agente } as const;

      const hasta = await bloqueoVigente([cuenta, ip], ahora);
      if (hasta) {
        await audit({ ...base, resultado: 'bloqueo', detalle: `intento durante bloqueo; correo=${datos.correo}` });
        throw new BloqueoError((hasta.getTime() - ahora.getTime()) / 1000);
      }

      const u = await usuarios.findCredencialesPorCorreo(datos.correo);
      const correcta = u
        ? await verifyPassword(u.contrasena_hash, datos.contrasena)
        : await verifyAgainstDummy(datos.contrasena);

      if (!u || !correcta) {
        const [porCuenta, porIp] = await Promise.all([
          bloqueos.registrarFallo(cuenta, ahora, BLOQUEO_CUENTA),
          bloqueos.registrarFallo(ip, ahora, BLOQUEO_IP),
        ]);
        await audit({
          ...base,
          usuarioId: u?.id ?? null,
          resultado: 'fallo',
          detalle: `credenciales inválidas; correo=${datos.correo}`,
        });
        const bloqueo = [porCuenta.bloqueadoHasta, porIp.bloqueadoHasta]
          .filter((d): d is Date => !!d)
          .sort((a, b) => +b - +a)[0];
        if (bloqueo) {
          const clave = porCuenta.bloqueadoHasta?.getTime() === bloqueo.getTime() ? cuenta : ip;
          const minutos = Math.round((bloqueo.getTime() - ahora.getTime()) / 60000);
          await audit({
            ...base,
            usuarioId: u?.id ?? null,
            resultado: 'bloqueo',
            detalle: `bloqueo de ${minutos} min; clave=${clave}`,
          });
          throw new BloqueoError((bloqueo.getTime() - ahora.getTime()) / 1000);
        }
        throw new AppError('CREDENCIALES_INVALIDAS', 401, MENSAJES.credencialesInvalidas);
      }

      if (!u.estado) {
        await audit({ ...base, usuarioId: u.id, resultado: 'fallo', detalle: 'usuario inactivo' });
        throw new AppError('USUARIO_INACTIVO', 403, MENSAJES.usuarioInactivo);
      }

      await bloqueos.limpiar(cuenta);
      // Hashes written with older parameters are upgraded while the plain password is at hand.
      if (!u.contrasena_hash.startsWith(ARGON2_PREFIX)) {
        await usuarios.update(u.id, { contrasena_hash: await hashPassword(datos.contrasena) });
      }
      const { sid, token } = await abrirSesion(u, ahora, origen);
      await audit({ ...base, usuarioId: u.id, recursoId: sid, resultado: 'exito' });
      const { contrasena_hash: _oculto, ...usuario } = u;
      return { token, usuario };
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
      await sesiones.revoke(actor.sid, now());
      await audit({
        usuarioId: actor.id,
        accion: 'sesion.cerrar',
        recurso: 'sesion',
        recursoId: actor.sid,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
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
      const u = await usuarios.update(actor.id, { ...vacioANulo(cambios), actualizado_en: now() });
      if (!u) throw noAutenticado();
      await audit({
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
    },

    /** Needs the current password (counted like a sign-in failure); revokes every other session. */
    async cambiarContrasena(actor: Actor, datos: CambiarContrasenaDatos, origen: Origen) {
      const ahora = now();
      const u = await usuarios.findCredencialesPorId(actor.id);
      if (!u) throw noAutenticado();
      const cuenta = claveCuenta(u.correo);
      const base = {
        usuarioId: actor.id,
        accion: 'perfil.contrasena',
        recurso: 'usuario',
        recursoId: actor.id,
        ip: origen.ip,
        agente: origen.agente,
      } as const;

      const hasta = await bloqueoVigente([cuenta], ahora);
      if (hasta) throw new BloqueoError((hasta.getTime() - ahora.getTime()) / 1000);
      if (!(await verifyPassword(u.contrasena_hash, datos.contrasena_actual))) {
        const { bloqueadoHasta } = await bloqueos.registrarFallo(cuenta, ahora, BLOQUEO_CUENTA);
        await audit({ ...base, resultado: 'fallo', detalle: 'contraseña actual incorrecta' });
        if (bloqueadoHasta) {
          await audit({ ...base, resultado: 'bloqueo', detalle: `clave=${cuenta}` });
          throw new BloqueoError((bloqueadoHasta.getTime() - ahora.getTime()) / 1000);
        }
        throw validacion('contrasena_actual', MENSAJES.contrasenaActualIncorrecta);
      }
      if (datos.contrasena_nueva === datos.contrasena_actual)
        throw validacion('contrasena_nueva', MENSAJES.contrasenaIgual);
      revisarContrasena(datos.contrasena_nueva, 'contrasena_nueva', u);

      await usuarios.update(actor.id, {
        contrasena_hash: await hashPassword(datos.contrasena_nueva),
        actualizado_en: ahora,
      });
      await sesiones.revokeAllOf(actor.id, ahora, actor.sid);
      await bloqueos.limpiar(cuenta);
      await audit({ ...base, resultado: 'exito', detalle: 'otras sesiones revocadas' });
      return { mensaje: MENSAJES.contrasenaCambiada };
    },

    /** Administrators see everyone; assistants and doctors only patients (forced here, not by the client). */
    async listar(actor: Actor, filtro: ListarUsuariosFiltro) {
      const { pagina, porPagina } = filtro;
      let rol = filtro.rol;
      if (actor.rol !== 'administrador') {
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
      if (actor.rol !== 'administrador' && u.rol !== 'paciente') {
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

    /** Administrators (and the crear-admin command, actor null) create users of any role. */
    async crearUsuario(
      actor: Actor | null,
      datos: CrearUsuarioDatos,
      origen: Origen,
      accion = 'usuarios.crear',
    ): Promise<UsuarioPublico> {
      revisarContrasena(datos.contrasena, 'contrasena', datos);
      const ahora = now();
      const { contrasena, ...resto } = vacioANulo(datos);
      const usuario = await usuarios
        .insert({
          ...resto,
          contrasena_hash: await hashPassword(contrasena),
          estado: true,
          fecha_registro: ahora,
          actualizado_en: ahora,
        })
        .catch(conflictoUnico);
      await audit({
        usuarioId: actor?.id ?? null,
        accion,
        recurso: 'usuario',
        recursoId: usuario.id,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `rol=${usuario.rol}`,
      });
      return usuario;
    },

    async editarUsuario(
      actor: Actor,
      id: number,
      cambios: EditarUsuarioDatos,
      origen: Origen,
    ): Promise<UsuarioPublico> {
      const actual = await usuarios.findById(id);
      if (!actual) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      if (cambios.rol && cambios.rol !== actual.rol && id === actor.id)
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.cambiarPropioRol);
      if (cambios.tipodocumento || cambios.numerodocumento) {
        const problema = validarDocumento(
          (cambios.tipodocumento ?? actual.tipodocumento) as TipoDocumento,
          cambios.numerodocumento ?? actual.numerodocumento,
        );
        if (problema) throw validacion('numerodocumento', problema);
      }
      const valores: CambiosUsuario = { ...vacioANulo(cambios), actualizado_en: now() };
      const u = await usuarios.update(id, valores).catch(conflictoUnico);
      if (!u) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      await audit({
        usuarioId: actor.id,
        accion: 'usuarios.editar',
        recurso: 'usuario',
        recursoId: id,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `campos=${Object.keys(cambios).join(',')}${cambios.rol && cambios.rol !== actual.rol ? `; rol ${actual.rol}->${cambios.rol}` : ''}`,
      });
      return u;
    },

    /** Deactivation revokes every session of the user at once (QUALITY.md reliability 6). */
    async cambiarEstado(actor: Actor, id: number, estado: boolean, origen: Origen): Promise<UsuarioPublico> {
      if (id === actor.id && !estado) throw new AppError('REGLA_NEGOCIO', 422, MENSAJES.desactivarseASiMismo);
      const ahora = now();
      const u = await usuarios.update(id, { estado, actualizado_en: ahora });
      if (!u) throw noEncontrado(MENSAJES.usuarioNoEncontrado);
      if (!estado) await sesiones.revokeAllOf(id, ahora);
      await audit({
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
    },
  };
}
export type UsuariosService = ReturnType<typeof createUsuariosService>;
