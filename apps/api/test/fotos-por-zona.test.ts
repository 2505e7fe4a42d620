// Photos by chart zone (issue 24, item 5; docs/trazabilidad.md): the upload takes an optional `zona_mapa` (one of
// ZONAS_FACIALES, checked, a Spanish 400 otherwise that stores nothing) next to the free-text zone; the appointment's
// list and the patient's timeline carry it, so the comparison view lines up one zone across visits. A photo
// without one stays as before (null).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjuntosPaths as rutas,
  CAMPO_ZONA_MAPA,
  type FotosDeCitaWire,
  type FotosDePacienteWire,
} from '@clinica/contracts/adjuntos';
import { consentimientosPaths } from '@clinica/contracts/consentimientos';
import { auditoria, fotosClinicas } from '../src/db/schema/index.ts';
import { MENSAJES_ADJUNTOS as M } from '../src/features/adjuntos/adjuntos.service.ts';
import { crearCategoria, crearProcedimiento, pngDePrueba } from './catalogo-fixtures.ts';
import {
  crearPersonas,
  firmaConsentimiento,
  haceHoras,
  insertarCita,
  pedidor,
  subirArchivo,
  TEXTO_CONSENTIMIENTO,
  type Personas,
} from './clinica-fixtures.ts';
import type { UsuarioDePrueba } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { directorioTemporal } from './temporales.ts';

let t: TestContext;
let { paciente, otraPaciente, doctor, asistente, admin } = {} as Personas;
let procedimientoId: number;
/** Two visits of paciente with doctor, a month apart, both with a consent that allows photos. */
let primera: number;
let segunda: number;
const pedir = pedidor(() => t.app);
const subir = (cita: number, quien: UsuarioDePrueba, campos: object) =>
  pngDePrueba(40, 30).then((png) => subirArchivo(t.app, rutas.fotos(cita), quien, png, 'foto.png', campos));

async function citaConConsentimiento(horasAtras: number) {
  const cita = await insertarCita(t.database, {
    pacienteId: paciente.id,
    doctorId: doctor.id,
    inicio: haceHoras(horasAtras),
    tipo: 'procedimiento',
    procedimientoId,
  });
  const res = await pedir('POST', consentimientosPaths.firmar(cita), paciente, firmaConsentimiento(true, 2));
  expect(res.statusCode, res.body).toBe(201);
  return cita;
}

beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: directorioTemporal('clinica-fotos-zona') } });
  ({ paciente, otraPaciente, doctor, asistente, admin } = await crearPersonas(t.database));
  const cat = await crearCategoria(t.app, admin.headers);
  procedimientoId = (await crearProcedimiento(t.app, admin.headers, cat.id)).id;
  const plantilla = await pedir('POST', consentimientosPaths.plantillas(procedimientoId), asistente, {
    texto: TEXTO_CONSENTIMIENTO,
  });
  expect(plantilla.statusCode).toBe(201);
  primera = await citaConConsentimiento(24 * 30);
  segunda = await citaConConsentimiento(2);
});
afterAll(() => t.close());

describe('the upload takes an optional chart zone', () => {
  it('a zone of the list is stored, answered and audited; the doctor and an assistant can tag it', async () => {
    const res = await subir(primera, doctor, { etiqueta: 'antes', zona: 'Entrecejo', [CAMPO_ZONA_MAPA]: 'glabela' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ etiqueta: 'antes', zona: 'Entrecejo', zona_mapa: 'glabela' });
    const [fila] = await t.database.db.select().from(fotosClinicas).where(eq(fotosClinicas.id, res.json().id));
    expect(fila!.zona_mapa).toBe('glabela');
    const [a] = (
      await t.database.db.execute(
        sql`select detalle from ${auditoria} where accion = 'foto_clinica.subir' and recurso_id = ${String(fila!.id)}`,
      )
    ).rows as [{ detalle: string }];
    expect(a.detalle).toContain('zona_mapa=glabela');
    const asis = await subir(primera, asistente, { etiqueta: 'despues', zona: 'Entrecejo', zona_mapa: 'glabela' });
    expect(asis.statusCode, asis.body).toBe(201);
    expect(asis.json()).toMatchObject({ zona_mapa: 'glabela', archivo_id: null });
  });

  it('without one (or blank) the photo keeps only its free-text zone, as before', async () => {
    const sin = await subir(segunda, doctor, { etiqueta: 'antes', zona: 'Abdomen' });
    expect(sin.statusCode, sin.body).toBe(201);
    expect(sin.json()).toMatchObject({ zona: 'Abdomen', zona_mapa: null });
    const blanco = await subir(segunda, doctor, { etiqueta: 'despues', zona: 'Abdomen', zona_mapa: '  ' });
    expect(blanco.statusCode, blanco.body).toBe(201);
    expect(blanco.json().zona_mapa).toBeNull();
  });

  it('a zone outside the list is a Spanish 400 and stores nothing', async () => {
    const antes = await t.database.db.$count(fotosClinicas);
    for (const zona_mapa of ['entrecejo', 'GLABELA', "glabela'; drop table fotos_clinicas; --", 'x'.repeat(500)]) {
      const res = await subir(segunda, doctor, { etiqueta: 'antes', zona: 'Frente', zona_mapa });
      expect(res.statusCode, zona_mapa).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDACION', error: M.zonaMapaInvalida });
    }
    expect(await t.database.db.$count(fotosClinicas)).toBe(antes);
  });
});

describe('the lists carry it', () => {
  it('the appointment’s photos and the patient’s timeline say each photo’s chart zone', async () => {
    await subir(segunda, doctor, { etiqueta: 'despues', zona: 'Entrecejo', zona_mapa: 'glabela' });
    const cita = (await pedir('GET', rutas.fotos(primera), paciente)).json<FotosDeCitaWire>();
    expect(cita.fotos.map((f) => [f.etiqueta, f.zona_mapa])).toEqual([
      ['antes', 'glabela'],
      ['despues', 'glabela'],
    ]);
    const res = await pedir('GET', rutas.fotosPaciente(paciente.id), doctor);
    expect(res.statusCode).toBe(200);
    const linea = res.json<FotosDePacienteWire>();
    // Newest visit first, each with its photos in the order they were taken.
    expect(linea.map((g) => [g.cita_id, g.fotos.map((f) => `${f.etiqueta}:${f.zona_mapa ?? '-'}`)])).toEqual([
      [segunda, ['antes:-', 'despues:-', 'despues:glabela']],
      [primera, ['antes:glabela', 'despues:glabela']],
    ]);
    // IDOR: another patient does not get this timeline.
    expect((await pedir('GET', rutas.fotosPaciente(paciente.id), otraPaciente)).statusCode).toBe(403);
  });
});
