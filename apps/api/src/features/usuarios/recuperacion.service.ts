// Password recovery (issue 10.7; QUALITY.md "Password recovery"; decision 0011). Never sees request/reply.
//
// 1. solicitar: the same answer and the same work whether or not the address has an account (rate limits, one
//    outbox row, one audit row): nothing to learn from the status, the body or the time taken.
// 2. enviarEnlace (outbox handler, after commit): looks the address up; only an active account gets an e-mail,
//    queued with a placeholder where the link goes.
// 3. conEnlace (when the e-mail is sent): signs the link (lib/token-recuperacion.ts) and puts it in the text; the
//    outbox never holds a usable link and the administrators' view shows the placeholder.
// 4. restablecer: checks the link, sets the new password (same rules as registration), revokes every session,
//    tells the owner by e-mail; every outcome audited, failures per address rate-limited.
import {
  MENSAJE_RECUPERACION_SOLICITADA,
  MINUTOS_ENLACE_RECUPERACION,
  PAGINA_RESTABLECER_CONTRASENA,
  type restablecerContrasenaSchema,
  type solicitarRecuperacionSchema,
} from '@clinica/contracts/recuperacion';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { problemaContrasena, sinContrasena } from '../../lib/passwords.ts';
import type { TokensRecuperacion } from '../../lib/token-recuperacion.ts';
import type { Transaccion } from '../../db/transacciones.ts';
import type { AuditEvent } from '../../platform/auditoria.repository.ts';
import type { EventosBandeja } from '../../platform/bandeja.service.ts';
import type { ReglaBloqueo } from './bloqueos.repository.ts';
import type { RecuperacionRepository } from './recuperacion.repository.ts';
import { escaparHtml } from '../../platform/plantillas-correo.ts';
import { MARCA_ENLACE_RECUPERACION } from './usuarios-correos.ts';
import type { Origen } from '../../lib/solicitud.ts';
import { claveCuenta, clavePar, type ReposUsuarios, type UsuariosServiceDeps } from './usuarios.reglas.ts';

export type SolicitarRecuperacionDatos = z.output<typeof solicitarRecuperacionSchema>;
export type RestablecerContrasenaDatos = z.output<typeof restablecerContrasenaSchema>;
type Correo = EventosBandeja['correo'];

export { MARCA_ENLACE_RECUPERACION };
export const VIGENCIA_ENLACE_MS = MINUTOS_ENLACE_RECUPERACION * 60_000;

const HORA = 60 * 60 * 1000;
/** Requests per address asked about: 5 links an hour, then a pause of 15 minutes doubling up to an hour. */
export const LIMITE_SOLICITUDES_CORREO: ReglaBloqueo = {
  umbral: 5,
  minutosBase: 15,
  minutosMax: 60,
  olvidoFallosMs: HORA,
  olvidoBloqueosMs: 24 * HORA,
};
/** Requests from one client address, whatever e-mail they name. */
export const LIMITE_SOLICITUDES_IP: ReglaBloqueo = { ...LIMITE_SOLICITUDES_CORREO, umbral: 20 };
/** Refused links (tampered, used, expired) from one client address. */
export const LIMITE_ENLACES_FALLIDOS_IP: ReglaBloqueo = { ...LIMITE_SOLICITUDES_CORREO, umbral: 10 };

export const MENSAJES_RECUPERACION = {
  solicitada: MENSAJE_RECUPERACION_SOLICITADA,
  enlaceInvalido:
    'Este enlace ya se usó o no es válido. Pide uno nuevo desde «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
  enlaceVencido: `Este enlace venció: solo sirve durante ${MINUTOS_ENLACE_RECUPERACION} minutos. Pide uno nuevo desde «¿Olvidaste tu contraseña?».`,
  /** An account that has no password yet: the link was most likely her invitation (decision 0048). */
  invitacionVencida:
    'Este enlace venció. Pide en la clínica que te envíen la invitación de nuevo, o pide un enlace desde «¿Olvidaste tu contraseña?» con tu correo.',
  cuentaLista: 'Listo: tu cuenta ya tiene contraseña. Inicia sesión con tu correo y la contraseña que elegiste.',
  usuarioInactivo: 'Tu cuenta está inactiva. Comunícate con la clínica.',
  restablecida: 'Listo: cambiamos tu contraseña y cerramos todas tus sesiones. Ya puedes iniciar sesión con la nueva.',
  enlaceNoDisponible: '(este enlace ya no está disponible: pide uno nuevo)',
} as const;

/** 429 with the minutes left; the error handler turns `reintentarEn` into Retry-After. */
export class LimiteRecuperacionError extends AppError {
  public readonly reintentarEn: number;
  constructor(segundos: number, que: 'solicitudes' | 'intentos') {
    const minutos = Math.max(1, Math.ceil(segundos / 60));
    const espera = `Espera ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} e inténtalo de nuevo.`;
    super(
      'DEMASIADOS_INTENTOS',
      429,
      que === 'solicitudes'
        ? `Ya pediste varios enlaces para recuperar la contraseña. ${espera}`
        : `Demasiados enlaces no válidos desde esta conexión. ${espera}`,
    );
    this.name = 'LimiteRecuperacionError';
    this.reintentarEn = Math.max(1, Math.ceil(segundos));
  }
}

export type ReposRecuperacion = ReposUsuarios & { recuperacion: RecuperacionRepository };

/** The clock, the clinic's name, argon2 and the account e-mails as the users' service has them. */
export type RecuperacionServiceDeps = Pick<UsuariosServiceDeps, 'now' | 'clinicaNombre' | 'contrasenas' | 'correos'> & {
  repos: ReposRecuperacion;
  transaccion: Transaccion<ReposRecuperacion>;
  tokens: TokensRecuperacion;
  /** config.urlPublica: links point here, never to the request's Host. */
  urlPublica: string;
};

const claveCorreo = (correo: string) => `recuperar:correo:${correo.toLowerCase()}`;
const claveIp = (ip: string | undefined) => `recuperar:ip:${ip ?? 'desconocida'}`;
const claveEnlaceIp = (ip: string | undefined) => `restablecer:ip:${ip ?? 'desconocida'}`;

export function createRecuperacionService(deps: RecuperacionServiceDeps) {
  const { repos, transaccion, tokens, now, contrasenas } = deps;

  function enlace(token: string) {
    // The fragment never reaches a server (not ours, not a proxy's log); the page posts it in a JSON body.
    return `${deps.urlPublica}${PAGINA_RESTABLECER_CONTRASENA}#token=${token}`;
  }

  return {
    /** Same status, body and work for every address (QUALITY.md: recovery does not reveal who has an account). */
    async solicitar(datos: SolicitarRecuperacionDatos, origen: Origen) {
      const ahora = now();
      const correo = datos.correo.toLowerCase();
      const base = {
        accion: 'contrasena.recuperar',
        recurso: 'usuario',
        ip: origen.ip,
        agente: origen.agente,
      } as const;
      const hasta = await repos.bloqueos.bloqueadoHasta([claveCorreo(correo), claveIp(origen.ip)], ahora);
      if (hasta) {
        await repos.auditoria.registrar({
          ...base,
          resultado: 'bloqueo',
          detalle: `solicitud durante pausa; correo=${correo}`,
        });
        throw new LimiteRecuperacionError((hasta.getTime() - ahora.getTime()) / 1000, 'solicitudes');
      }
      await transaccion(async (tx) => {
        // One statement at a time: a transaction is one connection.
        const porCorreo = await tx.bloqueos.registrarFallo(claveCorreo(correo), ahora, LIMITE_SOLICITUDES_CORREO);
        const porIp = await tx.bloqueos.registrarFallo(claveIp(origen.ip), ahora, LIMITE_SOLICITUDES_IP);
        // Whether the address has an account is decided after commit, by the outbox handler (enviarEnlace).
        await tx.encolar('recuperacion', { correo, solicitadaEn: ahora.toISOString() });
        await tx.auditoria.registrar({ ...base, resultado: 'exito', detalle: `enlace solicitado; correo=${correo}` });
        for (const [bloqueo, clave] of [
          [porCorreo.bloqueadoHasta, 'correo'],
          [porIp.bloqueadoHasta, 'ip'],
        ] as const) {
          if (bloqueo)
            await tx.auditoria.registrar({
              ...base,
              resultado: 'bloqueo',
              detalle: `pausa de ${Math.round((bloqueo.getTime() - ahora.getTime()) / 60000)} min por ${clave}; correo=${correo}`,
            });
        }
      });
      return { mensaje: MENSAJES_RECUPERACION.solicitada };
    },

    /** Outbox handler of 'recuperacion': an e-mail for an active account, nothing (but an audit row) otherwise. */
    async enviarEnlace(carga: EventosBandeja['recuperacion']) {
      const expira = new Date(Date.parse(carga.solicitadaEn) + VIGENCIA_ENLACE_MS);
      await transaccion(async (tx) => {
        const u = await tx.usuarios.findCredencialesPorCorreo(carga.correo);
        const base = {
          usuarioId: u?.id ?? null,
          accion: 'contrasena.recuperar.enlace',
          recurso: 'usuario',
          recursoId: u?.id ?? null,
        } as const;
        if (!u || !u.estado || !u.correo) {
          await tx.auditoria.registrar({
            ...base,
            resultado: 'fallo',
            detalle: u ? 'cuenta inactiva: no se envía enlace' : `sin cuenta con ese correo; correo=${carga.correo}`,
          });
          return;
        }
        await tx.encolar('correo', {
          para: u.correo,
          ...deps.correos.recuperacion(u),
          enlaceRecuperacion: { usuarioId: u.id, expira: expira.toISOString() },
        });
        await tx.auditoria.registrar({ ...base, resultado: 'exito', detalle: 'enlace enviado por correo' });
      });
    },

    /**
     * The e-mail as it leaves: a recovery e-mail gets its link signed now, over the user's current password hash
     * (a retry signs a new one with the same expiry). Any other e-mail passes untouched.
     */
    async conEnlace(correo: Correo): Promise<Correo> {
      const { enlaceRecuperacion: datos, ...resto } = correo;
      if (!datos) return correo;
      const u = await repos.usuarios.findCredencialesPorId(datos.usuarioId);
      const texto =
        u && u.estado
          ? enlace(tokens.emitir(u.id, new Date(datos.expira), u.contrasena_hash))
          : MENSAJES_RECUPERACION.enlaceNoDisponible;
      // Every occurrence: the HTML has the link in the button and, for clients that hide buttons, as text.
      return {
        ...resto,
        texto: resto.texto.replaceAll(MARCA_ENLACE_RECUPERACION, texto),
        ...(resto.html
          ? { html: resto.html.replaceAll(escaparHtml(MARCA_ENLACE_RECUPERACION), escaparHtml(texto)) }
          : {}),
      };
    },

    /** Sets a new password from a link: single use, 30 minutes, every session revoked. */
    async restablecer(datos: RestablecerContrasenaDatos, origen: Origen) {
      return contrasenas.admitir(async () => {
        const ahora = now();
        const ipClave = claveEnlaceIp(origen.ip);
        const base = {
          accion: 'contrasena.restablecer',
          recurso: 'usuario',
          ip: origen.ip,
          agente: origen.agente,
        } as const;

        const hasta = await repos.bloqueos.bloqueadoHasta([ipClave], ahora);
        if (hasta) {
          await repos.auditoria.registrar({ ...base, resultado: 'bloqueo', detalle: 'intento durante pausa' });
          throw new LimiteRecuperacionError((hasta.getTime() - ahora.getTime()) / 1000, 'intentos');
        }

        /** A refused link: audited and counted for this address, in one transaction, then answered. */
        async function rechazar(usuarioId: number | null, detalle: string, error: AppError): Promise<never> {
          const bloqueo = await transaccion(async (tx) => {
            const r = await tx.bloqueos.registrarFallo(ipClave, ahora, LIMITE_ENLACES_FALLIDOS_IP);
            const fila: AuditEvent = { ...base, usuarioId, recursoId: usuarioId, resultado: 'fallo', detalle };
            await tx.auditoria.registrar(fila);
            if (r.bloqueadoHasta)
              await tx.auditoria.registrar({ ...fila, resultado: 'bloqueo', detalle: `pausa; clave=${ipClave}` });
            return r.bloqueadoHasta;
          });
          if (bloqueo) throw new LimiteRecuperacionError((bloqueo.getTime() - ahora.getTime()) / 1000, 'intentos');
          throw error;
        }
        const invalido = new AppError('ENLACE_INVALIDO', 400, MENSAJES_RECUPERACION.enlaceInvalido);

        const reclamado = tokens.leer(datos.token);
        const u = reclamado ? await repos.usuarios.findCredencialesPorId(reclamado.usuarioId) : undefined;
        if (!reclamado || !u?.correo) return rechazar(null, 'enlace inválido', invalido);
        const correo = u.correo;
        // Her first password: the account had none (a walk-in invited by the desk, decision 0048).
        const primera = sinContrasena(u.contrasena_hash);
        // Signed over the current hash: a used link (the hash changed since) fails here like a forged one.
        if (!tokens.verificar(datos.token, u.contrasena_hash))
          return rechazar(u.id, 'enlace inválido o ya usado', invalido);
        if (reclamado.expira.getTime() <= ahora.getTime())
          return rechazar(
            u.id,
            'enlace vencido',
            new AppError(
              'ENLACE_VENCIDO',
              400,
              primera ? MENSAJES_RECUPERACION.invitacionVencida : MENSAJES_RECUPERACION.enlaceVencido,
            ),
          );
        if (!u.estado) {
          await repos.auditoria.registrar({
            ...base,
            usuarioId: u.id,
            recursoId: u.id,
            resultado: 'denegado',
            detalle: 'usuario inactivo',
          });
          throw new AppError('USUARIO_INACTIVO', 403, MENSAJES_RECUPERACION.usuarioInactivo);
        }
        const problema = problemaContrasena(datos.contrasena, { clinicaNombre: deps.clinicaNombre, ...u });
        if (problema) throw new AppError('VALIDACION', 400, problema, [{ campo: 'contrasena', mensaje: problema }]);

        const nuevoHash = await contrasenas.hashPassword(datos.contrasena);
        const cambiada = await transaccion(async (tx) => {
          // Compare-and-set: of two uses of one link racing, one changes the hash, the other finds it changed.
          if (!(await tx.recuperacion.cambiarHashSi(u.id, u.contrasena_hash, nuevoHash, ahora))) return false;
          await tx.sesiones.revokeAllOf(u.id, ahora);
          // A new password starts the sign-in counters again: the account's, and the lock of this address on it
          // (someone locked out by a forgotten password who resets it here can sign in at once). The lock of an
          // address that fails on many accounts stays.
          await tx.bloqueos.limpiar(claveCuenta(correo));
          await tx.bloqueos.limpiar(clavePar(correo, origen.ip));
          await tx.encolar('sesiones.revocadas', { usuarioId: u.id, exceptoSid: null, motivo: 'contrasena' });
          await tx.encolar('correo', {
            para: correo,
            ...(primera ? deps.correos.contrasenaCreada(u) : deps.correos.contrasenaCambiada(u, true)),
          });
          await tx.auditoria.registrar({
            ...base,
            usuarioId: u.id,
            recursoId: u.id,
            resultado: 'exito',
            detalle: primera
              ? 'primera contraseña elegida (invitación)'
              : 'contraseña restablecida; todas las sesiones revocadas',
          });
          return true;
        });
        if (!cambiada) return rechazar(u.id, 'enlace ya usado (simultáneo)', invalido);
        return { mensaje: primera ? MENSAJES_RECUPERACION.cuentaLista : MENSAJES_RECUPERACION.restablecida };
      });
    },
  };
}
export type RecuperacionService = ReturnType<typeof createRecuperacionService>;
