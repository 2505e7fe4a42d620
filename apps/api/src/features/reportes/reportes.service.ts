// The owner's reports (issue 23, item 6; docs/dinero.md "Reportes"; decision 0058). Administrators see the whole
// clinic and may narrow to one doctor; a doctor sees his own work only (his id is forced; another's is a 403).
// Months and days are the clinic's (CLINICA_TZ); the range is at most 24 months, by default the last 12.
import {
  DIAS_CONVERSION,
  MENSAJES_REPORTES as M,
  MESES_MAXIMOS_REPORTE,
  MESES_POR_DEFECTO_REPORTE,
  mesesEntre,
  type Reporte,
  type ReporteQuery,
} from '@clinica/contracts/reportes';
import { diaDeSemana, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { AppError, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Actor } from '../../lib/solicitud.ts';
import { csvDe } from './reportes-csv.ts';
import type { Filtro, ReportesRepository } from './reportes.repository.ts';
import { fusionar, type ConsultaResumida, type Periodo, type ResumenRepository } from './resumen.repository.ts';
import { diasDelMes } from './resumen.service.ts';

const MIN = 60_000;
const tasa = (parte: number, todo: number) => (todo > 0 ? parte / todo : null);
const invalido = (mensaje: string, campo: string) => new AppError('VALIDACION', 400, mensaje, [{ campo, mensaje }]);

/** null last, as PostgreSQL orders ascending. */
const orden = (x: number | null, y: number | null) => (x === y ? 0 : x === null ? 1 : y === null ? -1 : x - y);

/** The first day of the month `meses` months before the month of `fecha`. */
function inicioDeMesAntes(fecha: Fecha, meses: number): Fecha {
  const total = Number(fecha.slice(0, 4)) * 12 + Number(fecha.slice(5, 7)) - 1 - meses;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

export type Anticipos = {
  en_custodia: number;
  aplicado: number;
  retenido: number;
  devuelto: number;
  saldo_a_favor: number;
};

/**
 * What became of the deposits of appointments in one state (docs/dinero.md "Reportes", the one rule to adjust):
 * what was refunded in money is `devuelto` and what the patient kept as credit `saldo_a_favor`, whatever the state;
 * of the rest, an appointment still pending or confirmed holds it (en custodia), one done applied it to its price
 * (aplicado), and a cancelled one kept it (retenido: a no-show, a late cancellation, or any cancellation whose
 * deposit was not refunded). Linear in the amounts: classifying a sum of groups is the sum of their classes.
 */
export function clasificarAnticipo(g: {
  estado: string;
  cobrado: number;
  devuelto: number;
  credito?: number;
}): Anticipos {
  const credito = g.credito ?? 0;
  const resto = g.cobrado - g.devuelto - credito;
  const r: Anticipos = { en_custodia: 0, aplicado: 0, retenido: 0, devuelto: g.devuelto, saldo_a_favor: credito };
  if (g.estado === 'pendiente' || g.estado === 'confirmada') r.en_custodia = resto;
  else if (g.estado === 'realizada') r.aplicado = resto;
  else r.retenido = resto;
  return r;
}

/** Minutes of [a, b) not covered by the (sorted, merged) blocks. */
function minutosLibresDeBloqueos(a: number, b: number, bloqueos: readonly { inicio: number; fin: number }[]) {
  let libre = b - a;
  for (const x of bloqueos) {
    if (x.inicio >= b) break;
    libre -= Math.max(0, Math.min(b, x.fin) - Math.max(a, x.inicio));
  }
  return libre / MIN;
}

function unir(rangos: { inicio: number; fin: number }[]) {
  const orden = [...rangos].sort((x, y) => x.inicio - y.inicio);
  const unidos: { inicio: number; fin: number }[] = [];
  for (const r of orden) {
    const ultimo = unidos.at(-1);
    if (ultimo && r.inicio <= ultimo.fin) ultimo.fin = Math.max(ultimo.fin, r.fin);
    else unidos.push({ ...r });
  }
  return unidos;
}

export function createReportesService(deps: {
  repo: ReportesRepository;
  /** The summary (resumen.repository.ts); null computes everything live (the exactness test compares both). */
  resumen: Pick<ResumenRepository, 'partes' | 'leer'> | null;
  calendario: Calendario;
  /** PAQUETES_DIAS_GRACIA: a package is usable this many days after vence_el. */
  diasGracia: number;
}) {
  const { repo, resumen, calendario, diasGracia } = deps;

  /** `n` clinic months from the month of `desde`, with the instants each starts and ends in the clinic's zone. */
  const mesesDesde = (desde: Fecha, n: number): Filtro['meses'] =>
    Array.from({ length: n }, (_, i) => {
      const inicio = inicioDeMesAntes(desde, -i);
      return {
        clave: inicio.slice(0, 7),
        inicio: calendario.instante(inicio),
        fin: calendario.instante(inicioDeMesAntes(desde, -i - 1)),
      };
    });

  /** A clinic month's days (cached: the zone's conversion is the slow part). */
  const dias = new Map<string, Periodo[]>();
  const diasDe = (mes: Periodo) => {
    const l = dias.get(mes.clave) ?? diasDelMes(mes, (d) => calendario.instante(d));
    dias.set(mes.clave, l);
    return l;
  };

  /**
   * One query's rows over a range: the periods the summary holds (whole months, else whole days, unchanged since)
   * read from it and added up, the rest computed live in as few stretches as there are gaps, all added up by group.
   * The rows are the same either way.
   */
  async function combinar<T>(consulta: ConsultaResumida, f: Filtro, vivo: (f: Filtro) => Promise<T[]>) {
    const partes = resumen ? await resumen.partes(f, diasDe) : { resumidos: [], vivos: [f] };
    const [guardadas, ...vivas] = await Promise.all([
      resumen ? resumen.leer<T>(consulta, partes.resumidos, f.doctorId) : [],
      ...partes.vivos.map(vivo),
    ]);
    return fusionar(consulta, [...guardadas, ...vivas.flat()]);
  }

  /** The range and the doctor a caller may see: validated, defaulted, the doctor's own id forced. */
  async function alcance(actor: Actor, q: ReporteQuery) {
    const hasta = q.hasta ?? (q.desde && q.desde > calendario.hoy() ? q.desde : calendario.hoy());
    const desde = q.desde ?? inicioDeMesAntes(hasta, MESES_POR_DEFECTO_REPORTE - 1);
    if (desde > hasta) throw invalido(M.rangoInvertido, 'desde');
    if (mesesEntre(desde, hasta) > MESES_MAXIMOS_REPORTE) throw invalido(M.rangoLargo, 'hasta');
    let doctor: { id: number; nombre: string } | null = null;
    if (actor.rol === 'doctor') {
      if (q.doctor_id !== undefined && q.doctor_id !== actor.id) throw prohibido(M.soloSusDatos);
      const yo = await repo.rolDe(actor.id);
      doctor = { id: actor.id, nombre: yo?.nombre ?? '' };
    } else if (q.doctor_id !== undefined) {
      const d = await repo.rolDe(q.doctor_id);
      if (!d || d.rol !== 'doctor') throw noEncontrado(M.noEsDoctor);
      doctor = { id: q.doctor_id, nombre: d.nombre };
    }
    const meses = mesesDesde(desde, mesesEntre(desde, hasta));
    const filtro: Filtro = {
      desde: calendario.instante(desde),
      hasta: calendario.instante(sumarDias(hasta, 1)),
      meses,
      doctorId: doctor?.id,
    };
    return { desde, hasta, doctor, filtro };
  }

  const nombresDeDoctores = (ids: Iterable<number>) => repo.nombres('usuarios', [...new Set(ids)]);

  async function ingresos(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const grupos = (await combinar('ingresos', a.filtro, repo.ingresos)).sort(
      (x, y) =>
        x.mes.localeCompare(y.mes) ||
        orden(x.procedimiento_id, y.procedimiento_id) ||
        orden(x.doctor_id, y.doctor_id) ||
        (x.tipo ?? '').localeCompare(y.tipo ?? '') ||
        Number(x.de_paquete) - Number(y.de_paquete),
    );
    const doctores = await nombresDeDoctores(grupos.flatMap((g) => (g.doctor_id ? [g.doctor_id] : [])));
    const procs = await repo.nombres('procedimientos', [
      ...new Set(grupos.flatMap((g) => (g.procedimiento_id ? [g.procedimiento_id] : []))),
    ]);
    const sinProcedimiento: Record<string, string> = { evaluacion: 'Evaluación', control: 'Control' };
    const filas = grupos.map((g) => ({
      mes: g.mes,
      procedimiento_id: g.procedimiento_id,
      procedimiento: g.procedimiento_id
        ? (procs.get(g.procedimiento_id) ?? '')
        : ((g.tipo && sinProcedimiento[g.tipo]) ?? 'Sin procedimiento'),
      doctor_id: g.doctor_id,
      doctor: g.doctor_id ? (doctores.get(g.doctor_id) ?? '') : g.de_paquete ? 'Paquetes' : 'Sin doctor',
      cobrado: g.cobrado,
      devuelto: g.devuelto,
      neto: g.cobrado - g.devuelto,
      pagos: g.pagos,
    }));
    const suma = (k: 'cobrado' | 'devuelto' | 'neto') => filas.reduce((s, f) => s + f[k], 0);
    const total = { cobrado: suma('cobrado'), devuelto: suma('devuelto'), neto: suma('neto') };
    return { desde: a.desde, hasta: a.hasta, doctor: a.doctor, filas, total };
  }

  async function anticipos(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const porMes = new Map<string, { mes: string; citas: number; cobrado: number } & Anticipos>();
    const vacio = (mes: string) => ({
      mes,
      citas: 0,
      cobrado: 0,
      en_custodia: 0,
      aplicado: 0,
      retenido: 0,
      devuelto: 0,
      saldo_a_favor: 0,
    });
    for (const g of await combinar('anticipos', a.filtro, repo.anticipos)) {
      const f = porMes.get(g.mes) ?? vacio(g.mes);
      const c = clasificarAnticipo(g);
      f.citas += g.citas;
      f.cobrado += g.cobrado;
      f.en_custodia += c.en_custodia;
      f.aplicado += c.aplicado;
      f.retenido += c.retenido;
      f.devuelto += c.devuelto;
      f.saldo_a_favor += c.saldo_a_favor;
      porMes.set(g.mes, f);
    }
    const filas = [...porMes.values()].sort((x, y) => x.mes.localeCompare(y.mes));
    const total = vacio('');
    for (const f of filas)
      for (const k of ['citas', 'cobrado', 'en_custodia', 'aplicado', 'retenido', 'devuelto', 'saldo_a_favor'] as const)
        total[k] += f[k];
    const { mes: _, ...totales } = total;
    return { desde: a.desde, hasta: a.hasta, doctor: a.doctor, filas, total: totales };
  }

  async function inasistencias(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const grupos = (await combinar('asistencia', a.filtro, repo.asistencia)).sort(
      (x, y) => x.mes.localeCompare(y.mes) || x.doctor_id - y.doctor_id,
    );
    const doctores = await nombresDeDoctores(grupos.map((g) => g.doctor_id));
    const filas = grupos.map((g) => ({
      ...g,
      doctor: doctores.get(g.doctor_id) ?? '',
      tasa: tasa(g.inasistencias, g.realizadas + g.inasistencias),
    }));
    const meses = new Map<string, { realizadas: number; inasistencias: number }>();
    for (const g of grupos) {
      const m = meses.get(g.mes) ?? { realizadas: 0, inasistencias: 0 };
      m.realizadas += g.realizadas;
      m.inasistencias += g.inasistencias;
      meses.set(g.mes, m);
    }
    const porMes = [...meses]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([mes, m]) => ({ mes, ...m, tasa: tasa(m.inasistencias, m.realizadas + m.inasistencias) }));
    const realizadas = grupos.reduce((s, g) => s + g.realizadas, 0);
    const inas = grupos.reduce((s, g) => s + g.inasistencias, 0);
    const total = { realizadas, inasistencias: inas, tasa: tasa(inas, realizadas + inas) };
    return { desde: a.desde, hasta: a.hasta, doctor: a.doctor, filas, porMes, total };
  }

  /**
   * Available minutes per doctor and month: each working day of the range (no Sundays, no Colombian holidays), the
   * doctor's weekly windows of that weekday, less the parts his agenda blocks cover.
   */
  /**
   * The instant of a wall-clock time of a clinic day. A zone conversion costs ~60 µs on a loaded machine and a
   * 24-month report needs ~1,500: each day's midnight is converted once per process (a fact that never changes), and
   * on a day of 24 hours (no clock change in it) a time is its midnight plus the hours.
   */
  const medianoches = new Map<Fecha, number>();
  const medianoche = (dia: Fecha) => {
    let t = medianoches.get(dia);
    if (t === undefined) medianoches.set(dia, (t = calendario.instante(dia).getTime()));
    return t;
  };
  const aLas = (dia: Fecha, hora: string) => {
    const inicio = medianoche(dia);
    if (medianoche(sumarDias(dia, 1)) - inicio !== 24 * 60 * MIN) return calendario.instante(dia, hora).getTime();
    return inicio + (Number(hora.slice(0, 2)) * 60 + Number(hora.slice(3, 5))) * MIN;
  };

  async function disponibles(a: Awaited<ReturnType<typeof alcance>>) {
    const [horarios, bloqueos] = await Promise.all([repo.horarios(a.doctor?.id), repo.bloqueos(a.filtro)]);
    const bloqueosDe = new Map<number, { inicio: number; fin: number }[]>();
    for (const b of bloqueos) {
      const l = bloqueosDe.get(b.doctor_id) ?? [];
      l.push({ inicio: b.inicio.getTime(), fin: b.fin.getTime() });
      bloqueosDe.set(b.doctor_id, l);
    }
    for (const [id, l] of bloqueosDe) bloqueosDe.set(id, unir(l));
    const porDia = new Map<number, typeof horarios>();
    for (const h of horarios) porDia.set(h.dia_semana, [...(porDia.get(h.dia_semana) ?? []), h]);
    // Doctors share their hours: each wall-clock time of a day is computed once (aLas), and minutes add up per
    // month and doctor in nested maps (a string key per window cost most of the loop).
    const horasDe = new Map(
      [...porDia].map(([d, l]) => [d, [...new Set(l.flatMap((h) => [h.hora_inicio, h.hora_fin]))]]),
    );
    const porMes = new Map<string, Map<number, number>>();
    for (let dia = a.desde; dia <= a.hasta; dia = sumarDias(dia, 1)) {
      const ventanas = porDia.get(diaDeSemana(dia));
      if (!ventanas || !calendario.esDiaHabil(dia)) continue;
      const t = new Map(horasDe.get(diaDeSemana(dia))!.map((h) => [h, aLas(dia, h)]));
      const mes = dia.slice(0, 7);
      const delMes = porMes.get(mes) ?? new Map<number, number>();
      porMes.set(mes, delMes);
      for (const h of ventanas) {
        const libres = minutosLibresDeBloqueos(
          t.get(h.hora_inicio)!,
          t.get(h.hora_fin)!,
          bloqueosDe.get(h.doctor_id) ?? [],
        );
        delMes.set(h.doctor_id, (delMes.get(h.doctor_id) ?? 0) + libres);
      }
    }
    const minutos = new Map<string, number>();
    for (const [mes, delMes] of porMes) for (const [id, m] of delMes) minutos.set(`${mes}|${id}`, m);
    return minutos;
  }

  async function ocupacion(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const [reservados, disponibleDe] = await Promise.all([
      combinar('minutos', a.filtro, repo.minutosReservados),
      disponibles(a),
    ]);
    const reservadoDe = new Map(reservados.map((r) => [`${r.mes}|${r.doctor_id}`, Math.round(r.segundos / 60)]));
    const claves = [...new Set([...reservadoDe.keys(), ...disponibleDe.keys()])].sort();
    const doctores = await nombresDeDoctores(claves.map((k) => Number(k.split('|')[1])));
    const filas = claves.map((k) => {
      const [mes, id] = k.split('|') as [string, string];
      const r = reservadoDe.get(k) ?? 0;
      const d = Math.round(disponibleDe.get(k) ?? 0);
      const doctor_id = Number(id);
      return {
        mes,
        doctor_id,
        doctor: doctores.get(doctor_id) ?? '',
        minutos_reservados: r,
        minutos_disponibles: d,
        ocupacion: tasa(r, d),
      };
    });
    const r = filas.reduce((s, f) => s + f.minutos_reservados, 0);
    const d = filas.reduce((s, f) => s + f.minutos_disponibles, 0);
    const total = { minutos_reservados: r, minutos_disponibles: d, ocupacion: tasa(r, d) };
    return { desde: a.desde, hasta: a.hasta, doctor: a.doctor, filas, total };
  }

  async function paquetes(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const [vendidos, usadas, pendientes] = await Promise.all([
      repo.paquetesVendidos(a.filtro),
      repo.sesionesUsadas(a.filtro),
      repo.pendientes(sumarDias(calendario.hoy(), -diasGracia)),
    ]);
    const meses = new Map<string, { mes: string; vendidos: number; monto_vendido: number; sesiones_usadas: number }>();
    const fila = (mes: string) => meses.get(mes) ?? { mes, vendidos: 0, monto_vendido: 0, sesiones_usadas: 0 };
    for (const v of vendidos) meses.set(v.mes, { ...fila(v.mes), vendidos: v.vendidos, monto_vendido: v.monto });
    for (const u of usadas) meses.set(u.mes, { ...fila(u.mes), sesiones_usadas: u.sesiones });
    const filas = [...meses.values()].sort((x, y) => x.mes.localeCompare(y.mes));
    const total = {
      vendidos: filas.reduce((s, f) => s + f.vendidos, 0),
      monto_vendido: filas.reduce((s, f) => s + f.monto_vendido, 0),
      sesiones_usadas: filas.reduce((s, f) => s + f.sesiones_usadas, 0),
      sesiones_pendientes: pendientes.reduce((s, p) => s + p.sesiones, 0),
      monto_pendiente: pendientes.reduce((s, p) => s + p.monto, 0),
    };
    return { desde: a.desde, hasta: a.hasta, doctor: a.doctor, filas, pendientes, total };
  }

  async function conversion(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const grupos = await combinar('conversion', a.filtro, (f) => repo.conversion(f, DIAS_CONVERSION));
    const meses = new Map<string, { evaluadas: number; convertidas: number }>();
    for (const g of grupos) {
      const m = meses.get(g.mes) ?? { evaluadas: 0, convertidas: 0 };
      m.evaluadas += g.evaluadas;
      m.convertidas += g.convertidas;
      meses.set(g.mes, m);
    }
    const filas = [...meses]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([mes, m]) => ({ mes, ...m, tasa: tasa(m.convertidas, m.evaluadas) }));
    const evaluadas = filas.reduce((s, f) => s + f.evaluadas, 0);
    const convertidas = filas.reduce((s, f) => s + f.convertidas, 0);
    return {
      desde: a.desde,
      hasta: a.hasta,
      doctor: a.doctor,
      dias: DIAS_CONVERSION,
      filas,
      total: { evaluadas, convertidas, tasa: tasa(convertidas, evaluadas) },
    };
  }

  /**
   * Issue 25, item 5: how appointments get confirmed, no-shows by channel, and slots refilled from the waitlist. The
   * confirmations and the channels are summarised per month and doctor (and channel): added up here per month, and
   * per channel over the range. The waitlist's offers are few: read live.
   */
  async function confirmaciones(actor: Actor, q: ReporteQuery) {
    const a = await alcance(actor, q);
    const [confirmadas, recuperadas, canales] = await Promise.all([
      combinar('confirmaciones', a.filtro, (f) => repo.confirmaciones(f, calendario.zona)),
      repo.recuperadas(a.filtro),
      combinar('canales', a.filtro, repo.asistenciaPorCanal),
    ]);
    const vacia = (mes: string) => ({
      mes,
      citas: 0,
      confirmadas: 0,
      antes_del_dia: 0,
      por_via: { mostrador: 0, portal: 0, correo: 0, whatsapp: 0, sin_registro: 0 },
      recuperadas: 0,
      valor_recuperado: 0,
    });
    const meses = new Map<string, ReturnType<typeof vacia>>();
    for (const c of confirmadas) {
      const m = meses.get(c.mes) ?? vacia(c.mes);
      m.citas += c.citas;
      m.confirmadas += c.confirmadas;
      m.antes_del_dia += c.antes_del_dia;
      for (const v of Object.keys(m.por_via) as (keyof typeof m.por_via)[]) m.por_via[v] += c[v];
      meses.set(c.mes, m);
    }
    for (const r of recuperadas)
      meses.set(r.mes, {
        ...(meses.get(r.mes) ?? vacia(r.mes)),
        recuperadas: r.recuperadas,
        valor_recuperado: r.valor,
      });
    const porCanal = new Map<string, Omit<(typeof canales)[number], 'mes' | 'doctor_id'>>();
    for (const c of canales) {
      const k = porCanal.get(c.canal) ?? { canal: c.canal, citas: 0, inasistencias: 0 };
      k.citas += c.citas;
      k.inasistencias += c.inasistencias;
      porCanal.set(c.canal, k);
    }
    const conTasa = <F extends ReturnType<typeof vacia>>(f: F) => ({
      ...f,
      tasa_antes_del_dia: tasa(f.antes_del_dia, f.citas),
    });
    const ordenadas = [...meses.values()].sort((x, y) => x.mes.localeCompare(y.mes));
    const total = vacia('');
    for (const f of ordenadas) {
      for (const k of ['citas', 'confirmadas', 'antes_del_dia', 'recuperadas', 'valor_recuperado'] as const)
        total[k] += f[k];
      for (const v of Object.keys(total.por_via) as (keyof typeof total.por_via)[]) total.por_via[v] += f.por_via[v];
    }
    const { mes: _, ...totales } = conTasa(total);
    return {
      desde: a.desde,
      hasta: a.hasta,
      doctor: a.doctor,
      filas: ordenadas.map(conTasa),
      porCanal: [...porCanal.values()]
        .sort((x, y) => x.canal.localeCompare(y.canal))
        .map((c) => ({ ...c, tasa: tasa(c.inasistencias, c.citas) })),
      total: totales,
    };
  }

  const informes = { ingresos, anticipos, inasistencias, ocupacion, paquetes, conversion, confirmaciones };
  return { ...informes, csv: (reporte: Reporte, actor: Actor, q: ReporteQuery) => csvDe(informes, reporte, actor, q) };
}
export type ReportesService = ReturnType<typeof createReportesService>;
