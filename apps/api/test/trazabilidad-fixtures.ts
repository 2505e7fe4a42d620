// What the traceability tests (who received a lot, notices, retreatments) set up the same way: a clinic on a clock the
// test moves, requests signed in at that clock, products and lots received through the API, and signed charted notes
// made as a doctor makes them (a procedure appointment, a draft through the API, its chart points written while it is a
// draft, then signed through the API).
import { expect } from 'vitest';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { insumosPaths, type LoteWire, type ProductoWire } from '@clinica/contracts/insumos';
import { fechaEnZona, instanteLocal, sumarDias, ZONA_POR_DEFECTO, type Fecha } from '@clinica/contracts/tiempo';
import { aplicaciones } from '../src/db/schema/index.ts';
import { crearCategoria, crearProcedimiento } from './catalogo-fixtures.ts';
import { crearPersonas, insertarCita, type Pedir, type Personas } from './clinica-fixtures.ts';
import { createTestApp, inyectar } from './helpers.ts';
import type { UsuarioDePrueba } from './auth-helpers.ts';
import { bearer, crearReloj, sesionPara } from './usuarios-fixtures.ts';

export const DIA_MS = 86_400_000;
export const BORRADOR = {
  motivo: 'Líneas de expresión en frente y entrecejo',
  hallazgos: 'Arrugas dinámicas moderadas.',
  procedimiento_realizado: 'Aplicación de toxina botulínica',
  productos: [],
  indicaciones: 'No acostarse en 4 horas.',
  formulas: [],
  ordenes: [],
};

export async function crearClinica() {
  const reloj = crearReloj(new Date());
  const t = await createTestApp({ now: reloj.now, intervaloBandejaMs: 0 });
  const personas: Personas = await crearPersonas(t.database, { now: reloj.now() });
  /** Requests signed in at the test clock's now (the clock moves by weeks: an older token would have expired). */
  const pedir: Pedir = async (method, url, quien, payload, headers = {}) => {
    const sesion = quien ? bearer((await sesionPara(t.database, quien, reloj.now())).token) : {};
    return inyectar(t.app, method, url, { ...sesion, ...headers }, payload);
  };
  const cat = await crearCategoria(t.app, personas.admin.headers);
  const procedimientoId = (await crearProcedimiento(t.app, personas.admin.headers, cat.id)).id;
  const hoy = (): Fecha => fechaEnZona(reloj.now(), ZONA_POR_DEFECTO);
  let secuencia = 0;
  let citas = 0;

  async function productoConLote(tipo: string, unidad = 'U'): Promise<{ producto: ProductoWire; lote: LoteWire }> {
    const p = await pedir('POST', insumosPaths.productos, personas.asistente, {
      nombre: `Producto ${tipo} ${++secuencia}`,
      tipo,
      fabricante: 'Laboratorio de prueba',
      registro_invima: 'INVIMA 2008M-0007986-R1',
      unidad,
    });
    expect(p.statusCode, p.body).toBe(201);
    const l = await pedir('POST', insumosPaths.lotes(p.json().id), personas.asistente, {
      numero: `L-${secuencia}`,
      vence_el: sumarDias(hoy(), 700),
      cantidad: 1000,
      proveedor: 'Distribuidora de prueba S.A.S.',
      referencia_compra: 'FC-1',
    });
    expect(l.statusCode, l.body).toBe(201);
    return { producto: p.json(), lote: l.json() };
  }

  /** A procedure appointment `diasAtras` (at least 1) days ago, its note with these chart points (lot, hundredths); signed unless said. */
  async function notaConMapa(o: {
    paciente: UsuarioDePrueba;
    doctor: UsuarioDePrueba;
    puntos: { loteId: number; cantidad: number }[];
    diasAtras: number;
    firmar?: boolean;
  }): Promise<{ citaId: number; evolucionId: number }> {
    const citaId = await insertarCita(t.database, {
      pacienteId: o.paciente.id,
      doctorId: o.doctor.id,
      // That day in Bogotá, each appointment half an hour after the previous one (one doctor's never overlap).
      inicio: new Date(
        instanteLocal(sumarDias(hoy(), -o.diasAtras), '00:00', ZONA_POR_DEFECTO).getTime() + ++citas * 31 * 60_000,
      ),
      tipo: 'procedimiento',
      procedimientoId,
    });
    const res = await pedir('POST', evolucionesPaths.porCita(citaId), o.doctor, BORRADOR);
    expect(res.statusCode, res.body).toBe(201);
    const evolucionId = res.json().id as number;
    await t.database.db.insert(aplicaciones).values(
      o.puntos.map((p, i) => ({
        evolucion_id: evolucionId,
        orden: i + 1,
        vista: 'frontal' as const,
        zona: 'frente' as const,
        x: 500,
        y: 200 + i,
        lote_id: p.loteId,
        cantidad: p.cantidad,
        plano: 'intradermico' as const,
        tecnica: 'bolo' as const,
        dispositivo: 'aguja' as const,
        calibre: '30G' as const,
      })),
    );
    if (o.firmar !== false) {
      const f = await pedir('POST', evolucionesPaths.firmar(evolucionId), o.doctor);
      expect(f.statusCode, f.body).toBe(200);
    }
    return { citaId, evolucionId };
  }

  return { t, reloj, pedir, hoy, productoConLote, notaConMapa, procedimientoId, ...personas };
}
