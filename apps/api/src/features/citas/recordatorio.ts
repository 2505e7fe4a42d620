// The patient's reminder of an appointment (DOMAIN.md: "a reminder goes out 24 h before"): one delayed outbox row,
// due 24 h before the start, so it survives restarts. Every path that books an appointment queues it through this
// one function: the booking engine and the demo seed (issue 27.15: demo appointments had none). The outbox hands it
// back to `recordar` at its time.
import type { EfectoNuevo } from '../../platform/bandeja.repository.ts';
import type { EventosBandeja } from '../../platform/bandeja.service.ts';
import type { AvisosCita } from './avisos.ts';
import { NOMBRE_TIPO } from './citas-correos.ts';
import type { DepsCitas, ReposCitas } from './reglas.ts';

/** How long before the start the reminder goes out. */
export const HORAS_RECORDATORIO = 24;
const MS_HORA = 3_600_000;

/** The reminder's outbox row; none when its moment has already passed at `ahora`. */
export function recordatorioDeCita(
  citaId: number,
  inicio: Date,
  ahora: Date,
): (EfectoNuevo & { tipo: 'recordatorio'; carga: EventosBandeja['recordatorio']; disponibleEn: Date }) | null {
  const disponibleEn = new Date(inicio.getTime() - HORAS_RECORDATORIO * MS_HORA);
  if (disponibleEn.getTime() <= ahora.getTime()) return null;
  return { tipo: 'recordatorio', carga: { citaId, inicio: inicio.toISOString() }, disponibleEn };
}

/**
 * The reminders of appointments: queued when an appointment moves (a booking composes its own, reserva.service.ts),
 * and sent by the outbox at their time if the appointment still stands then.
 */
export function createRecordatorios<Tx extends ReposCitas>(
  deps: Pick<DepsCitas<Tx>, 'repos' | 'transaccion' | 'calendario' | 'correoPorWhatsapp'>,
  avisos: AvisosCita<Tx>,
) {
  const { repos, calendario } = deps;
  return {
    /** The patient's reminder for a new time, queued in `tx` (a delayed outbox row: it survives restarts). */
    async programar(tx: Tx, citaId: number, inicio: Date) {
      const r = recordatorioDeCita(citaId, inicio, calendario.ahora());
      if (r) await tx.encolar(r.tipo, r.carga, { disponibleEn: r.disponibleEn });
    },

    /** Outbox handler: the reminder of an appointment that still stands at the time it was queued for. */
    async recordar({ citaId, inicio, soloCorreo }: { citaId: number; inicio: string; soloCorreo?: boolean }) {
      const c = await repos.citas.buscar(citaId);
      // Cancelled, done or moved (a move queued its own reminder): nothing to send.
      if (!c || (c.estado !== 'pendiente' && c.estado !== 'confirmada') || c.inicio.getTime() !== Date.parse(inicio)) {
        return;
      }
      const mensaje = `Recordatorio: mañana a las ${avisos.hora.format(c.inicio)} tienes tu cita de ${NOMBRE_TIPO[c.tipo]}`;
      await deps.transaccion(async (tx) => {
        // The WhatsApp reminder that replaced the e-mail could not be delivered: the e-mail goes after all.
        if (soloCorreo) return void (await avisos.correoAlPaciente(tx, c.id, 'recordatorio'));
        await avisos.avisar(tx, c.paciente_id, 'cita.recordatorio', c.id, mensaje);
        // She chose WhatsApp only and it can reach her: the reminder goes there (with its Confirmar/Cancelar).
        if (!(await deps.correoPorWhatsapp?.(tx, c.paciente_id, 'recordatorio')))
          await avisos.correoAlPaciente(tx, c.id, 'recordatorio');
      });
    },
  };
}
