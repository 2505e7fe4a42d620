// Refunds of deposits (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación"; decision 0057):
//   - `devolver`: the desk pays out the refund the cancellation policy owes (the patient chose it), at its day, and
//     tells the patient (a notification, pushed live, and an e-mail through the outbox) how much and how;
//   - `registrarCredito`: a deposit kept as the patient's credit, written in the cancellation's transaction.
// Moved out of pagos.service.ts (over 400 lines); the payments' wire and the balance rule come from it.
import {
  MENSAJES_PAGOS as M,
  metodoPagoNombres,
  numeroRecibo,
  type MetodoPago,
  type Pago,
} from '@clinica/contracts/pagos';
import { formatoPesos } from '@clinica/contracts/dinero';
import { diaEsCo } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { noEncontrado } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito } from '../../platform/auditoria.repository.ts';
import type { MensajeCorreo } from '../../platform/plantillas-correo.ts';
import type { CajaRepository } from './caja.repository.ts';
import { diaAbierto, regla, type ReposPagos } from './dia-caja.ts';

type CitaCobro = NonNullable<Awaited<ReturnType<CajaRepository['citaParaCobro']>>>;
/** A notification written in the caller's transaction (the composition root gives it, with its live push). */
export type AvisoPago = { usuario_id: number; tipo: string; mensaje: string; cita_id: number | null; ruta: string };

/** How the money went back, as a sentence ends: «…, por transferencia». */
const COMO_SE_DEVOLVIO: Record<MetodoPago, string> = {
  efectivo: 'en efectivo',
  datafono: 'a tu tarjeta, por datáfono',
  transferencia: 'por transferencia',
  nequi_daviplata: 'por Nequi o Daviplata',
  en_linea: 'por el medio de pago en línea',
  saldo_a_favor: 'como saldo a favor',
};

export type DepsDevoluciones<Tx extends ReposPagos> = {
  transaccion: Transaccion<Tx>;
  calendario: Calendario;
  urlPublica: string;
  /** What the appointment owes and the refund it is owed (pagos.service cobroDe), read in the caller's transaction. */
  devolucionPendiente: (tx: Tx, cita: CitaCobro) => Promise<number>;
  /** The payment as the wire shows it to `actor` (after the commit). */
  pagoWire: (id: number, actor: Actor) => Promise<Pago>;
  notificar: (tx: Tx, aviso: AvisoPago) => Promise<void>;
  /** Queues an e-mail to `para` in the caller's transaction (the outbox sends it after the commit). */
  correo: (tx: Tx, para: string, mensaje: MensajeCorreo) => Promise<void>;
};

export function createDevolucionesService<Tx extends ReposPagos>(deps: DepsDevoluciones<Tx>) {
  const { transaccion, calendario } = deps;

  /** The patient learns her refund was paid out: the amount in es-CO pesos, the method, the appointment's date. */
  async function avisarDevolucion(
    tx: Tx,
    cita: CitaCobro,
    pago: { id: number; monto: number; metodo: MetodoPago; referencia: string | null; recibo_numero: number | null },
  ) {
    const monto = formatoPesos(pago.monto);
    const fecha = diaEsCo(calendario.fechaDe(cita.inicio));
    const como = COMO_SE_DEVOLVIO[pago.metodo];
    await deps.notificar(tx, {
      usuario_id: cita.paciente_id,
      tipo: 'pago.devolucion',
      mensaje: `Te devolvimos ${monto} del anticipo de tu cita del ${fecha}, ${como}`,
      cita_id: cita.id,
      ruta: '/mispagos',
    });
    const persona = await tx.caja.persona(cita.paciente_id);
    // A patient registered at the desk without an e-mail (issue 27.8) has the notification only.
    if (!persona?.correo) return;
    const filas: [string, string][] = [
      ['Valor devuelto', monto],
      ['Forma de devolución', metodoPagoNombres[pago.metodo]],
    ];
    if (pago.referencia) filas.push(['Referencia', pago.referencia]);
    if (pago.recibo_numero !== null) filas.push(['Recibo de caja', numeroRecibo(pago.recibo_numero)]);
    await deps.correo(tx, persona.correo, {
      asunto: `Te devolvimos el anticipo de tu cita del ${fecha}`,
      titulo: 'Devolución de tu anticipo',
      saludo: `Hola, ${persona.nombre}:`,
      bloques: [
        {
          tipo: 'parrafo',
          texto: `Te devolvimos ${monto} del anticipo de tu cita del ${fecha}, ${como}.`,
        },
        { tipo: 'detalles', filas },
        { tipo: 'boton', texto: 'Ver mis pagos', url: `${deps.urlPublica}/mispagos` },
        {
          tipo: 'nota',
          texto:
            'Según el medio de pago, el dinero puede tardar unos días hábiles en verse en tu cuenta. Si tienes alguna pregunta, comunícate con la clínica.',
        },
      ],
    });
  }

  return {
    /**
     * The desk pays out the refund the cancellation policy owes on an appointment (the patient chose it): the amount
     * is the deposit paid less what was already paid out, under the desk day's lock, audited pago.devolver; the
     * patient is told in the same transaction.
     */
    async devolver(
      actor: Actor,
      datos: { cita_id: number; metodo: MetodoPago; referencia?: string | undefined; notas?: string | undefined },
      origen: Origen,
    ): Promise<Pago> {
      const id = await transaccion(async (tx) => {
        const ahora = calendario.ahora();
        await diaAbierto(tx, actor.id, calendario.fechaDe(ahora), M.diaCerrado);
        const cita = await tx.caja.citaParaCobro(datos.cita_id, true);
        if (!cita) throw noEncontrado(M.citaNoEncontrada);
        const pendiente = await deps.devolucionPendiente(tx, cita);
        if (pendiente <= 0) throw regla(M.sinDevolucionPendiente, 'cita_id');
        const pago = await tx.pagos.registrar(
          {
            paciente_id: cita.paciente_id,
            monto: pendiente,
            metodo: datos.metodo,
            concepto: 'devolucion',
            referencia: datos.referencia ?? null,
            cita_id: cita.id,
            estado: 'aprobado',
            registrado_por: actor.id,
            notas: datos.notas ?? null,
          },
          ahora,
        );
        await auditarExito(
          tx,
          actor,
          'pago.devolver',
          'pago',
          pago.id,
          `cita=${cita.id}; paciente=${cita.paciente_id}; monto=${pago.monto}; metodo=${pago.metodo}; recibo=${pago.recibo_numero}`,
          origen,
        );
        await avisarDevolucion(tx, cita, { ...pago, metodo: datos.metodo });
        return pago.id;
      });
      return deps.pagoWire(id, actor);
    },

    /**
     * A cancelled appointment's paid deposit kept as the patient's credit, in the cancellation's transaction: a
     * refund of metodo saldo_a_favor (no cash moves, no desk: registrado_por null), approved with its receipt number.
     */
    async registrarCredito(tx: ReposPagos, d: { citaId: number; pacienteId: number; monto: number }) {
      return tx.pagos.registrar(
        {
          paciente_id: d.pacienteId,
          monto: d.monto,
          metodo: 'saldo_a_favor',
          concepto: 'devolucion',
          referencia: null,
          cita_id: d.citaId,
          estado: 'aprobado',
          registrado_por: null,
          notas: null,
        },
        calendario.ahora(),
      );
    },
  };
}
