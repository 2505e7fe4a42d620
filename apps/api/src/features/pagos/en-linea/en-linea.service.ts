// Online payment (issue 23, item 3; docs/dinero.md "Pagos en línea"; decision 0059).
//
// - The patient starts a checkout for her own appointment: the server computes what it owes online (its unpaid
//   deposit, else its balance), writes a pending `pagos` row (metodo en_linea) and answers the provider's signed
//   checkout address. A pending row of the same amount is reused; a stale one (the amount changed) is closed.
// - A transaction is resolved the same way whether its event arrives (webhook) or the return page asks the provider:
//   once per provider transaction id (the unique index on en_linea references backs it), under the appointment's row
//   lock, its amount and currency checked against the pending row.
// - An approval pays: the receipt number, the deposit's hold cleared; when the hold had already expired and the
//   appointment was cancelled for it, the appointment comes back if its slot is still free; else the money stays
//   recorded against the cancelled appointment and the desk is told to refund it or keep it as the patient's credit.
import { createHash } from 'node:crypto';
import { MENSAJES_EN_LINEA as M } from '@clinica/contracts/pagos-en-linea';
import { MENSAJES_PAGOS, type ConceptoPago, type EstadoPago } from '@clinica/contracts/pagos';
import { formatoPesos } from '@clinica/contracts/dinero';
import type { Transaccion } from '../../../db/transacciones.ts';
import { AppError, noEncontrado } from '../../../lib/app-error.ts';
import type { Calendario } from '../../../lib/calendario.ts';
import type { Actor, Origen } from '../../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../../platform/auditoria.repository.ts';
import type { ReposPagos } from '../dia-caja.ts';
import { regla } from '../dia-caja.ts';
import type { PagoFila } from '../pagos.repository.ts';
import type { Cobro } from '../pagos.service.ts';
import type { PagosEnLineaRepository } from './en-linea.repository.ts';
import { PasarelaNoResponde, type PasarelaPagos, type TransaccionPasarela } from './pasarela.ts';

export type ReposEnLinea = ReposPagos & { pagosEnLinea: PagosEnLineaRepository; auditoria: AuditoriaRepository };
/** A notification written in the caller's transaction (the composition root gives it). */
type Aviso = { usuario_id: number; tipo: string; mensaje: string; cita_id: number | null; ruta: string };
type CitaCobro = NonNullable<Awaited<ReturnType<ReposPagos['caja']['citaParaCobro']>>>;

/** Online payments a patient may start in an hour (each new amount is a new attempt). */
export const INICIOS_POR_HORA = 10;
/** A hold expiring sooner than this is not worth an expiration time on the checkout. */
const MARGEN_EXPIRACION_MS = 60_000;
const TIPO_AVISO = 'pago';
export const RUTA_RETORNO = '/pago-en-linea/resultado';

/** Our reference of a payment attempt: its id and a digest of when it was written (unique, no personal data). */
export function referenciaDe(p: Pick<PagoFila, 'id' | 'registrado_en'>): string {
  const huella = createHash('sha256').update(`${p.id}:${p.registrado_en.toISOString()}`).digest('hex').slice(0, 12);
  return `cl-${p.id}-${huella}`;
}
const idDeReferencia = (ref: string): number | null => {
  const m = /^cl-(\d{1,10})-[0-9a-f]{12}$/.exec(ref);
  return m ? Number(m[1]) : null;
};

export type Resolucion =
  | { resultado: 'ignorado'; pagoId: null }
  | { resultado: 'pendiente' | 'duplicado' | 'aprobado' | 'rechazado' | 'monto_distinto'; pagoId: number };

export function createPagosEnLineaService(deps: {
  repos: ReposEnLinea;
  transaccion: Transaccion<ReposEnLinea>;
  calendario: Calendario;
  pasarela: PasarelaPagos | null;
  cobroDe: (r: ReposPagos, cita: CitaCobro) => Promise<Cobro>;
  /** The deposit is paid (citas/anticipos.ts anticipoPagado): ends the hold, tells the patient; false if no hold. */
  anticipoPagado: (tx: ReposEnLinea, citaId: number) => Promise<boolean>;
  urlPublica: string;
  notificar: (tx: ReposEnLinea, v: Aviso | readonly Aviso[]) => Promise<void>;
  log: { warn(o: object, m: string): void };
}) {
  const { repos, transaccion, calendario, pasarela } = deps;

  function activa(): PasarelaPagos {
    if (!pasarela) throw regla(M.noDisponible);
    return pasarela;
  }

  const auditar = (
    r: ReposEnLinea,
    usuarioId: number | null,
    accion: string,
    pagoId: number,
    detalle: string,
    origen: Origen,
  ) =>
    r.auditoria.registrar({
      usuarioId,
      accion,
      recurso: 'pago',
      recursoId: pagoId,
      resultado: 'exito',
      ip: origen.ip,
      agente: origen.agente,
      detalle,
    });

  async function avisarCaja(r: ReposEnLinea, mensaje: string, citaId: number | null) {
    const ids = await r.pagosEnLinea.caja();
    await deps.notificar(
      r,
      ids.map((usuario_id) => ({ usuario_id, tipo: TIPO_AVISO, mensaje, cita_id: citaId, ruta: '/caja' })),
    );
  }
  const avisarPaciente = (r: ReposEnLinea, p: PagoFila, mensaje: string) =>
    deps.notificar(r, { usuario_id: p.paciente_id, tipo: TIPO_AVISO, mensaje, cita_id: p.cita_id, ruta: '/mispagos' });

  /**
   * What an approval does to its appointment (locked by the caller). Returns how it went, for the audit.
   */
  async function alAprobar(r: ReposEnLinea, p: PagoFila, ahora: Date): Promise<string> {
    if (p.cita_id === null) return 'sin cita';
    const cita = await r.pagosEnLinea.cita(p.cita_id);
    if (!cita) return 'sin cita';
    const monto = formatoPesos(p.monto);
    if (cita.estado !== 'cancelada') {
      // A deposit ends its hold and tells the patient so (citas/anticipos.ts); any other payment, this message.
      const anticipo = p.concepto === 'anticipo' && (await deps.anticipoPagado(r, cita.id));
      if (!anticipo)
        await avisarPaciente(r, p, `Recibimos tu pago en línea de ${monto}. Puedes descargar el recibo en Mis pagos.`);
      return 'pagado';
    }
    // A late approval: the hold expired and released the slot before the provider approved.
    if (
      cita.causa_cancelacion === 'reserva_vencida' &&
      cita.inicio > ahora &&
      (await r.pagosEnLinea.franjaLibre(cita))
    ) {
      await r.pagosEnLinea.reinstaurar(cita.id, ahora);
      await avisarPaciente(
        r,
        p,
        `Recibimos tu pago en línea de ${monto} después de que venció la reserva; el horario seguía libre y tu cita volvió a quedar agendada.`,
      );
      await avisarCaja(r, `Un pago en línea tardío de ${monto} reactivó una cita cuya reserva había vencido.`, cita.id);
      return 'cita reactivada';
    }
    // The slot was taken (or the appointment was cancelled for another reason): the money is recorded, approved,
    // against the cancelled appointment; the desk refunds it or keeps it as the patient's credit.
    await avisarPaciente(
      r,
      p,
      `Recibimos tu pago en línea de ${monto}, pero tu cita ya estaba cancelada. La clínica te contactará para devolverte el dinero o dejarlo como saldo a favor.`,
    );
    await avisarCaja(
      r,
      `Llegó un pago en línea de ${monto} para una cita cancelada: devuélvelo o déjalo como saldo a favor de la paciente.`,
      cita.id,
    );
    return 'cita cancelada: devolver o saldo a favor';
  }

  /**
   * Resolves one provider transaction, idempotently per its id: nothing when the same transaction was already
   * recorded. `usuarioId`: the patient on the return page, null for the provider's event.
   */
  async function resolver(t: TransaccionPasarela, usuarioId: number | null, origen: Origen): Promise<Resolucion> {
    const id = idDeReferencia(t.referencia);
    const previo = id === null ? undefined : await repos.pagosEnLinea.porId(id);
    if (!previo || previo.cita_id === null || referenciaDe(previo) !== t.referencia) {
      // Only the fact: the reference may be someone else's, the transaction carries the payer's data.
      deps.log.warn({ evento: 'pago_en_linea.referencia_desconocida' }, 'Pago en línea de una referencia desconocida');
      return { resultado: 'ignorado', pagoId: null };
    }
    if (t.estado === 'pendiente') return { resultado: 'pendiente', pagoId: previo.id };
    return transaccion(async (tx) => {
      const ahora = calendario.ahora();
      // The appointment's row first, as the desk does: one resolution at a time per appointment.
      await tx.caja.citaParaCobro(previo.cita_id!, true);
      const ya = await tx.pagosEnLinea.porTransaccion(t.id);
      if (ya) return { resultado: 'duplicado' as const, pagoId: ya.id };
      const p = (await tx.pagosEnLinea.porId(previo.id, true))!;
      const montoCorrecto = t.montoCentavos === p.monto * 100 && t.moneda === 'COP';
      const detalle = `transaccion=${t.id}; estado=${t.estadoProveedor}; centavos=${t.montoCentavos}; moneda=${t.moneda}; esperado=${p.monto * 100}`;

      if (t.estado === 'rechazada') {
        // A declined retry of a checkout already resolved leaves nothing to record.
        if (p.estado !== 'pendiente') return { resultado: 'duplicado' as const, pagoId: p.id };
        await tx.pagosEnLinea.resolver(p.id, { estado: 'rechazado', referencia: t.id, en: ahora, recibo_numero: null });
        await auditar(tx, usuarioId, 'pago_en_linea.rechazar', p.id, detalle, origen);
        await avisarPaciente(
          tx,
          p,
          `Tu pago en línea de ${formatoPesos(p.monto)} no fue aprobado. Puedes intentarlo de nuevo o pagar en la recepción.`,
        );
        return { resultado: 'rechazado' as const, pagoId: p.id };
      }

      if (!montoCorrecto) {
        // Not what was owed: never approved here; recorded (declined, with the provider's id) and told to the desk.
        let pagoId = p.id;
        if (p.estado === 'pendiente')
          await tx.pagosEnLinea.resolver(p.id, {
            estado: 'rechazado',
            referencia: t.id,
            en: ahora,
            recibo_numero: null,
          });
        else pagoId = (await tx.pagos.registrar({ ...copia(p), estado: 'rechazado', referencia: t.id }, ahora)).id;
        await auditar(tx, usuarioId, 'pago_en_linea.monto_distinto', pagoId, detalle, origen);
        await avisarCaja(
          tx,
          `La pasarela aprobó un pago en línea por un valor distinto del esperado (${formatoPesos(Math.floor(t.montoCentavos / 100))} ${t.moneda}, se esperaba ${formatoPesos(p.monto)} COP). No se registró como pagado: revísalo en el panel de Wompi.`,
          p.cita_id,
        );
        return { resultado: 'monto_distinto' as const, pagoId };
      }

      let pagoId = p.id;
      if (p.estado === 'pendiente') {
        const recibo = await tx.pagos.siguienteRecibo();
        await tx.pagosEnLinea.resolver(p.id, {
          estado: 'aprobado',
          referencia: t.id,
          en: ahora,
          recibo_numero: recibo,
        });
      } else {
        // Another transaction of the same checkout (a retry after a decline, or a stale attempt paid): money came
        // in, so it is a payment of its own.
        pagoId = (await tx.pagos.registrar({ ...copia(p), estado: 'aprobado', referencia: t.id }, ahora)).id;
      }
      const aprobado = (await tx.pagosEnLinea.porId(pagoId))!;
      const efecto = await alAprobar(tx, aprobado, ahora);
      await auditar(
        tx,
        usuarioId,
        'pago_en_linea.aprobar',
        pagoId,
        `${detalle}; recibo=${aprobado.recibo_numero}; ${efecto}`,
        origen,
      );
      return { resultado: 'aprobado' as const, pagoId };
    });
  }

  const copia = (p: PagoFila) => ({
    paciente_id: p.paciente_id,
    monto: p.monto,
    metodo: 'en_linea' as const,
    concepto: p.concepto,
    cita_id: p.cita_id,
    registrado_por: null,
    notas: null,
  });

  const resultadoDe = (p: PagoFila) => ({
    pago_id: p.id,
    cita_id: p.cita_id,
    monto: p.monto,
    concepto: p.concepto as ConceptoPago,
    estado: p.estado as EstadoPago,
    recibo_numero: p.recibo_numero,
  });

  return {
    config() {
      return {
        habilitado: pasarela !== null,
        proveedor: pasarela ? pasarela.proveedor : null,
        ambiente: pasarela ? pasarela.ambiente : null,
      };
    },

    /** The patient starts paying her appointment online: a pending row and the provider's signed checkout. */
    async iniciar(actor: Actor, citaId: number, origen: Origen) {
      const p = activa();
      const r = await transaccion(async (tx) => {
        const ahora = calendario.ahora();
        const cita = await tx.caja.citaParaCobro(citaId, true);
        if (!cita || cita.paciente_id !== actor.id) throw noEncontrado(M.citaNoEncontrada);
        if (cita.estado === 'cancelada') throw regla(M.citaCancelada, 'cita_id');
        if (cita.inicio <= ahora) throw regla(M.citaPasada, 'cita_id');
        const extra = (await tx.pagosEnLinea.cita(citaId))!;
        // What the desk would take now: the unpaid deposit while its hold lasts, else the balance.
        const cobro = await deps.cobroDe(tx, cita);
        // The desk's reasons, but "nothing pending" in the patient's words.
        if (cobro.impedimento)
          throw regla(
            cobro.impedimento === MENSAJES_PAGOS.nadaPendiente ? M.nadaPendiente : cobro.impedimento,
            'cita_id',
          );
        const concepto = cobro.cobra;
        const monto = cobro.saldo;
        const expiraEn =
          concepto === 'anticipo' &&
          extra.reserva_vence_en &&
          extra.reserva_vence_en.getTime() - ahora.getTime() > MARGEN_EXPIRACION_MS
            ? extra.reserva_vence_en
            : undefined;

        // The same attempt again (the patient came back): its reference and checkout. A stale one is closed.
        let pago: PagoFila | undefined;
        for (const pendiente of await tx.pagosEnLinea.pendientes(citaId)) {
          if (!pago && pendiente.monto === monto && pendiente.concepto === concepto) pago = pendiente;
          else {
            await tx.pagosEnLinea.resolver(pendiente.id, {
              estado: 'rechazado',
              referencia: null,
              en: ahora,
              recibo_numero: null,
            });
            await auditar(tx, actor.id, 'pago_en_linea.reemplazar', pendiente.id, `cita=${citaId}`, origen);
          }
        }
        if (!pago) {
          const desde = new Date(ahora.getTime() - 3_600_000);
          if ((await tx.pagosEnLinea.iniciadosDesde(actor.id, desde)) >= INICIOS_POR_HORA)
            throw new AppError('DEMASIADOS_INTENTOS', 429, M.demasiados);
          pago = await tx.pagos.registrar(
            {
              paciente_id: actor.id,
              monto,
              metodo: 'en_linea',
              concepto,
              referencia: null,
              cita_id: citaId,
              estado: 'pendiente',
              registrado_por: null,
              notas: null,
            },
            ahora,
          );
          await auditar(
            tx,
            actor.id,
            'pago_en_linea.iniciar',
            pago.id,
            `cita=${citaId}; monto=${monto}; concepto=${concepto}`,
            origen,
          );
        }
        return { pago, expiraEn };
      });
      const referencia = referenciaDe(r.pago);
      return {
        pago_id: r.pago.id,
        referencia,
        monto: r.pago.monto,
        concepto: r.pago.concepto as ConceptoPago,
        url: p.checkout({
          referencia,
          montoCentavos: r.pago.monto * 100,
          moneda: 'COP',
          urlRetorno: `${deps.urlPublica}${RUTA_RETORNO}`,
          expiraEn: r.expiraEn,
        }),
      };
    },

    /** The provider's event: verified (forged: 401, nothing changes), then resolved like any lookup. */
    async evento(body: unknown, origen: Origen): Promise<Resolucion> {
      const p = activa();
      const t = p.verificarEvento(body);
      if (!t) return { resultado: 'ignorado', pagoId: null };
      return resolver(t, null, origen);
    },

    /** The return page: the patient's own transaction, asked to the provider and resolved. */
    async transaccion(actor: Actor, transaccionId: string, origen: Origen) {
      const p = activa();
      let t: TransaccionPasarela | null;
      try {
        t = await p.consultar(transaccionId);
      } catch (err) {
        if (err instanceof PasarelaNoResponde) {
          deps.log.warn(
            { evento: 'pago_en_linea.pasarela_no_responde', motivo: err.message },
            'La pasarela no respondió',
          );
          throw new AppError('NO_DISPONIBLE', 503, M.pasarelaNoResponde);
        }
        throw err;
      }
      const id = t ? idDeReferencia(t.referencia) : null;
      const fila = id === null ? undefined : await repos.pagosEnLinea.porId(id);
      if (!t || !fila || fila.paciente_id !== actor.id || referenciaDe(fila) !== t.referencia)
        throw noEncontrado(M.transaccionNoEncontrada);
      const r = await resolver(t, actor.id, origen);
      const final = (r.pagoId !== null ? await repos.pagosEnLinea.porId(r.pagoId) : undefined) ?? fila;
      return resultadoDe(final);
    },
  };
}
export type PagosEnLineaService = ReturnType<typeof createPagosEnLineaService>;
