// What the clinical tests (notes, plans, consents, attachments, the record's copy, private files) set up the same
// way: the six people of a clinic, appointments written straight to the table (booking's rules are not what they
// test), a request as one of them, a multipart upload, and the authorization matrix over every role.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { citasPaths } from '@clinica/contracts/citas';
import { expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { citas } from '../src/db/schema/index.ts';
import { firmaDataUrl } from '../src/seed/firma-png.ts';
import { crearUsuario, QUIENES, type Quien, type UsuarioDePrueba } from './auth-helpers.ts';
import { multipart } from './catalogo-fixtures.ts';
import { inyectar, type Metodo } from './helpers.ts';

type NuevaCita = typeof citas.$inferInsert;
export type Pedir = (
  method: Metodo,
  url: string,
  quien?: UsuarioDePrueba,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** Requests as a person (or anonymous), with an optional JSON body; `app` is read at call time (set in beforeAll). */
export const pedidor =
  (app: () => FastifyInstance): Pedir =>
  (method, url, quien, payload, headers = {}) =>
    inyectar(app(), method, url, { ...(quien?.headers ?? {}), ...headers }, payload);

/** A multipart upload of one file (`archivo`) with text fields, as a person (or anonymous). */
export function subirArchivo(
  app: FastifyInstance,
  url: string,
  quien: UsuarioDePrueba | undefined,
  archivo: Buffer,
  nombre: string,
  campos: object = {},
) {
  const cuerpo = multipart([
    ...Object.entries(campos).map(([campo, valor]) => ({ campo, valor: String(valor) })),
    { campo: 'archivo', archivo, nombre, tipo: 'application/octet-stream' },
  ]);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...(quien?.headers ?? {}), ...cuerpo.headers },
    payload: cuerpo.payload,
  });
}

/** The people most clinical tests need: two patients, two doctors, an assistant and an administrator. */
export async function crearPersonas(database: Database, opts: { now?: Date } = {}) {
  const crear = (rol: Parameters<typeof crearUsuario>[1]) =>
    crearUsuario(database, rol, opts.now ? { now: opts.now } : {});
  return {
    paciente: await crear('paciente'),
    otraPaciente: await crear('paciente'),
    doctor: await crear('doctor'),
    otroDoctor: await crear('doctor'),
    asistente: await crear('asistente'),
    admin: await crear('administrador'),
  };
}

export type Personas = Awaited<ReturnType<typeof crearPersonas>>;

/** A doctor's week, Monday to Saturday, open in the given blocks of Bogotá time (`[inicio, fin]`). */
export const semanaDeTrabajo = (...bloques: [string, string][]) =>
  [1, 2, 3, 4, 5, 6].flatMap((dia) =>
    bloques.map(([hora_inicio, hora_fin]) => ({ dia_semana: dia, hora_inicio, hora_fin })),
  );

/** The agenda most booking tests open: Monday to Saturday, 08:00 to 12:00 and 13:00 to 18:00. */
export const SEMANA_PARTIDA = semanaDeTrabajo(['08:00', '12:00'], ['13:00', '18:00']);

/** A time of day in Bogotá as the wire writes it: `bogota('2026-11-24', '09:00')`. */
export const bogota = (fecha: string, hora: string) => `${fecha}T${hora}:00-05:00`;

/** `horas` hours before now. */
export const haceHoras = (horas: number) => new Date(Date.now() - horas * 3_600_000);

/** A 30-minute appointment (confirmed unless said) written straight to the table; its id. */
export async function insertarCita(
  database: Database,
  v: {
    pacienteId: number;
    doctorId: number;
    inicio: Date;
    tipo?: NuevaCita['tipo'];
    estado?: NuevaCita['estado'];
    procedimientoId?: number | null;
    motivo?: string;
  },
): Promise<number> {
  const fin = new Date(v.inicio.getTime() + 30 * 60_000);
  const [c] = await database.db
    .insert(citas)
    .values({
      paciente_id: v.pacienteId,
      doctor_id: v.doctorId,
      tipo: v.tipo ?? 'evaluacion',
      estado: v.estado ?? 'confirmada',
      inicio: v.inicio,
      fin,
      ocupado_hasta: fin,
      ...(v.procedimientoId !== undefined ? { procedimiento_id: v.procedimientoId } : {}),
      ...(v.motivo !== undefined ? { motivo: v.motivo } : {}),
    })
    .returning({ id: citas.id });
  return c!.id;
}

/** Books an appointment at the front desk through the API (booking's rules apply); its id. */
export async function agendarEnRecepcion(
  app: FastifyInstance,
  asistente: UsuarioDePrueba,
  cita: { doctor_id: number; paciente_id: number; inicio: string },
): Promise<number> {
  const res = await inyectar(app, 'POST', citasPaths.crear, asistente.headers, cita);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Statuses in the order of QUIENES: anonymous, patient, assistant, doctor, administrator. */
export const porQuien = (
  anonimo: number,
  paciente: number,
  asistente: number,
  doctor: number,
  administrador: number,
): Record<Quien, number> => ({ anonimo, paciente, asistente, doctor, administrador });

export type CasoAutorizacion = {
  method: Metodo;
  url: string;
  /** Built when the case runs (it may need ids set in beforeAll). */
  payload?: object | (() => object);
  esperado: Record<Quien, number>;
};

/**
 * One test per route: each role's status (anonymous included), and an error body wherever it is refused. A missing
 * appointment or note: the role check comes first; who gets through learns nothing more.
 */
export function matrizDeAutorizacion(
  casos: CasoAutorizacion[],
  pedir: Pedir,
  personas: () => Record<Exclude<Quien, 'anonimo'>, UsuarioDePrueba>,
) {
  for (const c of casos) {
    it(`${c.method} ${c.url}`, async () => {
      const u = personas();
      for (const quien of QUIENES) {
        const payload = typeof c.payload === 'function' ? c.payload() : c.payload;
        const res = await pedir(c.method, c.url, quien === 'anonimo' ? undefined : u[quien], payload);
        expect(res.statusCode, `${quien}: ${res.body}`).toBe(c.esperado[quien]);
        expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      }
    });
  }
}

/** A clinical note's body as a doctor writes it: findings, a product applied, a prescription and an exam order. */
export const NOTA_CLINICA = {
  motivo: 'Manchas en mejillas después de vacaciones',
  hallazgos: 'Melasma epidérmico leve en región malar, fototipo III.',
  procedimiento_realizado: 'Peeling superficial con ácido mandélico',
  productos: [{ nombre: 'Ácido mandélico 30 %', lote: 'L-2026-114', dosis: '2 ml' }],
  indicaciones: 'Protector solar cada 3 horas. No exponerse al sol por 7 días.',
  formulas: [
    { nombre: 'Hidroquinona 4 % crema', dosis: 'Capa delgada', frecuencia: 'Cada noche', duracion: '8 semanas' },
  ],
  ordenes: [{ examen: 'TSH', indicaciones: 'En ayunas' }],
};

/** A consent template's text as staff write it: risks, alternatives and care. */
export const TEXTO_CONSENTIMIENTO =
  'Riesgos: enrojecimiento, ardor y descamación por 3 a 7 días; rara vez manchas. Alternativas: cremas ' +
  'despigmentantes o no tratarse. Cuidados: protector solar cada 3 horas y no exponerse al sol por 7 días.';

/** The body of a consent signature on version 1 of the template; `trazo` picks the drawn signature. */
export const firmaConsentimiento = (aceptaFotos = true, trazo = 3, extra: object = {}) => ({
  plantilla_version: 1,
  firma: firmaDataUrl(trazo),
  entiende: true,
  acepta_fotos: aceptaFotos,
  ...extra,
});
