// Limits of the live connection (issue 21.2): one person cannot stall the clinic through her sockets.
// - Events: a token bucket per socket and one per user; an event that finds either empty is dropped before any
//   handler runs (no database, no audit row). A socket that keeps sending past its limit is closed with a reason.
// - Sockets: at most MAX_SOCKETS_POR_USUARIO per user. Counted per instance, like the buckets: each instance
//   guards its own event loop, and a shared counter would put Redis in front of every handshake.
// - Audit: incidents (an id that is not one's own, refused events, closed or refused connections) are counted per
//   user and written as at most one row per user per VENTANA_AUDITORIA_MS: the first at once, the rest as one
//   summary when the window ends. A flood costs one counter increment per event, never a write.
// Time is the app's clock (deps.now): one clock for the whole API, and tests move it.
import type { FastifyBaseLogger } from 'fastify';
import type { MotivoDesconexion } from '@clinica/contracts/events';
import type { Audit, AuditEvent } from '../platform/auditoria.repository.ts';

/** Live connections of one person on one instance: tabs and devices, with room to spare. */
export const MAX_SOCKETS_POR_USUARIO = 10;
/** The web sends one event per (re)connection; these leave room for a burst of reconnections. */
export const EVENTOS_POR_SOCKET = { porSegundo: 3, rafaga: 6 } as const;
export const EVENTOS_POR_USUARIO = { porSegundo: 10, rafaga: 20 } as const;
/** Refused events after which a socket is closed (DEMASIADOS_EVENTOS). */
export const MAX_RECHAZOS_POR_SOCKET = 20;
/** At most one audit row per user per window; a user's counters are forgotten a window after her last socket. */
export const VENTANA_AUDITORIA_MS = 60_000;

export const MOTIVOS = {
  SESION_VENCIDA: 'Tu sesión terminó. Inicia sesión de nuevo para seguir recibiendo tus avisos.',
  DEMASIADOS_EVENTOS:
    'Tu conexión en vivo envió demasiados mensajes seguidos y se cerró. Recarga la página para volver a conectarte.',
  DEMASIADAS_CONEXIONES:
    'Tienes demasiadas pestañas o dispositivos conectados a la vez. Cierra alguno e inténtalo de nuevo.',
} as const satisfies Record<MotivoDesconexion['codigo'], string>;

export const motivo = (codigo: MotivoDesconexion['codigo']): MotivoDesconexion => ({
  codigo,
  mensaje: MOTIVOS[codigo],
});

type Ritmo = { readonly porSegundo: number; readonly rafaga: number };

/** A token bucket: `rafaga` events at once, refilled at `porSegundo`. */
export class Cubeta {
  private fichas: number;
  private desde: number;
  constructor(
    private readonly ritmo: Ritmo,
    ahora: number,
  ) {
    this.fichas = ritmo.rafaga;
    this.desde = ahora;
  }

  /** Whether an event fits now. A clock that steps back refills nothing. */
  hay(ahora: number): boolean {
    if (ahora > this.desde) {
      this.fichas = Math.min(this.ritmo.rafaga, this.fichas + ((ahora - this.desde) * this.ritmo.porSegundo) / 1000);
      this.desde = ahora;
    }
    return this.fichas >= 1;
  }

  tomar(): void {
    this.fichas -= 1;
  }
}

export type Incidente =
  | { tipo: 'ajeno'; evento: 'registrarDoctor' | 'registrarPaciente'; id: string | null }
  | { tipo: 'rechazado' | 'expulsada' | 'conexionRechazada' };

type Cuentas = {
  ajenos: number;
  ultimoAjeno: { evento: string; id: string | null } | null;
  rechazados: number;
  expulsadas: number;
  conexionesRechazadas: number;
};

type EstadoUsuario = {
  /** Sockets reserved or connected on this instance. */
  sockets: number;
  cubeta: Cubeta;
  /** When the last audit row of this user was written (-Infinity: never). */
  ultimaFila: number;
  pendiente: Cuentas | null;
  ip: string | null;
  /** Last time anything happened for this user (to forget idle users). */
  vistoEn: number;
};

const vacias = (): Cuentas => ({
  ajenos: 0,
  ultimoAjeno: null,
  rechazados: 0,
  expulsadas: 0,
  conexionesRechazadas: 0,
});

/** The row one user's counted incidents make. A lone foreign id keeps the shape it always had. */
export function filaDeIncidentes(usuarioId: number, c: Cuentas, ip: string | null): AuditEvent {
  const base = { usuarioId, recurso: 'usuario', resultado: 'denegado' as const, ip };
  const soloAjenos = c.rechazados === 0 && c.expulsadas === 0 && c.conexionesRechazadas === 0;
  if (soloAjenos && c.ultimoAjeno) {
    return {
      ...base,
      accion: `socket.${c.ultimoAjeno.evento}`,
      recursoId: c.ultimoAjeno.id,
      detalle: c.ajenos === 1 ? 'id ajeno' : `id ajeno (${c.ajenos} veces; se muestra el último)`,
    };
  }
  const cuantos = (n: number, uno: string, varios: string) => (n === 0 ? '' : `${n} ${n === 1 ? uno : varios}`);
  const partes = [
    cuantos(c.ajenos, 'registro con id ajeno', 'registros con id ajeno'),
    cuantos(c.rechazados, 'evento rechazado por exceso', 'eventos rechazados por exceso'),
    cuantos(c.expulsadas, 'conexión cerrada por exceso de eventos', 'conexiones cerradas por exceso de eventos'),
    cuantos(
      c.conexionesRechazadas,
      'conexión rechazada por exceso de conexiones',
      'conexiones rechazadas por exceso de conexiones',
    ),
  ].filter(Boolean);
  return {
    ...base,
    accion: 'socket.limite',
    recursoId: c.ultimoAjeno?.id ?? null,
    detalle: partes.join('; '),
  };
}

export function crearLimites(deps: { audit: Audit; log: Pick<FastifyBaseLogger, 'error' | 'warn'> }) {
  const usuarios = new Map<number, EstadoUsuario>();

  const estado = (usuarioId: number, ahora: number): EstadoUsuario => {
    let e = usuarios.get(usuarioId);
    if (!e) {
      e = {
        sockets: 0,
        cubeta: new Cubeta(EVENTOS_POR_USUARIO, ahora),
        ultimaFila: -Infinity,
        pendiente: null,
        ip: null,
        vistoEn: ahora,
      };
      usuarios.set(usuarioId, e);
    }
    e.vistoEn = ahora;
    return e;
  };

  const escribir = (usuarioId: number, e: EstadoUsuario, ahora: number) => {
    const fila = filaDeIncidentes(usuarioId, e.pendiente ?? vacias(), e.ip);
    e.pendiente = null;
    e.ultimaFila = ahora;
    deps
      .audit(fila)
      .catch((err: unknown) => deps.log.error({ err }, 'no se pudo auditar un incidente de la conexión en vivo'));
  };

  return {
    /** Takes one of the user's socket places; false when she already has MAX_SOCKETS_POR_USUARIO here. */
    reservar(usuarioId: number, ahora: number): boolean {
      const e = estado(usuarioId, ahora);
      if (e.sockets >= MAX_SOCKETS_POR_USUARIO) return false;
      e.sockets++;
      return true;
    },

    liberar(usuarioId: number, ahora: number): void {
      const e = estado(usuarioId, ahora);
      e.sockets = Math.max(0, e.sockets - 1);
    },

    /** Whether one more event of this socket fits both its bucket and its user's; takes from both if so. */
    admitir(usuarioId: number, cubeta: Cubeta, ahora: number): boolean {
      const e = usuarios.get(usuarioId) ?? estado(usuarioId, ahora);
      if (!cubeta.hay(ahora) || !e.cubeta.hay(ahora)) return false;
      cubeta.tomar();
      e.cubeta.tomar();
      return true;
    },

    /** Counts an incident; writes the user's row now if her window is free, else when it ends (revisar). */
    anotar(usuarioId: number, incidente: Incidente, ip: string | null, ahora: number): void {
      const e = estado(usuarioId, ahora);
      const c = (e.pendiente ??= vacias());
      e.ip = ip;
      if (incidente.tipo === 'ajeno') {
        c.ajenos++;
        c.ultimoAjeno = { evento: incidente.evento, id: incidente.id };
      } else if (incidente.tipo === 'rechazado') c.rechazados++;
      else if (incidente.tipo === 'expulsada') c.expulsadas++;
      else c.conexionesRechazadas++;
      if (ahora - e.ultimaFila >= VENTANA_AUDITORIA_MS) escribir(usuarioId, e, ahora);
    },

    /** Writes the summaries whose window ended and forgets users with no socket and nothing left to count. */
    revisar(ahora: number): void {
      for (const [usuarioId, e] of usuarios) {
        const libre = ahora - e.ultimaFila >= VENTANA_AUDITORIA_MS;
        if (e.pendiente && libre) escribir(usuarioId, e, ahora);
        else if (!e.pendiente && e.sockets === 0 && ahora - e.vistoEn >= VENTANA_AUDITORIA_MS) {
          usuarios.delete(usuarioId);
        }
      }
    },

    /** On close: what was still counted goes to the log (the database may already be closing). */
    volcar(): void {
      for (const [usuarioId, e] of usuarios) {
        if (e.pendiente) {
          deps.log.warn(
            { usuarioId, detalle: filaDeIncidentes(usuarioId, e.pendiente, e.ip).detalle },
            'incidentes de la conexión en vivo sin auditar al cerrar',
          );
        }
      }
      usuarios.clear();
    },

    /** Users this instance keeps counters for (tests, diagnostics). */
    get usuarios(): number {
      return usuarios.size;
    },
  };
}
export type Limites = ReturnType<typeof crearLimites>;
