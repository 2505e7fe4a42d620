// A report as its CSV file (csv.ts has the format): the headers and rows of each report, and the file's name.
import {
  canalReporteNombres,
  viaConfirmacionNombres,
  viasConfirmacion,
  type Reporte,
  type ReporteQuery,
} from '@clinica/contracts/reportes';
import type { Actor } from '../../lib/solicitud.ts';
import { aCsv, porcentaje, type Celda } from './csv.ts';
import type { createReportesService } from './reportes.service.ts';

type Informes = Omit<ReturnType<typeof createReportesService>, 'csv'>;

export const NOMBRES_CSV: Record<Reporte, string> = {
  ingresos: 'ingresos',
  anticipos: 'anticipos',
  inasistencias: 'inasistencias',
  ocupacion: 'ocupacion',
  paquetes: 'paquetes',
  conversion: 'conversion',
  confirmaciones: 'confirmaciones',
};

/** A report's rows as a CSV (csv.ts) and its file name: `reporte-<nombre>-<desde>-a-<hasta>.csv`. */
export async function csvDe(s: Informes, reporte: Reporte, actor: Actor, q: ReporteQuery) {
  let encabezados: string[];
  let filas: Celda[][];
  let desde: string;
  let hasta: string;
  switch (reporte) {
    case 'ingresos': {
      const r = await s.ingresos(actor, q);
      ({ desde, hasta } = r);
      encabezados = ['Mes', 'Procedimiento', 'Doctor', 'Cobrado (COP)', 'Devuelto (COP)', 'Neto (COP)', 'Pagos'];
      filas = r.filas.map((f) => [f.mes, f.procedimiento, f.doctor, f.cobrado, f.devuelto, f.neto, f.pagos]);
      break;
    }
    case 'anticipos': {
      const r = await s.anticipos(actor, q);
      ({ desde, hasta } = r);
      encabezados = [
        'Mes',
        'Citas',
        'Cobrado (COP)',
        'En custodia (COP)',
        'Aplicado (COP)',
        'Retenido (COP)',
        'Devuelto (COP)',
        'Saldo a favor (COP)',
      ];
      filas = r.filas.map((f) => [
        f.mes,
        f.citas,
        f.cobrado,
        f.en_custodia,
        f.aplicado,
        f.retenido,
        f.devuelto,
        f.saldo_a_favor,
      ]);
      break;
    }
    case 'inasistencias': {
      const r = await s.inasistencias(actor, q);
      ({ desde, hasta } = r);
      encabezados = ['Mes', 'Doctor', 'Realizadas', 'Inasistencias', 'Tasa de inasistencia (%)'];
      filas = r.filas.map((f) => [f.mes, f.doctor, f.realizadas, f.inasistencias, porcentaje(f.tasa)]);
      break;
    }
    case 'ocupacion': {
      const r = await s.ocupacion(actor, q);
      ({ desde, hasta } = r);
      encabezados = ['Mes', 'Doctor', 'Minutos reservados', 'Minutos disponibles', 'Ocupación (%)'];
      filas = r.filas.map((f) => [
        f.mes,
        f.doctor,
        f.minutos_reservados,
        f.minutos_disponibles,
        porcentaje(f.ocupacion),
      ]);
      break;
    }
    case 'paquetes': {
      const r = await s.paquetes(actor, q);
      ({ desde, hasta } = r);
      encabezados = ['Mes', 'Paquetes vendidos', 'Vendido (COP)', 'Sesiones usadas'];
      filas = r.filas.map((f) => [f.mes, f.vendidos, f.monto_vendido, f.sesiones_usadas]);
      filas.push([]);
      filas.push(['Pendiente hoy', 'Paquetes', 'Sesiones pendientes', 'Pendiente (COP)', 'Procedimiento']);
      for (const p of r.pendientes) filas.push(['', p.paquetes, p.sesiones, p.monto, p.procedimiento]);
      break;
    }
    case 'conversion': {
      const r = await s.conversion(actor, q);
      ({ desde, hasta } = r);
      encabezados = ['Mes', 'Primeras evaluaciones', `Con procedimiento en ${r.dias} días`, 'Conversión (%)'];
      filas = r.filas.map((f) => [f.mes, f.evaluadas, f.convertidas, porcentaje(f.tasa)]);
      break;
    }
    case 'confirmaciones': {
      const r = await s.confirmaciones(actor, q);
      ({ desde, hasta } = r);
      encabezados = [
        'Mes',
        'Citas',
        'Confirmadas',
        'Confirmadas antes del día',
        'Antes del día (%)',
        ...viasConfirmacion.map((v) => viaConfirmacionNombres[v]),
        'Recuperadas de la lista de espera',
        'Valor recuperado (COP)',
      ];
      filas = r.filas.map((f) => [
        f.mes,
        f.citas,
        f.confirmadas,
        f.antes_del_dia,
        porcentaje(f.tasa_antes_del_dia),
        ...viasConfirmacion.map((v) => f.por_via[v]),
        f.recuperadas,
        f.valor_recuperado,
      ]);
      filas.push([]);
      filas.push(['Canal elegido', 'Citas', 'Inasistencias', 'Tasa de inasistencia (%)']);
      for (const c of r.porCanal)
        filas.push([canalReporteNombres[c.canal], c.citas, c.inasistencias, porcentaje(c.tasa)]);
      break;
    }
  }
  return { texto: aCsv(encabezados, filas), nombre: `reporte-${NOMBRES_CSV[reporte]}-${desde}-a-${hasta}.csv` };
}
