// Confirm or cancel from the reminder itself (issue 25, item 3; docs/decisions/0067-enlaces-recordatorio.md):
//
// 1. The reminder e-mail (citas-correos.ts) is queued with placeholders where its two links go.
// 2. conEnlaces (the outbox's `correo` handler, as the message leaves): signs both links for the appointment at its
//    current start (lib/token-enlace-cita.ts) — the outbox and the administrators' view never hold a usable link.
// 3. ver: the public page posts the token (from the URL fragment) and gets what it is for: the appointment, the action,
//    the policy and what cancelling now does with the deposit. Nothing changes.
// 4. usar: the patient pressed the button; the patient's own answer (cambios.service confirmarPorPaciente /
//    cancelarPorPaciente, via correo) runs with the link marked used in its transaction: once, or not at all.
// Refused links (forged, expired, used) are audited and counted per client address, with pauses, as for recovery.
import { politicaCancelacion, type DestinoAnticipo, type EstadoCita } from '@clinica/contracts/citas';
import { formatoPesos } from '@clinica/contracts/dinero';
import {
  MENSAJES_ENLACE_CITA as M,
  PAGINA_ENLACE_CITA,
  type AccionEnlaceCita,
  type EnlaceCita,
  type ResultadoEnlaceCita,
} from '@clinica/contracts/enlaces-cita';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Origen } from '../../lib/solicitud.ts';
import { huellaEnlace, type DatosEnlaceCita, type TokensEnlaceCita } from '../../lib/token-enlace-cita.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { EventosBandeja } from '../../platform/bandeja.service.ts';
import { escaparHtml } from '../../platform/plantillas-correo.ts';
import type { OpcionesRespuesta, RespuestaPaciente, ViaPaciente } from './cambios.service.ts';
import { MARCA_ENLACE_CANCELAR, MARCA_ENLACE_CONFIRMAR } from './citas-correos.ts';
import type { CitaDetalle, CitasRepository } from './citas.repository.ts';
import type { EnlacesCitaRepository } from './enlaces.repository.ts';

type Correo = EventosBandeja['correo'];

const HORA = 3_600_000;

/** The counters of failures and pauses by key the sign-in and recovery use (`bloqueos_login`, given by the root). */
type ReglaBloqueo = {
  umbral: number;
  minutosBase: number;
  minutosMax: number;
  olvidoFallosMs: number;
  olvidoBloqueosMs: number;
};
type Bloqueos = {
  bloqueadoHasta(claves: string[], now: Date): Promise<Date | null>;
  registrarFallo(clave: string, now: Date, r: ReglaBloqueo): Promise<{ bloqueadoHasta: Date | null }>;
};

/** Refused links from one client address: 10, then a pause of 15 minutes doubling up to an hour (as recovery's). */
export const LIMITE_ENLACES_CITA_IP: ReglaBloqueo = {
  umbral: 10,
  minutosBase: 15,
  minutosMax: 60,
  olvidoFallosMs: HORA,
  olvidoBloqueosMs: 24 * HORA,
};
/** What a link that can no longer be used says in an e-mail sent after its appointment changed. */
export const ENLACE_NO_DISPONIBLE = '(este enlace ya no está disponible: comunícate con la clínica)';

const claveIp = (ip: string | undefined) => `enlace-cita:ip:${ip ?? 'desconocida'}`;

/** 429 with the minutes left; the error handler turns `reintentarEn` into Retry-After. */
export class LimiteEnlacesCitaError extends AppError {
  public readonly reintentarEn: number;
  constructor(segundos: number) {
    const minutos = Math.max(1, Math.ceil(segundos / 60));
    super(
      'DEMASIADOS_INTENTOS',
      429,
      `Demasiados enlaces no válidos desde esta conexión. Espera ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'} e inténtalo de nuevo.`,
    );
    this.name = 'LimiteEnlacesCitaError';
    this.reintentarEn = Math.max(1, Math.ceil(segundos));
  }
}

export type ReposEnlacesCita = {
  citas: CitasRepository;
  enlacesCita: EnlacesCitaRepository;
  bloqueos: Bloqueos;
  auditoria: AuditoriaRepository;
};

type Responder<Tx> = (
  id: number,
  via: ViaPaciente,
  origen: Origen,
  opciones: OpcionesRespuesta<Tx>,
) => Promise<RespuestaPaciente>;

export type EnlacesCitaDeps<Tx extends ReposEnlacesCita> = {
  repos: ReposEnlacesCita;
  transaccion: Transaccion<Tx>;
  calendario: Calendario;
  tokens: TokensEnlaceCita;
  /** config.urlPublica: links point here, never to the request's Host. */
  urlPublica: string;
  /** config.cancelacionHorasAviso: the notice that makes a paid deposit refundable. */
  horasAviso: number;
  /** The patient's own answers (cambios.service.ts), with the actions' rules, audit and notices. */
  confirmar: Responder<Tx>;
  cancelar: Responder<Tx>;
};

export function createEnlacesCitaService<Tx extends ReposEnlacesCita>(deps: EnlacesCitaDeps<Tx>) {
  const { repos, calendario, tokens } = deps;

  // The fragment never reaches a server (not ours, not a proxy's log); the page posts it in a JSON body.
  const enlace = (citaId: number, accion: AccionEnlaceCita, inicio: Date) =>
    `${deps.urlPublica}${PAGINA_ENLACE_CITA}#token=${tokens.emitir(citaId, accion, inicio)}`;

  const auditoriaBase = (origen: Origen) =>
    ({ accion: 'cita.enlace', recurso: 'cita', ip: origen.ip, agente: origen.agente }) as const;

  /** A refused link: audited and counted for this client address, then answered (429 once the address is paused). */
  async function rechazar(
    origen: Origen,
    c: Pick<CitaDetalle, 'id' | 'paciente_id'> | null,
    detalle: string,
    error: AppError,
  ): Promise<never> {
    const ahora = calendario.ahora();
    const bloqueo = await deps.transaccion(async (tx) => {
      const r = await tx.bloqueos.registrarFallo(claveIp(origen.ip), ahora, LIMITE_ENLACES_CITA_IP);
      const fila = {
        ...auditoriaBase(origen),
        usuarioId: c?.paciente_id ?? null,
        recursoId: c?.id ?? null,
        resultado: 'fallo' as const,
        detalle,
      };
      await tx.auditoria.registrar(fila);
      if (r.bloqueadoHasta) await tx.auditoria.registrar({ ...fila, resultado: 'bloqueo', detalle: 'pausa por ip' });
      return r.bloqueadoHasta;
    });
    if (bloqueo) throw new LimiteEnlacesCitaError((bloqueo.getTime() - ahora.getTime()) / 1000);
    throw error;
  }

  /** A state that takes no answer: said plainly, not counted (the link was genuine). */
  function sinRespuesta(c: CitaDetalle, d: DatosEnlaceCita): AppError | null {
    if (c.inicio.getTime() !== d.inicio.getTime()) return new AppError('CONFLICTO', 409, M.movida);
    if (c.estado === 'cancelada') return new AppError('CITA_CANCELADA', 409, M.cancelada);
    if (c.estado === 'realizada') return new AppError('CONFLICTO', 409, M.realizada);
    return null;
  }

  /** The link checked: signed by us, not expired, not used, its appointment as it was when it was sent. */
  async function revisar(token: string, origen: Origen) {
    const ahora = calendario.ahora();
    const hasta = await repos.bloqueos.bloqueadoHasta([claveIp(origen.ip)], ahora);
    if (hasta) {
      await repos.auditoria.registrar({
        ...auditoriaBase(origen),
        resultado: 'bloqueo',
        detalle: 'intento durante pausa',
      });
      throw new LimiteEnlacesCitaError((hasta.getTime() - ahora.getTime()) / 1000);
    }
    const invalido = new AppError('ENLACE_INVALIDO', 400, M.invalido);
    const d = tokens.verificar(token);
    if (!d) return rechazar(origen, null, 'enlace inválido', invalido);
    const c = await repos.citas.buscar(d.citaId);
    if (!c) return rechazar(origen, null, 'enlace de una cita inexistente', invalido);
    if (d.inicio.getTime() <= ahora.getTime())
      return rechazar(origen, c, `enlace vencido; accion=${d.accion}`, new AppError('ENLACE_VENCIDO', 410, M.vencido));
    const huella = huellaEnlace(token);
    if (await repos.enlacesCita.usado(huella))
      return rechazar(origen, c, `enlace ya usado; accion=${d.accion}`, new AppError('ENLACE_USADO', 410, M.usado));
    const estado = sinRespuesta(c, d);
    if (estado) throw estado;
    return { d, c, huella };
  }

  /** What cancelling now does with the deposit (anticipos.ts decidir, read without its lock). */
  async function anticipoDe(c: CitaDetalle): Promise<EnlaceCita['anticipo']> {
    if (!c.anticipo_monto) return null;
    if (c.reserva_vence_en) return { monto: c.anticipo_monto, pagado: false, al_cancelar: 'sin_pagar' };
    const cobrado = await repos.citas.anticipoCobrado(c.id);
    if (cobrado.monto <= 0) return { monto: c.anticipo_monto, pagado: false, al_cancelar: 'sin_pagar' };
    const horas = (c.inicio.getTime() - calendario.ahora().getTime()) / HORA;
    return { monto: cobrado.monto, pagado: true, al_cancelar: horas < deps.horasAviso ? 'retenido' : 'elegir' };
  }

  function mensajeDe(accion: AccionEnlaceCita, r: RespuestaPaciente): string {
    if (accion === 'confirmar') return r.cambio ? M.confirmada : M.yaConfirmada;
    if (!r.cambio) return M.yaCancelada;
    const a = r.anticipo;
    if (!a) return M.cancelada_ok;
    const monto = formatoPesos(a.monto);
    const extra =
      a.destino === 'retenido' ? M.retenido(monto) : a.destino === 'devolucion' ? M.devolucion(monto) : M.saldo(monto);
    return `${M.cancelada_ok}${extra}`;
  }

  return {
    /** What the link is for (nothing changes). */
    async ver(token: string, origen: Origen): Promise<EnlaceCita> {
      const { d, c } = await revisar(token, origen);
      return {
        accion: d.accion,
        cita: {
          inicio: c.inicio,
          fin: c.fin,
          tipo: c.tipo,
          estado: c.estado,
          procedimiento: c.procedimiento_nombre,
          doctor: c.doctor_nombre,
        },
        politica: { cancelacion_horas_aviso: deps.horasAviso, texto: politicaCancelacion(deps.horasAviso) },
        anticipo: await anticipoDe(c),
      };
    },

    /** The patient pressed the button: the action, once (the link is marked used in the action's transaction). */
    async usar(
      datos: { token: string; anticipo?: DestinoAnticipo | undefined },
      origen: Origen,
    ): Promise<ResultadoEnlaceCita> {
      const { d, c, huella } = await revisar(datos.token, origen);
      const enTransaccion = async (tx: Tx) => {
        // Under the appointment's row lock: moved meanwhile, or the same link used by a request racing this one.
        const fila = await tx.citas.bloquearAnticipo(c.id);
        if (!fila || fila.inicio.getTime() !== d.inicio.getTime()) throw new AppError('CONFLICTO', 409, M.movida);
        if (!(await tx.enlacesCita.marcarUsado(huella, c.id, d.accion, calendario.ahora())))
          throw new AppError('ENLACE_USADO', 410, M.usado);
      };
      const responder = d.accion === 'confirmar' ? deps.confirmar : deps.cancelar;
      const r = await responder(c.id, 'correo', origen, { destino: datos.anticipo, enTransaccion });
      return {
        accion: d.accion,
        estado: r.cita.estado as EstadoCita,
        cambio: r.cambio,
        mensaje: mensajeDe(d.accion, r),
      };
    },

    /**
     * The reminder as it leaves (the outbox's `correo` handler): its two links signed now, for the appointment at its
     * current start; an appointment cancelled, done, moved or begun meanwhile gets no usable link. Any other e-mail
     * passes untouched.
     */
    async conEnlaces(correo: Correo): Promise<Correo> {
      const { enlacesCita: datos, ...resto } = correo;
      if (!datos) return correo;
      const c = await repos.citas.buscar(datos.citaId);
      const vigente =
        !!c &&
        (c.estado === 'pendiente' || c.estado === 'confirmada') &&
        c.inicio.getTime() === Date.parse(datos.inicio) &&
        c.inicio.getTime() > calendario.ahora().getTime();
      const confirmar = vigente ? enlace(c.id, 'confirmar', c.inicio) : ENLACE_NO_DISPONIBLE;
      const cancelar = vigente ? enlace(c.id, 'cancelar', c.inicio) : ENLACE_NO_DISPONIBLE;
      const poner = (t: string, html: boolean) => {
        const e = html ? escaparHtml : (s: string) => s;
        return t.replaceAll(e(MARCA_ENLACE_CONFIRMAR), e(confirmar)).replaceAll(e(MARCA_ENLACE_CANCELAR), e(cancelar));
      };
      return { ...resto, texto: poner(resto.texto, false), ...(resto.html ? { html: poner(resto.html, true) } : {}) };
    },
  };
}
export type EnlacesCitaService = ReturnType<typeof createEnlacesCitaService>;
