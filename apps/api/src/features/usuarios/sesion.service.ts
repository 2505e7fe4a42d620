// Sign-in with lockout (issue 11.1), the session's token and its renewal, sign-out, and the lockouts the
// administrators review. Part of the accounts service (usuarios.service.ts).
import { randomBytes } from 'node:crypto';
import { type Rol, type TipoBloqueo } from '@clinica/contracts/usuarios';
import { AppError, noAutenticado } from '../../lib/app-error.ts';
import { sinContrasena } from '../../lib/passwords.ts';
import { ABSOLUTE_MS, sessionIsLive, tokenExpiry } from '../../lib/sesion-reglas.ts';
import type { ActorConSesion, Origen } from '../../lib/solicitud.ts';
import {
  BLOQUEO_CUENTA,
  BLOQUEO_IP,
  BloqueoError,
  CUENTA_SIN_BLOQUEO,
  MENSAJES,
  claveCuenta,
  claveIp,
  clavePar,
  type CuentaComun,
  type IniciarSesionDatos,
  type ReposUsuarios,
  type UsuariosServiceDeps,
} from './usuarios.reglas.ts';

/** From this many recent failures across addresses, every attempt on the account waits a little longer. */
export const UMBRAL_RALENTIZAR = 10;
/** 250 ms doubling per further failure, at most 4 s: slows a distributed guesser, barely noticed by the owner. */
export function esperaRalentizada(fallos: number): number {
  return fallos < UMBRAL_RALENTIZAR ? 0 : Math.min(250 * 2 ** (fallos - UMBRAL_RALENTIZAR), 4000);
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

/** Sign-in with lockout, the session's token, sign-out, and the administrators' list of lockouts. */
export function createSesionService(deps: UsuariosServiceDeps, comun: CuentaComun) {
  const esperar = deps.esperar ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const { repos, transaccion, tokens, now, contrasenas } = deps;
  const { usuarios, sesiones, bloqueos } = repos;
  const { audit, bloqueoVigente } = comun;

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
    async renovarSesion(actor: ActorConSesion) {
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

    async cerrarSesion(actor: ActorConSesion, origen: Origen) {
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
