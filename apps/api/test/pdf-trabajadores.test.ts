// PDFs are built on worker threads with one document per user at a time (issue 21, item 2; decision 0044): while a
// large copy of a record is being built, /salud still answers; a second document of the same user meanwhile gets a
// Spanish 429, another user's does not; the bundle's worker entry builds documents too.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copiaHistoriaPaths as copia } from '@clinica/contracts/copia-historia';
import { evolucionesPaths } from '@clinica/contracts/evoluciones';
import { saludPaths } from '@clinica/contracts/rutas';
import { citas } from '../src/db/schema/index.ts';
import { firmaPng } from '../src/seed/firma-png.ts';
import { estadoPdf, M_PDF_EN_CURSO, turnoPdfOcupado } from '../src/lib/pdf-pool.ts';
import { API_ROOT } from '../src/lib/paths.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { crearUsuario, type UsuarioDePrueba } from './auth-helpers.ts';

let t: TestContext;
let paciente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;

const pedir = (method: 'GET' | 'POST', url: string, quien?: UsuarioDePrueba, payload?: object) =>
  t.app.inject({ method, url, headers: quien?.headers ?? {}, ...(payload ? { payload } : {}) });

/** One word of `n` characters without spaces: the text that used to stall the event loop. */
const palabra = (n: number) => 'hiperpigmentacionpostinflamatoria'.repeat(Math.ceil(n / 33)).slice(0, n);

/** Waits until `listo()` holds, checking every 5 ms, for at most 30 s. */
async function hasta(listo: () => boolean) {
  const limite = Date.now() + 30_000;
  while (!listo()) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió en 30 s');
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  paciente = await crearUsuario(t.database, 'paciente');
  doctor = await crearUsuario(t.database, 'doctor');
  // Ten signed notes at the largest sizes a note allows, each field one long word.
  for (let i = 0; i < 10; i++) {
    const inicio = new Date(Date.now() - (i + 1) * 3_600_000);
    const [c] = await t.database.db
      .insert(citas)
      .values({
        paciente_id: paciente.id,
        doctor_id: doctor.id,
        tipo: 'evaluacion',
        estado: 'confirmada',
        inicio,
        fin: new Date(inicio.getTime() + 30 * 60_000),
        ocupado_hasta: new Date(inicio.getTime() + 30 * 60_000),
      })
      .returning({ id: citas.id });
    const creada = await pedir('POST', evolucionesPaths.porCita(c!.id), doctor, {
      motivo: palabra(2000),
      hallazgos: palabra(5000),
      procedimiento_realizado: palabra(5000),
      indicaciones: palabra(5000),
    });
    expect(creada.statusCode, creada.body).toBe(201);
    const firmada = await pedir('POST', evolucionesPaths.firmar((creada.json() as { id: number }).id), doctor);
    expect(firmada.statusCode, firmada.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('PDFs on worker threads', () => {
  it('/salud answers while a large copy of a record is being built', async () => {
    let terminada = false;
    const pdf = pedir('GET', copia.miPdf(paciente.id), paciente).finally(() => {
      terminada = true;
    });
    await hasta(() => estadoPdf().ocupados > 0);
    const salud = await pedir('GET', saludPaths.vivo);
    expect(salud.statusCode).toBe(200);
    // The event loop answered while the document was still being built.
    expect(terminada).toBe(false);
    const res = await pdf;
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("one document per user at a time: a second one meanwhile gets a Spanish 429, another user's does not", async () => {
    const primera = pedir('GET', copia.miPdf(paciente.id), paciente);
    await hasta(() => turnoPdfOcupado(paciente.id));
    const segunda = await pedir('GET', copia.miPdf(paciente.id), paciente);
    expect(segunda.statusCode).toBe(429);
    expect(segunda.json()).toMatchObject({ code: 'DEMASIADOS_INTENTOS', error: M_PDF_EN_CURSO });
    const deOtro = pedir('GET', copia.pdfPaciente(paciente.id), doctor);
    expect((await primera).statusCode).toBe(200);
    expect((await deOtro).statusCode).toBe(200);
    // The turn is given back: the same user builds the next one.
    expect(turnoPdfOcupado(paciente.id)).toBe(false);
    expect((await pedir('GET', copia.miPdf(paciente.id), paciente)).statusCode).toBe(200);
  });

  it('the build has the worker entry, and it builds documents', async () => {
    // Inside the API's node_modules, so that the bundle finds its npm packages (they stay external).
    const dist = path.join(API_ROOT, 'node_modules', '.cache', `clinica-dist-pdf-${process.pid}`);
    execFileSync(process.execPath, [path.join(API_ROOT, 'build.mjs')], {
      env: { ...process.env, API_DIST: dist },
      stdio: 'pipe',
    });
    // The built worker in its own process, as the built server starts it: asked for an exam order and for a
    // signature check, it answers each with its id.
    const script = `
      import { Worker } from 'node:worker_threads';
      const w = new Worker(process.argv[1], { execArgv: [] });
      const respuestas = [];
      w.on('error', (e) => { console.error(e); process.exit(2); });
      w.on('message', (r) => {
        respuestas.push({ id: r.id, pdf: 'bytes' in r ? Buffer.from(r.bytes).subarray(0, 5).toString() : null, error: 'error' in r });
        if (respuestas.length === 3) { console.log(JSON.stringify(respuestas)); process.exit(0); }
      });
      const datos = { clinica: 'C', fechaFirma: '01/03/2026 9:00 a. m.', firmadaEn: new Date(), evolucionId: 1, citaId: 1,
        hash: 'a', doctor: { nombre: 'D', documento: 'CC 1', registro: 'RM 1' }, paciente: { nombre: 'P', documento: 'CC 2' } };
      w.postMessage({ id: 1, tarea: { tipo: 'orden', datos, ordenes: [{ examen: 'x'.repeat(3000), indicaciones: '' }] } });
      w.postMessage({ id: 2, tarea: { tipo: 'firma', png: Buffer.from(process.argv[2], 'base64') } });
      w.postMessage({ id: 3, tarea: { tipo: 'firma', png: Buffer.from('not a png') } });
    `;
    try {
      const salida = execFileSync(
        process.execPath,
        ['--input-type=module', '-e', script, path.join(dist, 'pdf-worker.js'), firmaPng().toString('base64')],
        { timeout: 30_000, encoding: 'utf8' },
      );
      expect(JSON.parse(salida)).toEqual([
        { id: 1, pdf: '%PDF-', error: false },
        { id: 2, pdf: '', error: false },
        { id: 3, pdf: null, error: true },
      ]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  }, 120_000);
});
