// Deposits of appointments (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación"; decision 0057):
//   - a booking that owes a deposit holds its slot until `reserva_vence_en` (reserva.service.ts computes both); the
//     hold's expiry is a delayed outbox row (`reserva.vence`), so a restart loses nothing: at its time `vencerReserva`
//     cancels the appointment if the deposit is still unpaid (causa reserva_vencida; the slot frees, since the
//     exclusion constraints ignore cancelled appointments) and tells the patient and the desk;
//   - `anticipoPagado(tx, citaId)` is THE step "the deposit is now paid" (the desk's payment, and the online payment
//     at merge): it ends the hold in the payment's transaction and tells the patient; `anticipoAnulado` its reverse,
//     when the deposit's payment is voided (a fresh hold for a pending appointment, owed until the start if confirmed);
//   - the cancellation policy (`politicaAlCancelar`) and the staff's "Marcar inasistencia".
// The expiry, a payment and a cancellation each lock the appointment's row first: exactly one of them decides.
import { formatoPesos } from '@clinica/contracts/dinero';
import { MENSAJES_CITAS as M, type DestinoAnticipo } from '@clinica/contracts/citas';
import { AppError, prohibido } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { EfectoNuevo } from '../../platform/bandeja.repository.ts';
import type { EventosBandeja } from '../../platform/bandeja.service.ts';
import { huecoLiberado, type AvisosCita } from './avisos.ts';
import type { CitaDetalle } from './citas.repository.ts';
import { regla, type DepsCitas, type ReposCitas } from './reglas.ts';

/** The text of the cancellation an expired hold writes. */
export const MOTIVO_RESERVA_VENCIDA = 'El anticipo no se pagó a tiempo y la reserva se liberó.';
/** The text of a no-show when staff give none. */
export const MOTIVO_INASISTENCIA = 'La paciente no asistió a la cita.';
const HORA_MS = 3_600_000;

/** The hold's expiry as a delayed outbox row, due when the hold ends. */
export function vencimientoDeReserva(
  citaId: number,
  venceEn: Date,
): EfectoNuevo & { tipo: 'reserva.vence'; carga: EventosBandeja['reserva.vence']; disponibleEn: Date } {
  return { tipo: 'reserva.vence', carga: { citaId }, disponibleEn: venceEn };
}

/**
 * What the cancellation policy does with a deposit when an appointment is cancelled (docs/dinero.md): nothing
 * without a paid deposit; with one, refunded or credited at the patient's choice when cancelled at least
 * `horasAviso` hours before the start, retained otherwise (and always for a no-show).
 */
export type DecisionAnticipo =
  | { destino: null }
  | { destino: 'retenido'; monto: number }
  | { destino: DestinoAnticipo; monto: number; metodo: string };

export function createAnticipos<Tx extends ReposCitas>(deps: DepsCitas<Tx>, avisos: AvisosCita<Tx>) {
  const { calendario, transaccion } = deps;
  const { avisar, fechaCorta, cuando } = avisos;

  /** What the policy decides for `c` cancelled now (the row read under its lock by the caller's transaction). */
  async function decidir(
    tx: Tx,
    c: Pick<CitaDetalle, 'id' | 'inicio'>,
    elegido: DestinoAnticipo | undefined,
    noShow: boolean,
  ): Promise<DecisionAnticipo> {
    const fila = await tx.citas.bloquearAnticipo(c.id);
    if (!fila?.anticipo_monto || fila.reserva_vence_en !== null) return { destino: null };
    const cobrado = await tx.citas.anticipoCobrado(c.id);
    if (cobrado.monto <= 0) return { destino: null };
    const horas = (fila.inicio.getTime() - calendario.ahora().getTime()) / HORA_MS;
    if (noShow || horas < deps.anticipos.horasAviso) return { destino: 'retenido', monto: cobrado.monto };
    if (!elegido) throw regla(M.eligeDestinoAnticipo, 'anticipo');
    return { destino: elegido, monto: cobrado.monto, metodo: cobrado.metodo ?? 'efectivo' };
  }

  return {
    /**
     * The deposit of `citaId` is now paid: its hold ends (the appointment keeps its slot), in the payment's
     * transaction, and the patient is told. Call it after the payment's row is written, with the appointment's row
     * locked by that transaction. Answers false when there was no hold to end (already paid, or no deposit).
     */
    async anticipoPagado(tx: Tx, citaId: number): Promise<boolean> {
      const fila = await tx.citas.bloquearAnticipo(citaId);
      if (!fila || fila.estado === 'cancelada' || !(await tx.citas.liberarReserva(citaId))) return false;
      const mensaje = `Recibimos el anticipo de ${formatoPesos(fila.anticipo_monto ?? 0)} de tu cita del ${cuando(fila.inicio)}: tu horario queda reservado`;
      await avisar(tx, fila.paciente_id, 'cita.anticipo', citaId, mensaje);
      return true;
    },

    /**
     * A payment of the deposit of `citaId` was voided and what is left paid no longer covers it (pagos.service
     * anular, in the void's transaction): an upcoming `pendiente` appointment owes it again with a fresh hold,
     * min(now + ANTICIPO_HORAS_RESERVA, start), and its `reserva.vence` row, so an unpaid slot is not kept forever; an
     * upcoming `confirmada` one stays confirmed (the desk vouched for it and the patient was told) and owes the deposit
     * until its start, with no expiry (the handler leaves confirmed appointments alone). The patient is told either
     * way. A past, done or cancelled appointment keeps its state: its balance shows what is owed. Answers the new
     * hold's end, or null when nothing changed.
     */
    async anticipoAnulado(tx: Tx, actor: Actor, citaId: number, origen: Origen): Promise<Date | null> {
      const fila = await tx.citas.bloquearAnticipo(citaId);
      const ahora = calendario.ahora();
      if (!fila?.anticipo_monto || fila.reserva_vence_en !== null || fila.inicio.getTime() <= ahora.getTime())
        return null;
      if (fila.estado !== 'pendiente' && fila.estado !== 'confirmada') return null;
      const pendiente = fila.estado === 'pendiente';
      const vence = pendiente
        ? new Date(Math.min(ahora.getTime() + deps.anticipos.horasReserva * HORA_MS, fila.inicio.getTime()))
        : fila.inicio;
      if (!(await tx.citas.reabrirReserva(citaId, vence))) return null;
      if (pendiente) await tx.encolar('reserva.vence', { citaId }, { disponibleEn: vence });
      const detalle = `estado=${fila.estado}; anticipo=${fila.anticipo_monto}; vence=${vence.toISOString()}`;
      await avisos.auditar(tx, actor, 'cita.anticipo_reabierto', citaId, detalle, origen);
      const monto = formatoPesos(fila.anticipo_monto);
      const mensaje = pendiente
        ? `Se anuló el pago del anticipo de ${monto} de tu cita del ${cuando(fila.inicio)}: págalo antes del ${cuando(vence)} para conservar tu horario`
        : `Se anuló el pago del anticipo de ${monto} de tu cita del ${cuando(fila.inicio)}: tu cita sigue confirmada y el anticipo queda pendiente de pago`;
      await avisar(tx, fila.paciente_id, 'cita.anticipo', citaId, mensaje);
      return vence;
    },

    /**
     * Outbox handler of `reserva.vence`: the appointment still pending with its hold past is cancelled (causa
     * reserva_vencida), its patient (notification and e-mail), its doctor and the desk told. Idempotent: a paid,
     * cancelled or moved-hold appointment is left alone (a later hold is queued again for its new time).
     */
    async vencerReserva({ citaId }: { citaId: number }): Promise<void> {
      await transaccion(async (tx) => {
        const fila = await tx.citas.bloquearAnticipo(citaId);
        if (!fila || fila.estado !== 'pendiente' || fila.reserva_vence_en === null) return;
        const ahora = calendario.ahora();
        if (fila.reserva_vence_en.getTime() > ahora.getTime()) {
          // The hold moved later than this row's time (a reschedule): its own time is owed a check.
          await tx.encolar('reserva.vence', { citaId }, { disponibleEn: fila.reserva_vence_en });
          return;
        }
        const c = (await tx.citas.buscar(citaId))!;
        const cambio = {
          estado: 'cancelada' as const,
          causa_cancelacion: 'reserva_vencida' as const,
          motivo_cancelacion: MOTIVO_RESERVA_VENCIDA,
        };
        if (!(await tx.citas.actualizar(citaId, cambio, ahora, 'pendiente'))) return;
        await tx.auditoria.registrar({
          usuarioId: null,
          accion: 'cita.reserva_vencida',
          recurso: 'cita',
          recursoId: citaId,
          resultado: 'exito',
          detalle: `anticipo=${fila.anticipo_monto}; vencia=${fila.reserva_vence_en.toISOString()}`,
        });
        await tx.encolar('cita.cambio', { doctorIds: [c.doctor_id], citaId });
        await huecoLiberado(tx, c.doctor_id, c.inicio, c.fin);
        const fecha = fechaCorta.format(c.inicio);
        await avisar(
          tx,
          c.paciente_id,
          'cita.cancelada',
          citaId,
          `Tu reserva del ${cuando(c.inicio)} se liberó porque el anticipo no se pagó a tiempo`,
        );
        await avisar(
          tx,
          c.doctor_id,
          'cita.cancelada',
          citaId,
          `La reserva de ${c.paciente_nombre} del ${fecha} se liberó: el anticipo no se pagó`,
        );
        for (const id of await tx.citas.personalDeCaja()) {
          if (id === c.doctor_id) continue;
          await avisar(
            tx,
            id,
            'cita.reserva_vencida',
            citaId,
            `La reserva de ${c.paciente_nombre} del ${cuando(c.inicio)} se liberó: el anticipo de ${formatoPesos(fila.anticipo_monto ?? 0)} no se pagó`,
          );
        }
        await avisos.correoAlPaciente(tx, citaId, 'cancelada');
      });
    },

    decidir,

    /** Records what the policy decided in the cancellation's transaction: the choice on the row, a credit's row. */
    async aplicar(
      tx: Tx,
      actor: Actor,
      c: Pick<CitaDetalle, 'id' | 'paciente_id'>,
      d: DecisionAnticipo,
      origen: Origen,
    ) {
      if (d.destino === null) return;
      await tx.citas.destinoAnticipo(c.id, d.destino);
      if (d.destino === 'saldo_a_favor') {
        // The credit is money of the patient's kept by the clinic: a refund into her credit, moving no cash.
        await deps.registrarCredito(tx, { citaId: c.id, pacienteId: c.paciente_id, monto: d.monto });
      }
      await avisos.auditar(tx, actor, 'cita.anticipo_destino', c.id, `destino=${d.destino}; monto=${d.monto}`, origen);
    },

    /** Staff only (the route too), after the start, on a pending or confirmed appointment. */
    revisarInasistencia(actor: Actor, c: Pick<CitaDetalle, 'estado' | 'inicio'>) {
      if (actor.rol === 'paciente') throw prohibido('Solo el personal de la clínica puede marcar una inasistencia.');
      if (c.estado !== 'pendiente' && c.estado !== 'confirmada')
        throw new AppError('REGLA_NEGOCIO', 422, M.inasistenciaEstado);
      if (c.inicio.getTime() > calendario.ahora().getTime()) throw regla(M.inasistenciaAntes);
    },
  };
}
export type Anticipos<Tx extends ReposCitas = ReposCitas> = ReturnType<typeof createAnticipos<Tx>>;
