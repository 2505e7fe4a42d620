// "Productos aplicados" (issue 24, item 3; docs/trazabilidad.md): for a patient, every product and lot applied in her
// signed notes, in one read (GET /apihistorialmedico/productosaplicados/:pacienteId), in her copy's JSON and PDF.
// The patient her own, doctors and administrators any patient's (audited, shown to her); assistants never; a draft's
// points do not count. Charted notes are built here: a draft through the API, its points with SQL, then signed.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiaHistoriaPaths } from '@clinica/contracts/copia-historia';
import type { DatosPersonalesWire } from '@clinica/contracts/copia-historia';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { historiasPaths } from '@clinica/contracts/historias';
import { insumosPaths } from '@clinica/contracts/insumos';
import { productosAplicadosPaths as rutas, type ProductoRecibidoWire } from '@clinica/contracts/productos-aplicados';
import { fechaEnZona, sumarDias, ZONA_POR_DEFECTO } from '@clinica/contracts/tiempo';
import { auditoria, usuarios } from '../src/db/schema/index.ts';
import { MENSAJES_PRODUCTOS_APLICADOS as M } from '../src/features/historias/productos-aplicados.service.ts';
import {
  crearPersonas,
  haceHoras,
  insertarCita,
  matrizDeAutorizacion,
  NOTA_CLINICA,
  pedidor,
  porQuien,
  type Personas,
} from './clinica-fixtures.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { textoDelPdf } from './pdf-texto.ts';

let t: TestContext;
let { paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = {} as Personas;
const pedir = pedidor(() => t.app);

type Punto = { lote: number; cantidad: number; zona: string };
let toxina: { producto: number; lote: number };
let acido: { producto: number; lote: number };
let citaToxina: number;
let citaAcido: number;

async function crearLote(tipo: string, unidad: string, nombre: string, registro: string, numero: string) {
  const p = await pedir('POST', insumosPaths.productos, asistente, {
    nombre,
    tipo,
    fabricante: 'Laboratorio de prueba',
    registro_invima: registro,
    unidad,
  });
  expect(p.statusCode, p.body).toBe(201);
  const l = await pedir('POST', insumosPaths.lotes(p.json().id), asistente, {
    numero,
    vence_el: sumarDias(fechaEnZona(new Date(), ZONA_POR_DEFECTO), 300),
    cantidad: 500,
    proveedor: 'Distribuidora de prueba S.A.S.',
  });
  expect(l.statusCode, l.body).toBe(201);
  return { producto: p.json().id as number, lote: l.json().id as number };
}

/** A procedure appointment with a draft note, its chart points (quantities in hundredths), signed unless asked. */
async function notaConMapa(pacienteId: number, doctorQ: typeof doctor, horas: number, puntos: Punto[], firmar = true) {
  const citaId = await insertarCita(t.database, {
    pacienteId,
    doctorId: doctorQ.id,
    inicio: haceHoras(horas),
    tipo: 'procedimiento',
  });
  const nota = await pedir('POST', evolucionesPaths.porCita(citaId), doctorQ, NOTA_CLINICA);
  expect(nota.statusCode, nota.body).toBe(201);
  const id = nota.json().id as number;
  for (const [i, p] of puntos.entries()) {
    await t.database.db.execute(sql`
      insert into aplicaciones (evolucion_id, orden, vista, zona, x, y, lote_id, cantidad, plano, tecnica,
        dispositivo, calibre)
      values (${id}, ${i + 1}, 'frontal', ${p.zona}, 500, 300, ${p.lote}, ${p.cantidad}, 'intradermico', 'bolo',
        'aguja', '30G')`);
  }
  if (firmar) {
    const f = await pedir('POST', evolucionesPaths.firmar(id), doctorQ);
    expect(f.statusCode, f.body).toBe(200);
  }
  return citaId;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ paciente, otraPaciente, doctor, otroDoctor, asistente, admin } = await crearPersonas(t.database));
  await t.database.db.update(usuarios).set({ nombre: 'Dra. Marta Ríos' }).where(eq(usuarios.id, doctor.id));
  toxina = await crearLote('toxina_botulinica', 'U', 'Toxina botulínica tipo A', 'INVIMA 2008M-0007986-R1', 'TX-101');
  acido = await crearLote('acido_hialuronico', 'mL', 'Ácido hialurónico 20 mg/mL', 'INVIMA 2019DM-0020231', 'AH-7');
  // Oldest: hyaluronic acid in both nasolabial folds; then toxin in three points, two of them the same zone.
  citaAcido = await notaConMapa(paciente.id, doctor, 72, [
    { lote: acido.lote, cantidad: 50, zona: 'surco_nasogeniano_derecho' },
    { lote: acido.lote, cantidad: 50, zona: 'surco_nasogeniano_izquierdo' },
  ]);
  citaToxina = await notaConMapa(paciente.id, doctor, 24, [
    { lote: toxina.lote, cantidad: 1000, zona: 'glabela' },
    { lote: toxina.lote, cantidad: 400, zona: 'frente' },
    { lote: toxina.lote, cantidad: 250, zona: 'glabela' },
  ]);
  // A draft's points are not yet part of her record; another patient's are hers alone.
  await notaConMapa(paciente.id, doctor, 2, [{ lote: toxina.lote, cantidad: 100, zona: 'menton' }], false);
  await notaConMapa(otraPaciente.id, otroDoctor, 30, [{ lote: toxina.lote, cantidad: 800, zona: 'cuello' }]);
});
afterAll(() => t.close());

describe('authorization matrix: the new route x anonymous and the four roles', () => {
  matrizDeAutorizacion(
    [{ method: 'GET', url: rutas.dePaciente(999_999), esperado: porQuien(401, 403, 403, 404, 404) }],
    pedir,
    () => ({ paciente, asistente, doctor, administrador: admin }),
  );

  it('the patient reads her own; doctors and administrators hers; the assistant never (403)', async () => {
    for (const [quien, esperado] of [
      [paciente, 200],
      [doctor, 200],
      [otroDoctor, 200],
      [admin, 200],
      [asistente, 403],
    ] as const) {
      const res = await pedir('GET', rutas.dePaciente(paciente.id), quien);
      expect(res.statusCode, res.body).toBe(esperado);
    }
  });

  it('IDOR: a patient never sees another patient’s products (403, in Spanish)', async () => {
    const res = await pedir('GET', rutas.dePaciente(paciente.id), otraPaciente);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(M.soloPropios);
    expect((await pedir('GET', rutas.dePaciente(otraPaciente.id), paciente)).statusCode).toBe(403);
  });

  it('staff asking for someone who is not a patient get 404', async () => {
    const res = await pedir('GET', rutas.dePaciente(doctor.id), admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(M.noPaciente);
  });
});

describe('what she received', () => {
  it('one row per signed note and lot, newest first, with product, INVIMA, lot, quantity, zones, doctor', async () => {
    const res = await pedir('GET', rutas.dePaciente(paciente.id), paciente);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const filas = res.json<ProductoRecibidoWire[]>();
    expect(filas).toEqual([
      {
        evolucion_id: expect.any(Number),
        cita_id: citaToxina,
        fecha: expect.any(String),
        procedimiento: null,
        producto: {
          id: toxina.producto,
          nombre: 'Toxina botulínica tipo A',
          tipo: 'toxina_botulinica',
          registro_invima: 'INVIMA 2008M-0007986-R1',
          unidad: 'U',
        },
        lote: { id: toxina.lote, numero: 'TX-101', vence_el: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        cantidad: 16.5,
        zonas: ['glabela', 'frente'],
        doctor: { id: doctor.id, nombre: 'Dra. Marta Ríos' },
      },
      expect.objectContaining({
        cita_id: citaAcido,
        producto: expect.objectContaining({ nombre: 'Ácido hialurónico 20 mg/mL', unidad: 'mL' }),
        lote: expect.objectContaining({ numero: 'AH-7' }),
        cantidad: 1,
        zonas: ['surco_nasogeniano_derecho', 'surco_nasogeniano_izquierdo'],
      }),
    ]);
    // The other patient's note (same lot) is hers alone; the draft's point is not there.
    const otra = (await pedir('GET', rutas.dePaciente(otraPaciente.id), doctor)).json<ProductoRecibidoWire[]>();
    expect(otra.map((f) => [f.cantidad, f.zonas])).toEqual([[8, ['cuello']]]);
  });

  it('staff reads are audited and the patient sees them among who read her record; hers are not', async () => {
    const leer = () =>
      t.database.db
        .select({ usuario: auditoria.usuario_id })
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'productos_aplicados.leer'), eq(auditoria.recurso_id, String(paciente.id))));
    const antes = (await leer()).length;
    await pedir('GET', rutas.dePaciente(paciente.id), admin);
    await pedir('GET', rutas.dePaciente(paciente.id), paciente);
    const despues = await leer();
    expect(despues.length).toBe(antes + 1);
    expect(despues.at(-1)!.usuario).toBe(admin.id);
    const accesos = await pedir('GET', historiasPaths.accesos(paciente.id), paciente);
    expect(accesos.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ que: 'nota', quien: expect.objectContaining({ rol: 'administrador' }) }),
      ]),
    );
  });

  it('her JSON export lists them oldest first; her PDF copy has the table', async () => {
    const json = await pedir('GET', copiaHistoriaPaths.misDatos(paciente.id), paciente);
    expect(json.statusCode).toBe(200);
    const datos = json.json<DatosPersonalesWire>();
    expect(datos.productos_aplicados.map((f) => [f.lote.numero, f.cantidad, f.producto.registro_invima])).toEqual([
      ['AH-7', 1, 'INVIMA 2019DM-0020231'],
      ['TX-101', 16.5, 'INVIMA 2008M-0007986-R1'],
    ]);
    const pdf = await pedir('GET', copiaHistoriaPaths.miPdf(paciente.id), paciente);
    expect(pdf.statusCode).toBe(200);
    // Cells wrap inside their column: compare with the line breaks folded.
    const texto = (await textoDelPdf(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const esperado of [
      'Productos aplicados',
      'Registro INVIMA',
      'INVIMA 2008M-0007986-R1',
      'TX-101',
      '16,5 U',
      'Glabela (entrecejo), Frente',
      '1 mL',
    ])
      expect(texto, esperado).toContain(esperado);
    // Another patient's copy does not carry her lots.
    const otra = await pedir('GET', copiaHistoriaPaths.misDatos(otraPaciente.id), otraPaciente);
    expect(otra.json<DatosPersonalesWire>().productos_aplicados.map((f) => f.zonas)).toEqual([['cuello']]);
  });
});
