// Free slots, pure (issue 22, item 2): given the doctors' weekly hours, their blocks, the clinic's working days
// (Sundays and Colombian holidays), the busy ranges of the doctors (with margins) and of the patient, and the time
// now, which start times are free. No database and no clock of its own: the booking engine reads the agenda
// (reglas.ts `espacios`) and asks here; test/disponibilidad.test.ts tests it on plain values.
import { diaDeSemana, sumarDias, type Fecha } from '@clinica/contracts/tiempo';

export const MIN = 60_000;

/** A free slot of one doctor. */
export type Espacio = { inicio: Date; fin: Date; doctor_id: number };
/** A doctor's weekly window (dia_semana 0 = Sunday, times 'HH:MM' in the clinic's zone). */
export type HorarioFila = { dia_semana: number; hora_inicio: string; hora_fin: string };
/** A busy range [inicio, hasta) (or [inicio, fin)). */
export type Rango = { inicio: Date; hasta?: Date | undefined; fin?: Date | undefined };
/** What of the clinic's calendar the slots need: its zone's instants and its working days. */
export type DiasClinica = {
  instante(fecha: Fecha, hora?: string): Date;
  esDiaHabil(fecha: Fecha): boolean;
};

/**
 * Whether [a, b) (ms) crosses any of the ranges (their end is `hasta`, or `fin`), in O(log n): ranges sorted by
 * start, with the furthest end reached so far. A month of one doctor's availability checks ~1,000 candidate times
 * against ~600 appointments; comparing each with each was a small part of the request's CPU all the same
 * (bench/results/perfil.md, "Disponibilidad": 5.6 -> 5.7 ms on PostgreSQL, 10.3 -> 8.1 ms on PGlite).
 */
export function cruceCon(rangos: readonly Rango[]) {
  const orden = rangos
    .map((r) => ({ inicio: r.inicio.getTime(), fin: (r.hasta ?? r.fin)!.getTime() }))
    .sort((x, y) => x.inicio - y.inicio);
  const inicios = orden.map((r) => r.inicio);
  const finMaximo: number[] = [];
  for (const r of orden) finMaximo.push(Math.max(r.fin, finMaximo.at(-1) ?? -Infinity));
  return (a: number, b: number): boolean => {
    // How many ranges start before b; one of them crosses [a, b) when the furthest end among them is past a.
    let bajo = 0;
    let alto = inicios.length;
    while (bajo < alto) {
      const medio = (bajo + alto) >>> 1;
      if (inicios[medio]! < b) bajo = medio + 1;
      else alto = medio;
    }
    return bajo > 0 && finMaximo[bajo - 1]! > a;
  };
}

/** The agenda the slots are computed from, already read. */
export type AgendaLeida = {
  horarios: readonly (HorarioFila & { doctor_id: number })[];
  /** The doctors' appointments, each up to the end of its margin. */
  ocupados: readonly (Rango & { doctor_id: number })[];
  bloqueos: readonly (Rango & { doctor_id: number })[];
  /** The patient's own appointments (she cannot be in two places at once); empty for no patient. */
  delPaciente: readonly Rango[];
};

const porDoctor = (rangos: readonly (Rango & { doctor_id: number })[]) => {
  const grupos = new Map<number, Rango[]>();
  for (const r of rangos) {
    const grupo = grupos.get(r.doctor_id);
    if (grupo) grupo.push(r);
    else grupos.set(r.doctor_id, [r]);
  }
  return new Map([...grupos].map(([id, rs]) => [id, cruceCon(rs)]));
};

/**
 * Free slots of the doctors in [desde, hasta] (clinic days), stepping by the duration from the start of each window
 * of their hours: working days only, after `ahora`, clear of their appointments and blocks (up to the end of the
 * margin) and of the patient's appointments. Sorted by time, then doctor.
 */
export function espaciosLibres(
  o: { desde: Fecha; hasta: Fecha; duracion: number; margen: number; ahora: Date },
  agenda: AgendaLeida,
  dias: DiasClinica,
): Espacio[] {
  const ahora = o.ahora.getTime();
  const citasDe = porDoctor(agenda.ocupados);
  const bloqueosDe = porDoctor(agenda.bloqueos);
  const delPacienteCruza = cruceCon(agenda.delPaciente);
  const libres: Espacio[] = [];
  for (let dia = o.desde; dia <= o.hasta; dia = sumarDias(dia, 1)) {
    if (!dias.esDiaHabil(dia)) continue;
    const dow = diaDeSemana(dia);
    for (const h of agenda.horarios) {
      if (h.dia_semana !== dow) continue;
      const apertura = dias.instante(dia, h.hora_inicio).getTime();
      const cierre = dias.instante(dia, h.hora_fin).getTime();
      for (let t = apertura; t + o.duracion * MIN <= cierre; t += o.duracion * MIN) {
        const fin = t + o.duracion * MIN;
        const ocupa = fin + o.margen * MIN;
        if (t <= ahora) continue;
        if (citasDe.get(h.doctor_id)?.(t, ocupa)) continue;
        if (bloqueosDe.get(h.doctor_id)?.(t, ocupa)) continue;
        if (delPacienteCruza(t, fin)) continue;
        libres.push({ inicio: new Date(t), fin: new Date(fin), doctor_id: h.doctor_id });
      }
    }
  }
  return libres.sort((a, b) => a.inicio.getTime() - b.inicio.getTime() || a.doctor_id - b.doctor_id);
}

/**
 * Whether a start `t` (ms) on `dia` is one of the slots of that day's hours (same length, stepped from the window's
 * start). When it is not: the slots next to it in the window it falls in (a 15-minute drop on a 30-minute agenda),
 * for the refusal to name; none when it falls outside every window.
 */
export function encajeEnHorario(
  dia: Fecha,
  t: number,
  duracion: number,
  horarios: readonly HorarioFila[],
  dias: Pick<DiasClinica, 'instante'>,
): { dentro: true } | { dentro: false; cercanas: number[] } {
  const paso = duracion * MIN;
  const delDia = horarios.filter((h) => h.dia_semana === diaDeSemana(dia));
  const ventanas = delDia.map((h) => ({
    apertura: dias.instante(dia, h.hora_inicio).getTime(),
    cierre: dias.instante(dia, h.hora_fin).getTime(),
  }));
  if (ventanas.some((v) => t >= v.apertura && t + paso <= v.cierre && (t - v.apertura) % paso === 0)) {
    return { dentro: true };
  }
  for (const { apertura, cierre } of ventanas) {
    if (t < apertura || t >= cierre) continue;
    const antes = apertura + Math.floor((t - apertura) / paso) * paso;
    const cercanas = [antes, antes + paso].filter((x) => x + paso <= cierre);
    if (cercanas.length) return { dentro: false, cercanas };
  }
  return { dentro: false, cercanas: [] };
}

/** How far after a session's target date the proposal of a series looks for a free slot. */
export const DIAS_BUSQUEDA_SERIE = 14;

/**
 * The slot for one session of a follow-up series (decision 0017), among the doctor's free slots from its target date
 * on (`libres`, those the series' earlier sessions took already removed): the slot at the preferred time if free;
 * else the closest free one that day; else the first free one on the following days. Undefined when none.
 */
export function elegirParaSesion(
  libres: readonly Espacio[],
  fecha: Fecha,
  preferido: number,
  fechaDe: (d: Date) => Fecha,
): Espacio | undefined {
  const delDia = libres
    .filter((e) => fechaDe(e.inicio) === fecha)
    .sort((a, b) => Math.abs(a.inicio.getTime() - preferido) - Math.abs(b.inicio.getTime() - preferido));
  return delDia[0] ?? libres.find((e) => fechaDe(e.inicio) > fecha);
}
