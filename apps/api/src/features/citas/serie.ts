// The proposal of a follow-up series (issue 9, item 4; decision 0017): for each session of a plan, the doctor's free
// slot closest to its target date, and why the target itself was not possible. Nothing is written; the plan books
// what the doctor or an assistant confirms through the booking part (reserva.service.ts agendarSerie).
import { mensajeFestivo } from '@clinica/contracts/citas';
import { diaDeSemana, esFestivo, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { AppError } from '../../lib/app-error.ts';
import { formatosCita } from './avisos.ts';
import { DIAS_BUSQUEDA_SERIE, elegirParaSesion, MIN } from './disponibilidad.ts';
import type { DepsCitas, Reglas } from './reglas.ts';

/** One session of a proposed series: the slot (null when none was found) and why the target was not possible. */
type SesionSerie = { sesion: number; objetivo: Fecha; inicio: Date | null; fin: Date | null; choque: string | null };

export function createSerie(deps: Pick<DepsCitas, 'calendario'>, reglas: Reglas) {
  const { calendario } = deps;
  const { fechaCorta, hora, texto } = formatosCita(calendario.zona);

  /** Why a session cannot be on its target date at the preferred time; null when it can. */
  function choqueDe(fecha: Fecha, preferido: number, elegido: { inicio: Date } | undefined): string | null {
    const dia = texto(fechaCorta.format(calendario.instante(fecha, '12:00')));
    if (fecha < calendario.hoy()) return `El ${dia} ya pasó.`;
    if (diaDeSemana(fecha) === 0) return `El ${dia} es domingo; la clínica no atiende.`;
    if (esFestivo(fecha)) return mensajeFestivo(dia);
    if (!elegido || calendario.fechaDe(elegido.inicio) !== fecha)
      return `El ${dia} no quedan espacios libres en la agenda.`;
    if (elegido.inicio.getTime() === preferido) return null;
    return `A las ${texto(hora.format(new Date(preferido)))} del ${dia} no hay un espacio libre en la agenda.`;
  }

  return {
    /**
     * For each session, the free slot of the doctor closest to the target date at the preferred hour (the original
     * appointment's): that very slot if free; else the closest free one that day; else the first free one on the
     * following days (up to DIAS_BUSQUEDA_SERIE). Sundays, holidays, blocks, the doctor's and the patient's
     * appointments, and the series' own earlier sessions are all avoided.
     */
    async proponerSerie(o: {
      doctorId: number;
      pacienteId: number;
      procedimientoId: number;
      hora: string;
      objetivos: { sesion: number; fecha: Fecha }[];
    }): Promise<SesionSerie[]> {
      const { duracion, margen } = await reglas.duracionDe('procedimiento', o.procedimientoId);
      const hoy = calendario.hoy();
      const tomados: { inicio: number; hasta: number }[] = [];
      const resultado: SesionSerie[] = [];
      for (const obj of o.objetivos) {
        const desde = obj.fecha < hoy ? hoy : obj.fecha;
        const libres = (
          await reglas.espacios({
            doctorIds: [o.doctorId],
            desde,
            hasta: sumarDias(desde, DIAS_BUSQUEDA_SERIE),
            duracion,
            margen,
            pacienteId: o.pacienteId,
          })
        ).filter(
          (e) => !tomados.some((t) => e.inicio.getTime() < t.hasta && e.fin.getTime() + margen * MIN > t.inicio),
        );
        const preferido = calendario.instante(obj.fecha, o.hora).getTime();
        const elegido = elegirParaSesion(libres, obj.fecha, preferido, calendario.fechaDe);
        const choque = choqueDe(obj.fecha, preferido, elegido);
        if (!elegido) {
          resultado.push({
            sesion: obj.sesion,
            objetivo: obj.fecha,
            inicio: null,
            fin: null,
            choque:
              `${choque ?? ''} No hay espacios libres en los ${DIAS_BUSQUEDA_SERIE} días siguientes: agenda esta sesión a mano o cambia el plan.`.trim(),
          });
          continue;
        }
        tomados.push({ inicio: elegido.inicio.getTime(), hasta: elegido.fin.getTime() + margen * MIN });
        resultado.push({ sesion: obj.sesion, objetivo: obj.fecha, inicio: elegido.inicio, fin: elegido.fin, choque });
      }
      return resultado;
    },

    /** Whether the patient may have this procedure at all (Ley 1799, evaluation first): the reason, or null. */
    async impedimento(pacienteId: number, procedimientoId: number, fecha: Fecha): Promise<string | null> {
      try {
        const paciente = await reglas.pacienteActiva(pacienteId);
        const { proc } = await reglas.duracionDe('procedimiento', procedimientoId);
        await reglas.revisarProcedimiento(paciente, proc!, fecha);
        return null;
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 422) return err.message;
        throw err;
      }
    },
  };
}
