// Treatment packages (issue 23, item 4; docs/dinero.md "Paquetes"; decision 0056).
//   Definitions: the desk and the administrators define what the clinic sells (procedure, sessions, price, validity);
//     an edit changes the definition only, never a package already sold (it copied what was sold).
//   Sale: in ONE transaction, the desk day's lock (a closed day takes no payment), the package sold and its payment
//     (through features/pagos registrar: the receipt number) and the audit row. The amount is the definition's price.
//   Consumption: the booking engine calls `consumirSesion` in the transaction that marks an appointment realizada
//     (through the composition root): one session of the patient's usable package of that procedure, the one
//     expiring first; none left, the appointment completes without one.
//   Expiry: a package is usable through its expiry date plus PAQUETES_DIAS_GRACIA; after that its unused sessions
//     are expired (shown, never deleted; a refund is a desk decision through payments).
import type { z } from 'zod';
import {
  MENSAJES_PAQUETES as M,
  type EstadoPaquete,
  type crearPaqueteSchema,
  type editarPaqueteSchema,
  type paquetePacienteSchema,
  type paqueteSchema,
  type venderPaqueteSchema,
  type ventaSchema,
} from '@clinica/contracts/paquetes';
import { MENSAJES_PAGOS } from '@clinica/contracts/pagos';
import { diaEsCo, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, noEncontrado } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { pagos } from '../../db/schema/index.ts';
import type { ConsumoFila, DefinicionFila, PaquetesRepository, VendidoFila } from './paquetes.repository.ts';

/**
 * What a sale needs of payments (features/pagos/pagos.repository.ts, handed by the composition root's repositories):
 * the desk day's lock, and the one write of a payment, which takes its receipt number.
 */
export type PagosParaPaquetes = {
  bloquearDia(usuarioId: number, fecha: string): Promise<boolean>;
  registrar(
    p: Omit<typeof pagos.$inferInsert, 'id' | 'recibo_numero' | 'registrado_en' | 'resuelto_en'>,
    ahora: Date,
  ): Promise<typeof pagos.$inferSelect>;
};
export type ReposPaquetes = { paquetes: PaquetesRepository; pagos: PagosParaPaquetes; auditoria: AuditoriaRepository };
type Paquete = z.output<typeof paqueteSchema>;
type PaquetePaciente = z.output<typeof paquetePacienteSchema>;
type Venta = z.output<typeof ventaSchema>;

/** The appointment marked realizada, as the booking engine read it. */
export type CitaRealizada = { id: number; paciente_id: number; procedimiento_id: number | null; inicio: Date };
/** The session an appointment used: which package, and its number of the total. */
export type SesionUsada = { paquete_paciente_id: number; sesion: number; total: number };

const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);

const auditar = (
  r: Pick<ReposPaquetes, 'auditoria'>,
  actor: Actor,
  accion: string,
  recurso: 'paquete' | 'paquete_paciente',
  id: number,
  detalle: string,
  origen: Origen,
) => auditarExito(r, actor, accion, recurso, id, detalle, origen);

function definicionWire(f: DefinicionFila): Paquete {
  return {
    id: f.id,
    nombre: f.nombre,
    procedimiento: { id: f.procedimiento_id, nombre: f.procedimiento_nombre },
    sesiones: f.sesiones,
    precio: f.precio,
    vigencia_dias: f.vigencia_dias,
    activo: f.activo,
    creado_en: f.creado_en,
    actualizado_en: f.actualizado_en,
  };
}

export function createPaquetesService(deps: {
  repos: ReposPaquetes;
  transaccion: Transaccion<ReposPaquetes>;
  calendario: Pick<Calendario, 'hoy' | 'ahora' | 'fechaDe'>;
  /** config.paquetesDiasGracia. */
  diasGracia: number;
}) {
  const { repos, transaccion, calendario, diasGracia } = deps;
  const repo = repos.paquetes;

  /** The last clinic day an appointment may use the package. */
  const usableHasta = (venceEl: string) => sumarDias(venceEl as Fecha, diasGracia);

  function estadoDe(f: VendidoFila, hoy: Fecha): EstadoPaquete {
    if (f.sesiones_usadas >= f.sesiones_total) return 'agotado';
    return hoy > usableHasta(f.vence_el) ? 'vencido' : 'activo';
  }

  function vendidoWire(f: VendidoFila, consumos: ConsumoFila[], hoy: Fecha): PaquetePaciente {
    const estado = estadoDe(f, hoy);
    const restantes = f.sesiones_total - f.sesiones_usadas;
    return {
      id: f.id,
      paquete_id: f.paquete_id,
      paciente_id: f.paciente_id,
      nombre: f.nombre,
      procedimiento: { id: f.procedimiento_id, nombre: f.procedimiento_nombre },
      sesiones_total: f.sesiones_total,
      sesiones_usadas: f.sesiones_usadas,
      sesiones_restantes: estado === 'vencido' ? 0 : restantes,
      sesiones_vencidas: estado === 'vencido' ? restantes : 0,
      precio: f.precio,
      vence_el: f.vence_el,
      usable_hasta: usableHasta(f.vence_el),
      estado,
      vendido_en: f.vendido_en,
      recibo_numero: f.recibo_numero,
      consumos: consumos
        .filter((c) => c.paquete_paciente_id === f.id)
        .map((c) => ({ cita_id: c.cita_id, cita_inicio: c.cita_inicio, consumido_en: c.consumido_en })),
    };
  }

  /** Active packages first (the one expiring first first), then the rest, newest sale first. */
  const orden = (a: PaquetePaciente, b: PaquetePaciente) =>
    Number(b.estado === 'activo') - Number(a.estado === 'activo') ||
    (a.estado === 'activo' ? a.vence_el.localeCompare(b.vence_el) : b.vendido_en.getTime() - a.vendido_en.getTime());

  async function procedimientoActivo(id: number) {
    const p = await repo.procedimiento(id);
    if (!p || !p.activo) throw regla(M.procedimiento, 'procedimiento_id');
    return p;
  }

  async function definicionDe(id: number): Promise<DefinicionFila> {
    const f = await repo.definicion(id);
    if (!f) throw noEncontrado(M.noEncontrado);
    return f;
  }

  const describir = (d: { nombre?: string; sesiones?: number; precio?: number; vigencia_dias?: number }) =>
    Object.entries(d)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join('; ');

  return {
    async listar(): Promise<Paquete[]> {
      return (await repo.listarDefiniciones()).map(definicionWire);
    },

    async crear(actor: Actor, datos: z.output<typeof crearPaqueteSchema>, origen: Origen): Promise<Paquete> {
      await procedimientoActivo(datos.procedimiento_id);
      const id = await transaccion(async (tx) => {
        const nuevo = await tx.paquetes.crearDefinicion({ ...datos, creado_por: actor.id }, calendario.ahora());
        const detalle = `procedimiento=${datos.procedimiento_id}; ${describir(datos)}`;
        await auditar(tx, actor, 'paquete.crear', 'paquete', nuevo, detalle, origen);
        return nuevo;
      });
      return definicionWire((await repo.definicion(id))!);
    },

    /** Changes the definition (or deactivates it); packages already sold keep what they were sold with. */
    async editar(
      actor: Actor,
      id: number,
      cambios: z.output<typeof editarPaqueteSchema>,
      origen: Origen,
    ): Promise<Paquete> {
      const antes = await definicionDe(id);
      const otroProcedimiento =
        cambios.procedimiento_id !== undefined && cambios.procedimiento_id !== antes.procedimiento_id;
      // A definition made active again must sell a procedure that is still offered.
      if (otroProcedimiento || (cambios.activo && !antes.activo)) {
        await procedimientoActivo(cambios.procedimiento_id ?? antes.procedimiento_id);
      }
      await transaccion(async (tx) => {
        if (!(await tx.paquetes.actualizarDefinicion(id, cambios, calendario.ahora())))
          throw noEncontrado(M.noEncontrado);
        const detalle = [
          describir(cambios),
          otroProcedimiento ? `procedimiento=${antes.procedimiento_id}->${cambios.procedimiento_id}` : '',
          cambios.activo !== undefined ? `activo=${cambios.activo}` : '',
        ]
          .filter(Boolean)
          .join('; ');
        await auditar(tx, actor, 'paquete.editar', 'paquete', id, detalle, origen);
      });
      return definicionWire((await repo.definicion(id))!);
    },

    /**
     * The desk sells a package: the day's lock (closed -> 409), the package sold with what was sold copied and
     * its expiry counted in the clinic's days, its payment at the definition's price (receipt number), the audit.
     */
    async vender(actor: Actor, body: z.output<typeof venderPaqueteSchema>, origen: Origen): Promise<Venta> {
      const [definicion, paciente] = await Promise.all([
        repo.definicion(body.paquete_id),
        repo.persona(body.paciente_id),
      ]);
      if (!definicion || !definicion.activo) throw regla(M.paqueteInactivo, 'paquete_id');
      if (!paciente || paciente.rol !== 'paciente' || !paciente.estado) throw regla(M.pacienteInactiva, 'paciente_id');
      await procedimientoActivo(definicion.procedimiento_id);
      const hoy = calendario.hoy();
      const { paqueteId, pago } = await transaccion(async (tx) => {
        if (await tx.pagos.bloquearDia(actor.id, hoy))
          throw new AppError('CONFLICTO', 409, MENSAJES_PAGOS.diaCerrado(diaEsCo(hoy)));
        const paqueteId = await tx.paquetes.vender({
          paquete_id: definicion.id,
          paciente_id: paciente.id,
          procedimiento_id: definicion.procedimiento_id,
          nombre: definicion.nombre,
          sesiones_total: definicion.sesiones,
          precio: definicion.precio,
          vence_el: sumarDias(hoy, definicion.vigencia_dias),
          vendido_por: actor.id,
          vendido_en: calendario.ahora(),
        });
        const pago = await tx.pagos.registrar(
          {
            paciente_id: paciente.id,
            monto: definicion.precio,
            metodo: body.metodo,
            concepto: 'paquete',
            referencia: body.referencia || null,
            paquete_paciente_id: paqueteId,
            estado: 'aprobado',
            registrado_por: actor.id,
          },
          calendario.ahora(),
        );
        const detalle =
          `paquete=${definicion.id}; paciente=${paciente.id}; pago=${pago.id}; recibo=${pago.recibo_numero}; ` +
          `monto=${pago.monto}; metodo=${pago.metodo}`;
        await auditar(tx, actor, 'paquete.vender', 'paquete_paciente', paqueteId, detalle, origen);
        return { paqueteId, pago };
      });
      return {
        paquete: vendidoWire((await repo.vendido(paqueteId))!, [], hoy),
        pago: {
          id: pago.id,
          monto: pago.monto,
          metodo: body.metodo,
          recibo_numero: pago.recibo_numero!,
          registrado_en: pago.registrado_en,
        },
      };
    },

    /** A patient's packages: the patient her own (another's answers like a missing one), the staff anyone's. */
    async dePaciente(actor: Actor, pacienteId: number): Promise<PaquetePaciente[]> {
      if (actor.rol === 'paciente' && actor.id !== pacienteId) throw noEncontrado(M.pacienteNoEncontrada);
      const paciente = await repo.persona(pacienteId);
      if (!paciente || paciente.rol !== 'paciente') throw noEncontrado(M.pacienteNoEncontrada);
      const filas = await repo.dePaciente(pacienteId);
      const consumos = await repo.consumos(filas.map((f) => f.id));
      const hoy = calendario.hoy();
      return filas.map((f) => vendidoWire(f, consumos, hoy)).sort(orden);
    },

    /**
     * In the transaction that marks `cita` realizada (the booking engine's, through the composition root): uses one
     * session of the patient's usable package of its procedure, the one expiring first, and records it against the
     * appointment. No usable package (or none with sessions left, even after a concurrent completion took the last
     * one): null, and the appointment completes without one.
     */
    async consumirSesion(
      tx: Pick<ReposPaquetes, 'paquetes' | 'auditoria'>,
      actor: Actor,
      cita: CitaRealizada,
      origen: Origen,
    ): Promise<SesionUsada | null> {
      if (!cita.procedimiento_id) return null;
      const dia = calendario.fechaDe(cita.inicio);
      const candidatos = await tx.paquetes.usables(
        cita.paciente_id,
        cita.procedimiento_id,
        sumarDias(dia, -diasGracia),
      );
      for (const id of candidatos) {
        const usada = await tx.paquetes.usarSesion(id);
        if (!usada) continue;
        await tx.paquetes.registrarConsumo(id, cita.id, calendario.ahora());
        await auditar(
          tx,
          actor,
          'paquete.consumir',
          'paquete_paciente',
          id,
          `cita=${cita.id}; sesion=${usada.sesion}/${usada.total}`,
          origen,
        );
        return { paquete_paciente_id: id, ...usada };
      }
      return null;
    },
  };
}
export type PaquetesService = ReturnType<typeof createPaquetesService>;
