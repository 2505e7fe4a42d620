// The doctors' agendas (issue 8): their weekly hours and their blocks (vacations, training), for staff to manage for
// any doctor and a doctor for themself. A block never hides appointments already booked in it (issue 21, item 9).
import type { Fecha } from '@clinica/contracts/tiempo';
import { sumarDias } from '@clinica/contracts/tiempo';
import { AppError, isExclusionViolation, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito } from '../../platform/auditoria.repository.ts';
import { DIAS_MAX_ESPERA } from '@clinica/contracts/espera-rutas';
import { formatosCita, huecoLiberado } from './avisos.ts';
import type { HorarioFila } from './disponibilidad.ts';
import { regla, type DepsCitas, type Reglas, type ReposCitas } from './reglas.ts';

function puedeGestionarAgenda(actor: Actor, doctorId: number) {
  if (actor.rol === 'asistente' || actor.rol === 'administrador') return;
  if (actor.rol === 'doctor' && actor.id === doctorId) return;
  throw prohibido('Solo puedes gestionar tu propia agenda.');
}

/** The windows of a week, refused when two of one day cross. */
export function revisarFranjas(horarios: readonly HorarioFila[]) {
  const finDe = new Map<number, string>();
  for (const h of [...horarios].sort((a, b) => a.hora_inicio.localeCompare(b.hora_inicio))) {
    const previo = finDe.get(h.dia_semana);
    if (previo !== undefined && h.hora_inicio < previo)
      throw regla('Las franjas de un mismo día no pueden cruzarse.', 'horarios');
    finDe.set(h.dia_semana, h.hora_fin);
  }
}

export function createHorariosService<Tx extends ReposCitas>(
  deps: Pick<DepsCitas<Tx>, 'repos' | 'transaccion' | 'calendario'>,
  reglas: Reglas,
) {
  const { calendario, transaccion } = deps;
  const repo = deps.repos.horarios;
  const { fechaCorta, hora, texto } = formatosCita(calendario.zona);

  /** 409 for a block over booked appointments: how many, and when (the first five). */
  const bloqueoConCitas = (inicios: Date[]) => {
    const orden = [...inicios].sort((a, b) => a.getTime() - b.getTime());
    const cuando = orden
      .slice(0, 5)
      .map((d) => texto(`${fechaCorta.format(d)} ${hora.format(d)}`))
      .join('; ');
    const cuantas = orden.length === 1 ? 'una cita' : `${orden.length} citas`;
    return `En ese horario hay ${cuantas} (${cuando}${orden.length > 5 ? '…' : ''}). Muévelas o cancélalas antes de bloquear la agenda.`;
  };

  /** The doctor's agenda, for who may manage it; the doctor must exist and be active. */
  async function suAgenda(actor: Actor, doctorId: number) {
    puedeGestionarAgenda(actor, doctorId);
    await reglas.doctorActivo(doctorId, 'doctorId');
  }

  async function horarios(actor: Actor, doctorId: number) {
    await suAgenda(actor, doctorId);
    return (await repo.horarios([doctorId])).map(({ doctor_id: _d, ...resto }) => resto);
  }

  return {
    horarios,

    async reemplazarHorarios(actor: Actor, doctorId: number, franjas: HorarioFila[], origen: Origen) {
      await suAgenda(actor, doctorId);
      revisarFranjas(franjas);
      await transaccion(async (tx) => {
        await tx.horarios.reemplazarHorarios(doctorId, franjas);
        // Hours added (or moved) open slots: the waitlist looks at the doctor's whole horizon (docs/espera.md).
        const ahora = calendario.ahora();
        await huecoLiberado(tx, doctorId, ahora, new Date(ahora.getTime() + (DIAS_MAX_ESPERA + 1) * 86_400_000));
        await auditarExito(tx, actor, 'agenda.horarios', 'doctor', doctorId, `franjas=${franjas.length}`, origen);
      });
      return horarios(actor, doctorId);
    },

    async bloqueos(actor: Actor, doctorId: number, desde: Fecha, hasta: Fecha) {
      puedeGestionarAgenda(actor, doctorId);
      return repo.bloqueos([doctorId], calendario.instante(desde), calendario.instante(sumarDias(hasta, 1)));
    },

    async crearBloqueo(
      actor: Actor,
      doctorId: number,
      b: { inicio: string; fin: string; motivo: string },
      origen: Origen,
    ) {
      await suAgenda(actor, doctorId);
      // A block never hides appointments already booked in it (issue 21, item 9): staff move or cancel them first.
      const choques = await deps.repos.citas.ocupadoDoctores([doctorId], new Date(b.inicio), new Date(b.fin));
      if (choques.length) throw new AppError('CONFLICTO', 409, bloqueoConCitas(choques.map((c) => c.inicio)));
      try {
        return await transaccion(async (tx) => {
          const fila = await tx.horarios.crearBloqueo({
            doctor_id: doctorId,
            inicio: new Date(b.inicio),
            fin: new Date(b.fin),
            motivo: b.motivo,
            creado_por: actor.id,
          });
          await tx.auditoria.registrar({
            usuarioId: actor.id,
            accion: 'agenda.bloqueo.crear',
            recurso: 'bloqueo',
            recursoId: fila.id,
            resultado: 'exito',
            ip: origen.ip,
            agente: origen.agente,
          });
          return fila;
        });
      } catch (err) {
        if (isExclusionViolation(err, 'bloqueos_sin_cruce')) {
          throw new AppError('CONFLICTO', 409, 'Ya hay un bloqueo de la agenda en ese horario.');
        }
        throw err;
      }
    },

    async eliminarBloqueo(actor: Actor, doctorId: number, id: number, origen: Origen) {
      puedeGestionarAgenda(actor, doctorId);
      await transaccion(async (tx) => {
        const quitado = await tx.horarios.eliminarBloqueo(doctorId, id);
        if (!quitado) throw noEncontrado('Ese bloqueo no existe.');
        // Its time is free again: the waitlist may offer it (docs/espera.md).
        await huecoLiberado(tx, doctorId, quitado.inicio, quitado.fin);
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'agenda.bloqueo.eliminar',
          recurso: 'bloqueo',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
        });
      });
      return { mensaje: 'Bloqueo eliminado.' };
    },
  };
}
