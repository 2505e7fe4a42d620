// Administration of people by the staff (DOMAIN.md "People and roles"; issue 11.6): administrators manage every
// account, the front desk registers patients and corrects their contact details. Part of the accounts service
// (usuarios.service.ts).
import {
  MENSAJE_REGISTRO_SOLO_DOCTORES,
  VERSION_TERMINOS,
  validarDocumento,
  type TipoDocumento,
} from '@clinica/contracts/usuarios';
import { permite, rolesVenTodosLosUsuarios } from '@clinica/contracts/roles';
import { AppError, noEncontrado } from '../../lib/app-error.ts';
import { hashSinContrasena, sinContrasena } from '../../lib/passwords.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { CambiosUsuario, UsuarioPublico } from './usuarios.repository.ts';
import {
  MENSAJES,
  conflictoUnico,
  vacioANulo,
  validacion,
  type CrearPacienteDatos,
  type CrearUsuarioDatos,
  type CuentaComun,
  type EditarUsuarioDatos,
  type ListarUsuariosFiltro,
  type UsuariosServiceDeps,
} from './usuarios.reglas.ts';

/** What the front desk may change of a patient (issue 11.6). */
const CAMPOS_CONTACTO = new Set(['telefono', 'direccion', 'correo']);

/** Staff administration of people: lists, creation, invitations, edits and (de)activation. */
export function createAdministracionService(deps: UsuariosServiceDeps, comun: CuentaComun) {
  const { transaccion, now, contrasenas } = deps;
  const { usuarios } = deps.repos;
  const { audit, revisarContrasena, registrarAutorizacion, encolarInvitacion } = comun;

  return {
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
  };
}
