// Follow-up plans (DOMAIN.md "planes_seguimiento"; issue 9, item 4; decision 0017). The appointment's doctor
// records "requiere más sesiones" on its clinical note: a procedure, every N days, M sessions, from a date. The
// booking engine (features/citas, through the composition root) proposes a slot per session and the doctor or an
// assistant confirms all or some of them: the appointments are written in ONE transaction by the same code that
// books any appointment (every rule, the exclusion constraints, audit, notifications). All or nothing: if a chosen
// slot was taken after the proposal, the answer is a 409 naming that session and nothing is booked.
import type { z } from 'zod';
import {
  MAX_DIAS_INICIO_PLAN,
  MENSAJES_PLAN as M,
  type Plan,
  type planDatosSchema,
} from '@clinica/contracts/planes-seguimiento';
import type { Cita } from '@clinica/contracts/citas';
import { sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, isUniqueViolation, noEncontrado } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { PlanCompleto, PlanesRepository } from './planes.repository.ts';

export type ReposPlanes = { planes: PlanesRepository; auditoria: AuditoriaRepository };
type Datos = z.output<typeof planDatosSchema>;

/** One session of a proposed series, as the booking engine answers it. */
export type SesionSerie = {
  sesion: number;
  objetivo: Fecha;
  inicio: Date | null;
  fin: Date | null;
  choque: string | null;
};

/**
 * What the plan needs of the booking engine (features/citas, given by the composition root: features do not import
 * each other): its proposal of a series, whether the patient may have the procedure, and the booking of the chosen
 * sessions with every rule and write of any booking, in one transaction where the plan's own writes run too.
 */
export type AgendaParaPlanes = {
  proponerSerie(o: {
    doctorId: number;
    pacienteId: number;
    procedimientoId: number;
    hora: string;
    objetivos: { sesion: number; fecha: Fecha }[];
  }): Promise<SesionSerie[]>;
  impedimento(pacienteId: number, procedimientoId: number, fecha: Fecha): Promise<string | null>;
  /**
   * Checks every session (a broken rule is a 422 naming it), then in one transaction runs `enTransaccion`, where
   * `agendar(sesion)` books that session and answers its appointment's id. A slot taken since the proposal is a 409
   * with `ocupada(sesion)` and the doctor's next free times. Answers the booked appointments.
   */
  agendarSerie(
    actor: Actor,
    serie: {
      sesiones: { sesion: number; datos: SesionPorAgendar }[];
      ocupada: (sesion: number) => string;
      enTransaccion: (tx: ReposPlanes, agendar: (sesion: number) => Promise<number>) => Promise<void>;
    },
    origen: Origen,
  ): Promise<Cita[]>;
};
/** The appointment a session asks for. */
type SesionPorAgendar = {
  doctor_id: number;
  inicio: string;
  tipo: 'procedimiento';
  procedimiento_id: number;
  paciente_id: number;
  motivo: string;
};

const regla = (mensaje: string, campo?: string) =>
  new AppError('REGLA_NEGOCIO', 422, mensaje, campo ? [{ campo, mensaje }] : undefined);
const conflicto = (mensaje: string) => new AppError('CONFLICTO', 409, mensaje);

/** Sessions with a live (not cancelled) appointment: a cancelled one frees its session again. */
const ocupadas = (p: Pick<PlanCompleto, 'agendadas'>) =>
  new Set(p.agendadas.filter((a) => a.estado !== 'cancelada').map((a) => a.sesion));

export function createPlanesService(deps: {
  repos: ReposPlanes;
  transaccion: Transaccion<ReposPlanes>;
  agenda: AgendaParaPlanes;
  calendario: { hoy(): Fecha; horaDe(d: Date): string };
  now: () => Date;
}) {
  const { repos, transaccion, agenda, calendario, now } = deps;
  const repo = repos.planes;

  const auditar = (
    r: Pick<ReposPlanes, 'auditoria'>,
    actor: Actor,
    accion: string,
    id: number,
    detalle: string,
    origen: Origen,
  ) => auditarExito(r, actor, accion, 'plan_seguimiento', id, detalle, origen);

  /** The description is clinical text: doctors read it, assistants see the schedule only (DOMAIN.md). */
  function toWire(f: PlanCompleto, actor: Actor): Plan {
    const p = f.plan;
    return {
      id: p.id,
      cita_id: p.cita_id,
      paciente: { id: p.paciente_id, nombre: f.paciente_nombre },
      doctor: { id: p.doctor_id, nombre: f.doctor_nombre },
      procedimiento: { id: p.procedimiento_id, nombre: f.procedimiento_nombre },
      descripcion: actor.rol === 'doctor' ? p.descripcion : null,
      cada_dias: p.cada_dias,
      sesiones: p.sesiones,
      desde: p.desde,
      creado_en: p.creado_en,
      actualizado_en: p.actualizado_en,
      agendadas: f.agendadas,
    };
  }

  /** The plan for who may work with it: its doctor and assistants; anyone else gets the 404 of a missing one. */
  async function visible(actor: Actor, id: number): Promise<PlanCompleto> {
    const f = await repo.porId(id);
    if (!f || !(actor.rol === 'asistente' || (actor.rol === 'doctor' && f.plan.doctor_id === actor.id)))
      throw noEncontrado(M.noEncontrado);
    return f;
  }

  async function validar(d: Datos) {
    const proc = await repo.procedimiento(d.procedimiento_id);
    if (!proc || !proc.activo) throw regla(M.procedimiento, 'procedimiento_id');
    if (d.desde < calendario.hoy()) throw regla(M.desdePasado, 'desde');
    if (d.desde > sumarDias(calendario.hoy(), MAX_DIAS_INICIO_PLAN)) throw regla(M.desdeLejano, 'desde');
  }

  const objetivo = (p: { desde: string; cada_dias: number }, sesion: number) =>
    sumarDias(p.desde as Fecha, (sesion - 1) * p.cada_dias);

  return {
    async porCita(actor: Actor, citaId: number, origen: Origen): Promise<{ plan: Plan | null }> {
      const cita = await repo.cita(citaId);
      if (!cita || (actor.rol === 'doctor' && cita.doctor_id !== actor.id)) throw noEncontrado(M.citaNoEncontrada);
      const f = await repo.porCita(citaId);
      if (!f) return { plan: null };
      // Every read of clinical content by staff is audited (DOMAIN.md); assistants get no clinical text.
      if (actor.rol === 'doctor')
        await auditar(repos, actor, 'plan_seguimiento.leer', f.plan.id, `paciente=${f.plan.paciente_id}`, origen);
      return { plan: toWire(f, actor) };
    },

    /** The appointment's doctor records the plan on its note (draft or signed). */
    async crear(actor: Actor, citaId: number, datos: Datos, origen: Origen): Promise<Plan> {
      const cita = await repo.cita(citaId);
      if (!cita || cita.doctor_id !== actor.id) throw noEncontrado(M.citaNoEncontrada);
      if (cita.estado === 'cancelada') throw conflicto(M.citaCancelada);
      if (!cita.evolucion_id) throw conflicto(M.sinNota);
      await validar(datos);
      try {
        const id = await transaccion(async (tx) => {
          const nuevo = await tx.planes.crear({
            ...datos,
            evolucion_id: cita.evolucion_id!,
            cita_id: citaId,
            paciente_id: cita.paciente_id,
            doctor_id: actor.id,
            creado_por: actor.id,
          });
          await auditar(
            tx,
            actor,
            'plan_seguimiento.crear',
            nuevo,
            `cita=${citaId}; sesiones=${datos.sesiones}; cada_dias=${datos.cada_dias}; desde=${datos.desde}`,
            origen,
          );
          return nuevo;
        });
        return toWire((await repo.porId(id))!, actor);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflicto(M.yaExiste);
        throw err;
      }
    },

    /** Its doctor changes it while no session is booked (the booked ones were proposed from what it said). */
    async editar(actor: Actor, id: number, datos: Datos, origen: Origen): Promise<Plan> {
      const f = await repo.porId(id);
      if (!f || f.plan.doctor_id !== actor.id) throw noEncontrado(M.noEncontrado);
      if (ocupadas(f).size) throw conflicto(M.conAgendadas);
      await validar(datos);
      await transaccion(async (tx) => {
        await tx.planes.bloquear(id);
        if (ocupadas({ agendadas: await tx.planes.agendadas(id) }).size) throw conflicto(M.conAgendadas);
        await tx.planes.actualizar(id, datos, now());
        await auditar(
          tx,
          actor,
          'plan_seguimiento.editar',
          id,
          `sesiones=${datos.sesiones}; cada_dias=${datos.cada_dias}; desde=${datos.desde}`,
          origen,
        );
      });
      return toWire((await repo.porId(id))!, actor);
    },

    /** The series the booking engine proposes now; booked sessions show their appointment. Nothing is written. */
    async propuesta(actor: Actor, id: number) {
      const f = await visible(actor, id);
      const p = f.plan;
      const tomadas = ocupadas(f);
      const pendientes = Array.from({ length: p.sesiones }, (_, i) => i + 1).filter((s) => !tomadas.has(s));
      const propuestas = await agenda.proponerSerie({
        doctorId: p.doctor_id,
        pacienteId: p.paciente_id,
        procedimientoId: p.procedimiento_id,
        hora: calendario.horaDe(f.cita_inicio),
        objetivos: pendientes.map((sesion) => ({ sesion, fecha: objetivo(p, sesion) })),
      });
      const primera = propuestas.find((s) => s.inicio)?.objetivo ?? objetivo(p, 1);
      const sesiones = Array.from({ length: p.sesiones }, (_, i) => {
        const sesion = i + 1;
        const agendada = f.agendadas.find((a) => a.sesion === sesion && a.estado !== 'cancelada');
        if (agendada) {
          return {
            sesion,
            objetivo: objetivo(p, sesion),
            estado: 'agendada' as const,
            inicio: agendada.inicio,
            fin: null,
            choque: null,
            cita_id: agendada.cita_id,
          };
        }
        const s = propuestas.find((x) => x.sesion === sesion)!;
        return {
          sesion,
          objetivo: s.objetivo,
          estado: s.inicio ? ('propuesta' as const) : ('sin_espacio' as const),
          inicio: s.inicio,
          fin: s.fin,
          choque: s.choque,
          cita_id: null,
        };
      });
      return {
        plan_id: id,
        impedimento: pendientes.length ? await agenda.impedimento(p.paciente_id, p.procedimiento_id, primera) : null,
        sesiones,
      };
    },

    /**
     * Books the chosen sessions in one transaction through the booking engine's own checks and writes. All or
     * nothing: a rule broken by one session (422) or a slot taken since the proposal (409 naming the session, with
     * the doctor's next free times) leaves no appointment, no link and no notification behind.
     */
    async confirmar(
      actor: Actor,
      id: number,
      body: { sesiones: { sesion: number; inicio: string }[] },
      origen: Origen,
    ): Promise<{ plan: Plan; citas: Cita[] }> {
      const f = await visible(actor, id);
      const p = f.plan;
      const elegidas = [...body.sesiones].sort((a, b) => a.sesion - b.sesion);
      for (const s of elegidas) if (s.sesion > p.sesiones) throw regla(M.sesionFuera(p.sesiones), 'sesiones');
      const tomadas = ocupadas(f);
      const repetida = elegidas.find((s) => tomadas.has(s.sesion));
      if (repetida) throw conflicto(M.yaAgendada(repetida.sesion));
      const citas = await agenda.agendarSerie(
        actor,
        {
          sesiones: elegidas.map((s) => ({
            sesion: s.sesion,
            datos: {
              doctor_id: p.doctor_id,
              paciente_id: p.paciente_id,
              tipo: 'procedimiento',
              procedimiento_id: p.procedimiento_id,
              inicio: s.inicio,
              motivo: `Plan de seguimiento: sesión ${s.sesion} de ${p.sesiones}`,
            },
          })),
          ocupada: M.ocupada,
          enTransaccion: async (tx, agendar) => {
            await tx.planes.bloquear(id);
            const ahora = ocupadas({ agendadas: await tx.planes.agendadas(id) });
            const ya = elegidas.find((s) => ahora.has(s.sesion));
            if (ya) throw conflicto(M.yaAgendada(ya.sesion));
            const nuevas: number[] = [];
            for (const s of elegidas) {
              const citaId = await agendar(s.sesion);
              await tx.planes.enlazar(id, s.sesion, citaId);
              nuevas.push(citaId);
            }
            await auditar(
              tx,
              actor,
              'plan_seguimiento.confirmar',
              id,
              `sesiones=${elegidas.map((s) => s.sesion).join(',')}; citas=${nuevas.join(',')}`,
              origen,
            );
          },
        },
        origen,
      );
      return { plan: toWire((await repo.porId(id))!, actor), citas };
    },
  };
}
export type PlanesService = ReturnType<typeof createPlanesService>;
