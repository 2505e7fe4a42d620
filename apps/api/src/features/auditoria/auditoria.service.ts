// The administrators' search of the audit log and its CSV export (issue 21, item 5). Every export is itself
// audited: the log says who took a copy of it and with which filters.
import type { z } from 'zod';
import { EXPORTAR_MAX_FILAS, type auditoriaQuery } from '@clinica/contracts/auditoria';
import { sumarDias } from '@clinica/contracts/tiempo';
import type { Calendario } from '../../lib/calendario.ts';
import { desplazamiento, paginaConTope } from '../../lib/paginas.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { AuditoriaConsultaRepository, FiltroAuditoria } from './auditoria.repository.ts';

type Consulta = z.output<typeof auditoriaQuery>;

/** Rows a page's total counts exactly; past it the total is "more than". */
export const TOPE_CONTEO_AUDITORIA = 10_000;

const COLUMNAS = [
  'fecha',
  'usuario_id',
  'nombre',
  'correo',
  'rol',
  'accion',
  'recurso',
  'recurso_id',
  'resultado',
  'ip',
  'detalle',
];

/**
 * One CSV field: quoted when needed, and a text a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a
 * leading apostrophe (CSV injection): details hold what people typed.
 */
export function campoCsv(valor: string | number | null | undefined): string {
  if (valor === null || valor === undefined) return '';
  let texto = String(valor);
  if (typeof valor === 'string' && /^[=+\-@\t\r]/.test(texto)) texto = `'${texto}`;
  return /[",\r\n;]/.test(texto) ? `"${texto.replace(/"/g, '""')}"` : texto;
}

export function createAuditoriaConsultaService(deps: {
  repo: AuditoriaConsultaRepository;
  auditoria: AuditoriaRepository;
  calendario: Calendario;
}) {
  const { repo, calendario } = deps;
  const filtro = (q: Consulta): FiltroAuditoria => ({
    quien: q.quien || undefined,
    accion: q.accion || undefined,
    recurso: q.recurso || undefined,
    recurso_id: q.recurso_id || undefined,
    resultado: q.resultado,
    // Days of the clinic's calendar: from the start of `desde` to the end of `hasta`, in its zone.
    desde: q.desde ? calendario.instante(q.desde) : undefined,
    hasta: q.hasta ? calendario.instante(sumarDias(q.hasta, 1)) : undefined,
  });
  const aWire = (f: Awaited<ReturnType<AuditoriaConsultaRepository['buscar']>>[number]) => ({
    id: f.id,
    creada_en: f.creada_en,
    usuario:
      f.usuario_id !== null && f.nombre !== null
        ? { id: f.usuario_id, nombre: f.nombre, correo: f.correo ?? '', rol: f.rol ?? '' }
        : null,
    accion: f.accion,
    recurso: f.recurso,
    recurso_id: f.recurso_id,
    resultado: f.resultado,
    ip: f.ip,
    detalle: f.detalle,
  });

  return {
    async listar(q: Consulta) {
      const f = filtro(q);
      const [filas, total] = await Promise.all([
        repo.buscar(f, q.porPagina, desplazamiento(q)),
        repo.contar(f, TOPE_CONTEO_AUDITORIA),
      ]);
      return paginaConTope(filas.map(aWire), total, TOPE_CONTEO_AUDITORIA, q);
    },

    /** The search as CSV (newest first, at most EXPORTAR_MAX_FILAS rows), UTF-8 with a BOM for spreadsheets. */
    async exportar(actor: Actor, q: Consulta, origen: Origen) {
      const filas = (await repo.buscar(filtro(q), EXPORTAR_MAX_FILAS, 0)).map(aWire);
      const lineas = filas.map((r) =>
        [
          r.creada_en.toISOString(),
          r.usuario?.id,
          r.usuario?.nombre,
          r.usuario?.correo,
          r.usuario?.rol,
          r.accion,
          r.recurso,
          r.recurso_id,
          r.resultado,
          r.ip,
          r.detalle,
        ]
          .map(campoCsv)
          .join(','),
      );
      const usados = Object.entries(q)
        .filter(([k, v]) => v !== undefined && v !== '' && k !== 'pagina' && k !== 'porPagina')
        .map(([k, v]) => `${k}=${String(v)}`)
        .join('; ');
      await deps.auditoria.registrar({
        usuarioId: actor.id,
        accion: 'auditoria.exportar',
        recurso: 'auditoria',
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `${filas.length} filas${usados ? `; ${usados}` : ''}`,
      });
      const texto = `\uFEFF${[COLUMNAS.join(','), ...lineas].join('\r\n')}\r\n`;
      return { texto, nombre: `auditoria-${calendario.hoy()}.csv`, filas: filas.length };
    },
  };
}
export type AuditoriaConsultaService = ReturnType<typeof createAuditoriaConsultaService>;
