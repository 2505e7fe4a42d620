// The clinic's calendar: dates and day/week/month boundaries in the clinic's time zone, and Colombian public
// holidays. Zod-free and pure (the zone and the instant are always passed in), so the API binds it to
// config.clinicaTz and its clock, and the web to its env; both agree on what "today" is.
//
// Dates without time are 'YYYY-MM-DD' strings: a calendar day in the clinic, not an instant.
import { getHolidaysForYear } from 'colombian-holidays';

/** A calendar day, 'YYYY-MM-DD'. */
export type Fecha = string;
export type Periodo = 'dia' | 'semana' | 'mes';
/** [desde, hasta): instants where the period starts and where the next one starts. */
export type Rango = { desde: Date; hasta: Date };

export const ZONA_POR_DEFECTO = 'America/Bogota';
export const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const HORA = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MS_DIA = 86_400_000;

const formateadores = new Map<string, Intl.DateTimeFormat>();
function partesEn(zona: string): Intl.DateTimeFormat {
  let f = formateadores.get(zona);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zona,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formateadores.set(zona, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone (config validation). */
export function esZonaValida(zona: string): boolean {
  try {
    partesEn(zona);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
export function relojEnZona(instante: Date, zona: string) {
  const p: Record<string, number> = {};
  for (const { type, value } of partesEn(zona).formatToParts(instante)) {
    if (type !== 'literal') p[type] = Number(value);
  }
  return { anio: p.year!, mes: p.month!, dia: p.day!, hora: p.hour!, minuto: p.minute!, segundo: p.second! };
}

const dos = (n: number) => String(n).padStart(2, '0');
const aFecha = (anio: number, mes: number, dia: number): Fecha =>
  `${String(anio).padStart(4, '0')}-${dos(mes)}-${dos(dia)}`;

function partesFecha(fecha: Fecha): [number, number, number] {
  if (!FECHA.test(fecha)) throw new RangeError(`Fecha inválida: ${fecha}`);
  const [a, m, d] = fecha.split('-').map(Number) as [number, number, number];
  return [a, m, d];
}

/** The calendar day an instant falls on in the zone. */
export function fechaEnZona(instante: Date, zona: string): Fecha {
  const r = relojEnZona(instante, zona);
  return aFecha(r.anio, r.mes, r.dia);
}

/** 'HH:mm' of an instant in the zone. */
export function horaEnZona(instante: Date, zona: string): string {
  const r = relojEnZona(instante, zona);
  return `${dos(r.hora)}:${dos(r.minuto)}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (Bogotá: -5 h). */
function desfase(instante: number, zona: string): number {
  const r = relojEnZona(new Date(instante), zona);
  const comoUtc = Date.UTC(r.anio, r.mes - 1, r.dia, r.hora, r.minuto, r.segundo);
  return comoUtc - Math.floor(instante / 1000) * 1000;
}

/** The instant of a wall-clock time ('HH:mm', default midnight) on a day in the zone. */
export function instanteLocal(fecha: Fecha, hora = '00:00', zona: string): Date {
  const [a, m, d] = partesFecha(fecha);
  const h = HORA.exec(hora);
  if (!h) throw new RangeError(`Hora inválida: ${hora}`);
  const pared = Date.UTC(a, m - 1, d, Number(h[1]), Number(h[2]));
  // Two passes settle zones with daylight saving (the offset at the guess may differ from the answer's).
  let t = pared - desfase(pared, zona);
  t = pared - desfase(t, zona);
  return new Date(t);
}

export function sumarDias(fecha: Fecha, dias: number): Fecha {
  const [a, m, d] = partesFecha(fecha);
  const t = new Date(Date.UTC(a, m - 1, d) + dias * MS_DIA);
  return aFecha(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** 0 = domingo ... 6 = sábado, as Date#getDay. */
export function diaDeSemana(fecha: Fecha): number {
  const [a, m, d] = partesFecha(fecha);
  return new Date(Date.UTC(a, m - 1, d)).getUTCDay();
}

/** The day, week (Monday to Sunday) or month containing the instant, in the zone. */
export function rangoDePeriodo(periodo: Periodo, instante: Date, zona: string): Rango {
  const hoy = fechaEnZona(instante, zona);
  let desde: Fecha;
  let hasta: Fecha;
  if (periodo === 'dia') {
    desde = hoy;
    hasta = sumarDias(hoy, 1);
  } else if (periodo === 'semana') {
    desde = sumarDias(hoy, -((diaDeSemana(hoy) + 6) % 7));
    hasta = sumarDias(desde, 7);
  } else {
    const [a, m] = partesFecha(hoy);
    desde = aFecha(a, m, 1);
    hasta = m === 12 ? aFecha(a + 1, 1, 1) : aFecha(a, m + 1, 1);
  }
  return { desde: instanteLocal(desde, '00:00', zona), hasta: instanteLocal(hasta, '00:00', zona) };
}

export type Festivo = { fecha: Fecha; nombre: string };
const festivosPorAnio = new Map<number, Festivo[]>();

/**
 * Colombian public holidays of a year on the day they are observed: Ley 51 de 1983 moves several to the
 * following Monday, and the Easter-based ones move with Easter (computed by `colombian-holidays`).
 */
export function festivos(anio: number): readonly Festivo[] {
  let lista = festivosPorAnio.get(anio);
  if (!lista) {
    lista = getHolidaysForYear(anio)
      .map((f) => ({ fecha: f.celebrationDate, nombre: f.name.es }))
      .sort((x, y) => x.fecha.localeCompare(y.fecha));
    festivosPorAnio.set(anio, lista);
  }
  return lista;
}

export function esFestivo(fecha: Fecha): boolean {
  const [a] = partesFecha(fecha);
  return festivos(a).some((f) => f.fecha === fecha);
}

/** Sundays and holidays: the clinic is closed (DOMAIN.md, clinic hours). */
export function esDiaNoHabil(fecha: Fecha): boolean {
  return diaDeSemana(fecha) === 0 || esFestivo(fecha);
}

/** A clinic day as es-CO writes it: '2026-11-27' -> '27/11/2026'. */
export function diaEsCo(fecha: string): string {
  return fecha.split('-').reverse().join('/');
}

const horasEsCo = new Map<string, Intl.DateTimeFormat>();
/**
 * 'h:mm a. m.' of an instant in the zone, as es-CO writes it (DESIGN.md), with plain spaces: the one time format of
 * the API's messages and e-mails and of the web. It already ends in a period ("a. m."): a sentence that ends on it
 * gets no second one (issue 27.12: "8:00 a. m.."); see finDeFrase.
 */
export function horaEsCo(instante: Date, zona: string): string {
  let f = horasEsCo.get(zona);
  if (!f) {
    f = new Intl.DateTimeFormat('es-CO', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: zona });
    horasEsCo.set(zona, f);
  }
  return f.format(instante).replace(/\s/g, ' ');
}

/** Ends a sentence with one period: none added after a text that already ends in one (a time, "a. m."). */
export function finDeFrase(texto: string): string {
  return texto.endsWith('.') ? texto : `${texto}.`;
}
