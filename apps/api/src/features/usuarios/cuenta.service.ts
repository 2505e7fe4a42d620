// Registration and the owner's own account: her profile, her password and her data authorisation (Ley 1581).
// Part of the accounts service (usuarios.service.ts).
import { VERSION_TERMINOS } from '@clinica/contracts/usuarios';
import { AppError, noAutenticado } from '../../lib/app-error.ts';
import type { Actor, ActorConSesion, Origen } from '../../lib/solicitud.ts';
import type { UsuarioPublico } from './usuarios.repository.ts';
import {
  MENSAJES,
  claveCuenta,
  conflictoUnico,
  vacioANulo,
  validacion,
  type CambiarContrasenaDatos,
  type CuentaComun,
  type EditarPerfilDatos,
  type RegistrarDatos,
  type UsuariosServiceDeps,
  auditoriaPropia,
} from './usuarios.reglas.ts';

/** Public registration and the signed-in owner's own account: profile, password, data authorisation. */
export function createCuentaService(deps: UsuariosServiceDeps, comun: CuentaComun) {
  const { transaccion, now, contrasenas } = deps;
  const { usuarios } = deps.repos;
  const { revisarContrasena, registrarAutorizacion, comprobarContrasenaActual, credencialesConCorreo } = comun;

  return {
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
    async cambiarContrasena(actor: ActorConSesion, datos: CambiarContrasenaDatos, origen: Origen) {
      const ahora = now();
      const u = await credencialesConCorreo(actor.id);
      const cuenta = claveCuenta(u.correo);
      const base = auditoriaPropia(actor, 'perfil.contrasena', origen);

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
     * Ley 1581 de 2012 (issue 21, item 4): the patient authorises the processing of her data herself, at her
     * first sign-in (a patient the desk registered without it); once given it stays as it was.
     */
    async aceptarAutorizacion(actor: Actor, origen: Origen): Promise<UsuarioPublico> {
      return registrarAutorizacion(actor, actor.id, origen, null);
    },
  };
}
