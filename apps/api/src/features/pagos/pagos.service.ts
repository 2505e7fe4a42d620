// Payments at the desk, voids, receipts and the daily cash close (issue 23, items 1 and 5; docs/dinero.md "Pagos,
// recibos y caja"; decisions 0054 and 0055).
//
// - The desk (assistants, administrators) charges an appointment's balance: the catalogue's price of what it is
//   (its procedure; an evaluation: the catalogue's evaluation consultation) less what approved, unvoided payments of
//   it paid, plus what was refunded. The amount is the server's, never the client's.
// - Every desk write takes the desk day's lock first (pagos.repository bloquearDia) and refuses a closed day: a
//   payment, a void (on the VOID's day, at the desk of the payment) and the close itself.
// - A void is a row of its own by an administrator with a reason; the payment never changes.
// - Lists and receipts cover payments of every concept (deposits, packages, balances, refunds), whoever wrote them.
// The cash close is caja.service.ts and the refunds devoluciones.service.ts (both spread into this service); the
// desk's day helpers are dia-caja.ts. The receipt (`recibo`) is the next part to move out if this file grows.
import {
  MENSAJES_PAGOS as M,
  metodoPagoNombres,
  numeroRecibo,
  type ConceptoPago,
  type EstadoPago,
  type MetodoPago,
  type Pago,
} from '@clinica/contracts/pagos';
import { formatoPesos } from '@clinica/contracts/dinero';
import { diaEsCo, type Fecha } from '@clinica/contracts/tiempo';
import { tipoDocumentoNombres } from '@clinica/contracts/usuarios';
import type { Transaccion } from '../../db/transacciones.ts';
import { isUniqueViolation, noEncontrado } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import { formateadorFechaHora } from '../../lib/fecha-hora.ts';
import { conTurnoPdf, generarPdf } from '../../lib/pdf-pool.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito } from '../../platform/auditoria.repository.ts';
import type { CajaRepository } from './caja.repository.ts';
import { createCajaService } from './caja.service.ts';
import { conflicto, diaAbierto, esCaja, rangoDia, regla, type ReposPagos } from './dia-caja.ts';
import { createDevolucionesService, type AvisoPago } from './devoluciones.service.ts';
import { pesosEnLetras } from './en-letras.ts';
import type { MensajeCorreo } from '../../platform/plantillas-correo.ts';

type PagoLeido = NonNullable<Awaited<ReturnType<CajaRepository['porId']>>>;
type CitaCobro = NonNullable<Awaited<ReturnType<CajaRepository['citaParaCobro']>>>;

/**
 * What an appointment is charged and what it paid; `impedimento` says why the desk cannot take its balance; `cobra`
 * what "Registrar pago" takes now (the deposit while it is owed, docs/dinero.md "Anticipos").
 */
export type Cobro = {
  concepto: string;
  precio: number | null;
  pagado: number;
  devuelto: number;
  saldo: number;
  impedimento: string | null;
  cobra: 'anticipo' | 'saldo';
  saldo_a_favor: number;
  devolucion_pendiente: number;
};

/** How a payment's description opens, by concept ("Saldo de la cita de ..."). */
const PREFIJOS: Record<ConceptoPago, string> = {
  anticipo: 'Anticipo',
  paquete: 'Paquete',
  saldo: 'Saldo',
  devolucion: 'Devolución',
};

export function createPagosService<Tx extends ReposPagos>(deps: {
  repos: ReposPagos;
  transaccion: Transaccion<Tx>;
  calendario: Calendario;
  clinica: { nombre: string; nit: string | undefined; direccion: string | undefined };
  /**
   * The deposit of an appointment is now paid (the appointments feature, features/citas/anticipos.ts
   * anticipoPagado): ends its hold in the payment's transaction and tells the patient.
   */
  anticipoPagado: (tx: Tx, citaId: number) => Promise<unknown>;
  /**
   * A payment of the deposit was voided and the rest no longer covers it (features/citas/anticipos.ts
   * anticipoAnulado): the deposit is owed again, a fresh hold while the appointment is pending.
   */
  anticipoAnulado: (tx: Tx, actor: Actor, citaId: number, origen: Origen) => Promise<unknown>;
  urlPublica: string;
  notificar: (tx: Tx, aviso: AvisoPago) => Promise<void>;
  correo: (tx: Tx, para: string, mensaje: MensajeCorreo) => Promise<void>;
}) {
  const { repos, transaccion, calendario } = deps;
  const fechaHora = formateadorFechaHora(calendario.zona);

  /** What the appointment is charged: its procedure's price; an evaluation, the catalogue's consultation. */
  async function precioDe(
    r: ReposPagos,
    cita: CitaCobro,
  ): Promise<{ concepto: string; precio: number | null; falta: string | null }> {
    if (cita.tipo === 'control') return { concepto: 'Control', precio: null, falta: M.control };
    if (cita.tipo === 'evaluacion') {
      const consulta = await r.caja.consultaDeValoracion();
      return consulta
        ? { concepto: consulta.nombre, precio: consulta.precio, falta: null }
        : { concepto: 'Consulta de valoración', precio: null, falta: M.evaluacionSinPrecio };
    }
    return cita.procedimiento
      ? { concepto: cita.procedimiento.nombre, precio: cita.procedimiento.precio, falta: null }
      : { concepto: 'Procedimiento', precio: null, falta: M.sinProcedimiento };
  }

  /** The balance and whether the desk may take it now (read in the caller's transaction when it writes). */
  async function cobroDe(r: ReposPagos, cita: CitaCobro): Promise<Cobro> {
    const { concepto, precio, falta } = await precioDe(r, cita);
    const { pagado, devuelto } = await r.caja.sumasDeCita(cita.id);
    const saldo_a_favor = await r.caja.saldoAFavor(cita.paciente_id);
    const devolucion_pendiente =
      cita.anticipo_destino === 'devolucion'
        ? Math.max(0, (await r.caja.anticipoCobrado(cita.id)) - (await r.caja.devueltoEnDinero(cita.id)))
        : 0;
    const extra = { saldo_a_favor, devolucion_pendiente };
    // A deposit owed and unpaid is what the desk takes first (its hold ends when it is paid whole).
    const anticipo =
      cita.estado !== 'cancelada' && cita.anticipo_monto && cita.reserva_vence_en
        ? Math.max(0, cita.anticipo_monto - pagado)
        : 0;
    if (anticipo > 0)
      return { concepto, precio, pagado, devuelto, saldo: anticipo, impedimento: null, cobra: 'anticipo', ...extra };
    const porPaquete = precio !== null && (await r.caja.pagadaConPaquete(cita.id));
    const saldo = precio === null || porPaquete ? 0 : Math.max(0, precio - pagado + devuelto);
    const impedimento =
      cita.estado === 'cancelada'
        ? M.citaCancelada
        : (falta ?? (porPaquete ? M.porPaquete : saldo <= 0 ? M.nadaPendiente : null));
    return { concepto, precio, pagado, devuelto, saldo, impedimento, cobra: 'saldo', ...extra };
  }

  /** "Saldo de la cita de Hidrafacial del 23/11/2026", "Paquete Hidrafacial x 4 sesiones". */
  function descripcion(f: PagoLeido): string {
    const p = f.pago;
    const nombre = PREFIJOS[p.concepto as ConceptoPago];
    if (p.paquete_paciente_id && f.paquete_nombre)
      return p.concepto === 'paquete' ? `Paquete ${f.paquete_nombre}` : `${nombre} del paquete ${f.paquete_nombre}`;
    if (p.cita_id && f.cita_inicio) {
      const que =
        f.cita_tipo === 'evaluacion'
          ? 'la consulta de valoración'
          : f.cita_tipo === 'control'
            ? 'la cita de control'
            : `la cita de ${f.procedimiento_nombre ?? 'procedimiento'}`;
      return `${nombre} de ${que} del ${diaEsCo(calendario.fechaDe(f.cita_inicio))}`;
    }
    return nombre;
  }

  function estado(f: PagoLeido): EstadoPago {
    return f.anulacion?.anulado_en ? 'anulado' : (f.pago.estado as EstadoPago);
  }

  /** The wire payment; the desk's notes are not the patient's to read. */
  function toWire(f: PagoLeido, actor: Actor): Pago {
    const p = f.pago;
    const a = f.anulacion;
    return {
      id: p.id,
      recibo_numero: p.recibo_numero,
      paciente: { id: p.paciente_id, nombre: f.paciente_nombre },
      monto: p.monto,
      metodo: p.metodo as MetodoPago,
      concepto: p.concepto as ConceptoPago,
      descripcion: descripcion(f),
      referencia: p.referencia,
      cita_id: p.cita_id,
      estado: estado(f),
      registrado_por: p.registrado_por ? { id: p.registrado_por, nombre: f.registrador_nombre ?? '' } : null,
      registrado_en: p.registrado_en,
      notas: actor.rol === 'paciente' ? null : p.notas,
      anulacion:
        a?.anulado_en && a.anulado_por && a.motivo
          ? {
              motivo: a.motivo,
              anulado_por: { id: a.anulado_por, nombre: a.anulador_nombre ?? '' },
              anulado_en: a.anulado_en,
            }
          : null,
    };
  }

  async function leido(id: number): Promise<PagoLeido> {
    const f = await repos.caja.porId(id);
    if (!f) throw noEncontrado(M.noEncontrado);
    return f;
  }

  /** A payment the person may see: the desk any, the patient only her own (anyone else's: the 404 of a missing one). */
  async function visible(actor: Actor, id: number): Promise<PagoLeido> {
    const f = await repos.caja.porId(id);
    if (!f || (actor.rol === 'paciente' ? f.pago.paciente_id !== actor.id : !esCaja(actor.rol)))
      throw noEncontrado(M.noEncontrado);
    return f;
  }

  return {
    /** What an appointment owes, why it may not take a payment now, and its payments. */
    async saldo(actor: Actor, citaId: number) {
      const cita = await repos.caja.citaParaCobro(citaId);
      if (!cita) throw noEncontrado(M.citaNoEncontrada);
      const cobro = await cobroDe(repos, cita);
      const pagos = await repos.caja.listar({ citaId }, { limite: 100, desde: 0 });
      return {
        cita_id: cita.id,
        paciente: { id: cita.paciente_id, nombre: cita.paciente_nombre },
        ...cobro,
        pagos: pagos.items.map((f) => toWire(f, actor)),
      };
    },

    /**
     * The desk takes an appointment's balance: under the desk day's lock (a closed day refuses), with the
     * appointment's row locked (two desks cannot both take the same balance), the amount computed here, the payment
     * and its audit row in one transaction.
     */
    async registrar(
      actor: Actor,
      datos: { cita_id: number; metodo: MetodoPago; referencia?: string | undefined; notas?: string | undefined },
      origen: Origen,
    ): Promise<Pago> {
      const id = await transaccion(async (tx) => {
        const ahora = calendario.ahora();
        await diaAbierto(tx, actor.id, calendario.fechaDe(ahora), M.diaCerrado);
        const cita = await tx.caja.citaParaCobro(datos.cita_id, true);
        if (!cita) throw noEncontrado(M.citaNoEncontrada);
        const cobro = await cobroDe(tx, cita);
        if (cobro.impedimento) throw regla(cobro.impedimento, 'cita_id');
        let monto = cobro.saldo;
        if (datos.metodo === 'saldo_a_favor') {
          // The patient's credit pays what it covers; the rest is another payment.
          const credito = await tx.caja.saldoAFavor(cita.paciente_id, true);
          if (credito <= 0) throw regla(M.sinSaldoAFavor, 'metodo');
          monto = Math.min(monto, credito);
        }
        const pago = await tx.pagos.registrar(
          {
            paciente_id: cita.paciente_id,
            monto,
            metodo: datos.metodo,
            concepto: cobro.cobra,
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
          'pago.registrar',
          'pago',
          pago.id,
          `cita=${cita.id}; paciente=${cita.paciente_id}; concepto=${pago.concepto}; monto=${pago.monto}; metodo=${pago.metodo}; recibo=${pago.recibo_numero}`,
          origen,
        );
        if (cobro.cobra === 'anticipo' && monto >= cobro.saldo) await deps.anticipoPagado(tx, cita.id);
        return pago.id;
      });
      return toWire(await leido(id), actor);
    },

    /**
     * An administrator voids an approved payment with a reason: a row of pagos_anulaciones, under the lock of the
     * void's day at the payment's desk (an online payment's: the administrator's own), which must still be open.
     */
    async anular(actor: Actor, id: number, motivo: string, origen: Origen): Promise<Pago> {
      const f = await leido(id);
      if (f.anulacion?.anulado_en) throw conflicto(M.yaAnulado);
      if (f.pago.estado !== 'aprobado') throw regla(M.noAnulable);
      try {
        await transaccion(async (tx) => {
          const ahora = calendario.ahora();
          await diaAbierto(tx, f.pago.registrado_por ?? actor.id, calendario.fechaDe(ahora), M.diaCerrado);
          await tx.caja.anular({ pagoId: id, motivo, anuladoPor: actor.id, en: ahora });
          if (f.pago.concepto === 'anticipo' && f.pago.cita_id !== null) {
            // The deposit is owed again when what is left paid no longer covers it (the balance rule's reading).
            const cita = await tx.caja.citaParaCobro(f.pago.cita_id, true);
            const { pagado } = await tx.caja.sumasDeCita(f.pago.cita_id);
            if (cita?.anticipo_monto && pagado < cita.anticipo_monto)
              await deps.anticipoAnulado(tx, actor, cita.id, origen);
          }
          await auditarExito(
            tx,
            actor,
            'pago.anular',
            'pago',
            id,
            `monto=${f.pago.monto}; metodo=${f.pago.metodo}; recibo=${f.pago.recibo_numero}`,
            origen,
          );
        });
      } catch (err) {
        // Two administrators voiding at once: the void's primary key lets one through.
        if (isUniqueViolation(err)) throw conflicto(M.yaAnulado);
        throw err;
      }
      return toWire(await leido(id), actor);
    },

    /** The desk's list: a day's (today by default), a patient's or an appointment's; newest first, one page. */
    async listar(
      actor: Actor,
      q: {
        fecha?: string | undefined;
        paciente_id?: number | undefined;
        cita_id?: number | undefined;
        registrado_por?: number | undefined;
        pagina: number;
        porPagina: number;
      },
    ) {
      const porDia = q.fecha !== undefined || (q.paciente_id === undefined && q.cita_id === undefined);
      const r = await repos.caja.listar(
        {
          pacienteId: q.paciente_id,
          citaId: q.cita_id,
          registradoPor: q.registrado_por,
          rango: porDia ? rangoDia(calendario, (q.fecha as Fecha | undefined) ?? calendario.hoy()) : undefined,
        },
        { limite: q.porPagina, desde: (q.pagina - 1) * q.porPagina },
      );
      return { items: r.items.map((f) => toWire(f, actor)), total: r.total, pagina: q.pagina, porPagina: q.porPagina };
    },

    /** The patient's own payments, newest first. */
    async misPagos(actor: Actor, q: { pagina: number; porPagina: number }) {
      const r = await repos.caja.listar(
        { pacienteId: actor.id },
        { limite: q.porPagina, desde: (q.pagina - 1) * q.porPagina },
      );
      return { items: r.items.map((f) => toWire(f, actor)), total: r.total, pagina: q.pagina, porPagina: q.porPagina };
    },

    /** The "Recibo de caja" PDF of an approved payment (a voided one says ANULADO). */
    async recibo(actor: Actor, id: number) {
      const f = await visible(actor, id);
      const p = f.pago;
      if (p.recibo_numero === null) throw conflicto(M.reciboNoDisponible);
      const pagador = await repos.caja.persona(p.paciente_id);
      const w = toWire(f, actor);
      const tipoDoc = pagador
        ? ((tipoDocumentoNombres as Record<string, string>)[pagador.tipodocumento] ?? pagador.tipodocumento)
        : '';
      return conTurnoPdf(actor.id, async () => ({
        nombre: `recibo-de-caja-${numeroRecibo(p.recibo_numero!)}.pdf`,
        bytes: await generarPdf({
          tipo: 'recibo',
          datos: {
            clinica: {
              nombre: deps.clinica.nombre,
              nit: deps.clinica.nit ?? null,
              direccion: deps.clinica.direccion ?? null,
            },
            numero: p.recibo_numero!,
            fecha: fechaHora(p.registrado_en),
            registradoEn: p.registrado_en,
            paciente: { nombre: w.paciente.nombre, documento: `${tipoDoc} ${pagador?.numerodocumento ?? ''}`.trim() },
            concepto: w.descripcion,
            metodo: metodoPagoNombres[w.metodo],
            referencia: p.referencia,
            valor: formatoPesos(p.monto),
            enLetras: pesosEnLetras(p.monto),
            registradoPor: w.registrado_por?.nombre ?? 'Pago en línea',
            anulacion: w.anulacion
              ? {
                  fecha: fechaHora(w.anulacion.anulado_en),
                  por: w.anulacion.anulado_por.nombre,
                  motivo: w.anulacion.motivo,
                }
              : null,
          },
        }),
      }));
    },
    /** The balance rule, for online payment (features/pagos/en-linea), read in its caller's transaction. */
    cobroDe,
    ...createDevolucionesService<Tx>({
      transaccion,
      calendario,
      urlPublica: deps.urlPublica,
      devolucionPendiente: async (tx, cita) => (await cobroDe(tx, cita)).devolucion_pendiente,
      pagoWire: async (id, actor) => toWire(await leido(id), actor),
      notificar: deps.notificar,
      correo: deps.correo,
    }),
    ...createCajaService({ repos, transaccion, calendario }),
  };
}
export type PagosService = ReturnType<typeof createPagosService>;
