// Changing the account's e-mail (decision 0037): asked with the current password, confirmed by a link to the
// new address. Part of the accounts service (usuarios.service.ts).
import { HORAS_ENLACE_CORREO } from '@clinica/contracts/usuarios';
import { PAGINA_CONFIRMAR_CORREO } from '@clinica/contracts/rutas';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import {
  MENSAJES,
  claveCuenta,
  conflictoUnico,
  validacion,
  type CambiarCorreoDatos,
  type ConfirmarCorreoDatos,
  type CuentaComun,
  type UsuariosServiceDeps,
  auditoriaPropia,
} from './usuarios.reglas.ts';

/** The owner moves her account to another e-mail (decision 0037). */
export function createCambioCorreoService(deps: UsuariosServiceDeps, comun: CuentaComun) {
  const { transaccion, now } = deps;
  const { usuarios } = deps.repos;
  const { comprobarContrasenaActual, credencialesConCorreo } = comun;

  return {
    /**
     * The owner asks to use another e-mail (decision 0037): her current password, then a link to the new address
     * and a notice to the current one. Nothing changes until the link is opened.
     */
    async pedirCambioCorreo(actor: Actor, datos: CambiarCorreoDatos, origen: Origen) {
      const ahora = now();
      const u = await credencialesConCorreo(actor.id);
      const base = auditoriaPropia(actor, 'perfil.correo', origen);
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
  };
}
