// What an appointment tells people and the audit log, shared by booking, changes and reminders: the in-app
// notifications (DOMAIN.md texts, each opening the appointment's details), the patient's e-mail with its calendar
// (citas-correos.ts), the audit event, and the es-CO dates and times they are written with.
import { horaEsCo } from '@clinica/contracts/tiempo';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { ClaseCorreoCita } from './citas-correos.ts';
import type { DepsCitas, NuevoAviso, ReposCitas } from './reglas.ts';

/** Dates and times as the clinic writes them (its zone). */
export function formatosCita(zona: string) {
  const fechaCorta = new Intl.DateTimeFormat('es-CO', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: zona,
  });
  /** 'h:mm a. m.' (contracts/tiempo horaEsCo: the one es-CO time format, plain spaces). */
  const hora = { format: (d: Date) => horaEsCo(d, zona) };
  return {
    fechaCorta,
    hora,
    /** '03/12/2026 a las 9:00 a. m.' */
    cuando: (d: Date) => `${fechaCorta.format(d)} a las ${hora.format(d)}`,
    /** Intl's narrow and no-break spaces as plain ones (texts a person reads in a message). */
    texto: (s: string) => s.replace(/\u00a0|\u202f/g, ' '),
  };
}

/** An appointment's audit event (written by `auditar`, or by the booking's own statement). */
export const eventoCita = (actor: Actor, accion: string, id: number, detalle: string, origen: Origen) => ({
  usuarioId: actor.id,
  accion,
  recurso: 'cita',
  recursoId: id,
  resultado: 'exito' as const,
  ip: origen.ip,
  agente: origen.agente,
  detalle,
});

/**
 * A slot of this doctor may have freed in [desde, hasta): queued in the transaction of the change that freed it
 * (cancellation, a move's old time, a block removed, a hold released, hours changed), so the waitlist offers it once
 * the change commits (features/espera, docs/espera.md).
 */
export const huecoLiberado = (tx: Pick<ReposCitas, 'encolar'>, doctorId: number, desde: Date, hasta: Date) =>
  tx.encolar('espera.hueco', { doctorId, desde: desde.toISOString(), hasta: hasta.toISOString() });

/** DOMAIN.md texts; each one opens the appointment's details. */
export const aviso = (usuarioId: number, tipo: string, citaId: number, mensaje: string): NuevoAviso => ({
  usuario_id: usuarioId,
  tipo,
  mensaje,
  cita_id: citaId,
  ruta: `/detallescitas/${citaId}`,
});

export function createAvisosCita<Tx extends ReposCitas>(
  deps: Pick<DepsCitas<Tx>, 'calendario' | 'notificar' | 'correos'>,
) {
  const { calendario, notificar } = deps;
  return {
    ...formatosCita(calendario.zona),

    avisar: (tx: Tx, usuarioId: number, tipo: string, citaId: number, mensaje: string) =>
      notificar(tx, aviso(usuarioId, tipo, citaId, mensaje)),

    auditar: (tx: Tx, actor: Actor, accion: string, id: number, detalle: string, origen: Origen) =>
      tx.auditoria.registrar(eventoCita(actor, accion, id, detalle, origen)),

    /**
     * The patient's e-mail about this appointment, queued in the same transaction. A change the patient's calendar
     * must take (confirmed, moved, cancelled) raises the calendar SEQUENCE first; read after the write, so the
     * message shows the appointment as it now is.
     */
    async correoAlPaciente(tx: Tx, id: number, clase: ClaseCorreoCita) {
      if (clase !== 'creada' && clase !== 'recordatorio') await tx.citas.siguienteSecuencia(id);
      const c = await tx.citas.buscar(id);
      const correo = c && deps.correos.componer(clase, c);
      if (correo) await tx.encolar('correo', correo);
      return c;
    },
  };
}
export type AvisosCita<Tx extends ReposCitas = ReposCitas> = ReturnType<typeof createAvisosCita<Tx>>;
