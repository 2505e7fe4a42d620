// Issue 25, item 5: the confirmations report. Exact numbers from rows written here: appointments due in a month (not
// cancelled, or missed), confirmed by which way and how many before their clinic day (a confirmation at 23:30 in
// Bogotá the evening before counts, one at 00:30 on the day does not), no-shows by the channel the patient chose,
// and the slots refilled from the waitlist with their value; a doctor's own rows only, and the CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvDe, reportesPaths as rutas, type ReporteConfirmacionesWire } from '@clinica/contracts/reportes';
import { citas, listaEspera, ofertasEspera, preferenciasContacto } from '../src/db/schema/index.ts';
import { crearPersonas, pedidor, type Personas } from './clinica-fixtures.ts';
import { createTestApp } from './helpers.ts';
import { crearReloj } from './usuarios-fixtures.ts';

// Monday 23 November 2026, 07:00 in Bogotá.
const reloj = crearReloj(new Date('2026-11-23T12:00:00Z'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let { paciente, otraPaciente, doctor, otroDoctor, admin } = {} as Personas;
const pedir = pedidor(() => t.app);
/** An instant in Bogotá (UTC-5 all year). */
const bog = (fecha: string, hora = '09:00') => new Date(`${fecha}T${hora}:00-05:00`);
const rango = '?desde=2026-10-01&hasta=2026-10-31';

async function cita(v: {
  fecha: string;
  estado: 'pendiente' | 'confirmada' | 'realizada' | 'cancelada';
  causa?: 'paciente' | 'inasistencia';
  via?: 'mostrador' | 'portal' | 'correo' | 'whatsapp';
  confirmadaEn?: Date;
  pacienteId?: number;
  doctorId?: number;
}) {
  const inicio = bog(v.fecha, '10:00');
  const fin = new Date(inicio.getTime() + 30 * 60_000);
  const [c] = await t.database.db
    .insert(citas)
    .values({
      paciente_id: v.pacienteId ?? paciente.id,
      doctor_id: v.doctorId ?? doctor.id,
      tipo: 'evaluacion',
      estado: v.estado,
      causa_cancelacion: v.estado === 'cancelada' ? (v.causa ?? 'paciente') : null,
      inicio,
      fin,
      ocupado_hasta: fin,
      confirmada_via: v.via ?? null,
      confirmada_en: v.confirmadaEn ?? null,
    })
    .returning({ id: citas.id });
  return c!.id;
}

beforeAll(async () => {
  t = await createTestApp({ now: reloj.now });
  ({ paciente, otraPaciente, doctor, otroDoctor, admin } = await crearPersonas(t.database));
  // The other patient chose WhatsApp; the first one never said (e-mail).
  await t.database.db
    .insert(preferenciasContacto)
    .values({ usuario_id: otraPaciente.id, canal: 'whatsapp', whatsapp_numero: '573001112233' });

  // October 2026, the doctor's: 6 due appointments.
  await cita({ fecha: '2026-10-05', estado: 'realizada', via: 'correo', confirmadaEn: bog('2026-10-04', '23:30') });
  await cita({ fecha: '2026-10-06', estado: 'realizada', via: 'whatsapp', confirmadaEn: bog('2026-10-06', '00:30') });
  await cita({ fecha: '2026-10-07', estado: 'realizada', via: 'mostrador', confirmadaEn: bog('2026-10-01') });
  // Confirmed before issue 25 recorded how: counts as confirmed, «sin registro», not before the day.
  await cita({ fecha: '2026-10-08', estado: 'realizada' });
  // A no-show that had been confirmed by WhatsApp, the other patient's.
  await cita({
    fecha: '2026-10-09',
    estado: 'cancelada',
    causa: 'inasistencia',
    via: 'whatsapp',
    confirmadaEn: bog('2026-10-08', '18:00'),
    pacienteId: otraPaciente.id,
  });
  await cita({ fecha: '2026-10-28', estado: 'realizada', pacienteId: otraPaciente.id });
  // Not due: cancelled by the patient (even if it had been confirmed).
  await cita({ fecha: '2026-10-10', estado: 'cancelada', via: 'portal', confirmadaEn: bog('2026-10-02') });
  // The other doctor's: only the administrator sees it.
  await cita({
    fecha: '2026-10-12',
    estado: 'confirmada',
    via: 'portal',
    confirmadaEn: bog('2026-10-11'),
    doctorId: otroDoctor.id,
  });

  // A slot refilled from the waitlist, worth 180.000, and an offer that expired.
  const refill = await cita({
    fecha: '2026-10-20',
    estado: 'realizada',
    via: 'whatsapp',
    confirmadaEn: bog('2026-10-19'),
  });
  const [e] = await t.database.db
    .insert(listaEspera)
    .values({
      paciente_id: paciente.id,
      tipo: 'evaluacion',
      desde: '2026-10-01',
      hasta: '2026-10-31',
      creada_por: paciente.id,
      estado: 'atendida',
      cita_id: refill,
    })
    .returning();
  const oferta = {
    lista_espera_id: e!.id,
    paciente_id: paciente.id,
    doctor_id: doctor.id,
    vence_en: bog('2026-10-15'),
  };
  await t.database.db.insert(ofertasEspera).values([
    {
      ...oferta,
      inicio: bog('2026-10-20', '10:00'),
      fin: bog('2026-10-20', '10:30'),
      estado: 'aceptada',
      cita_id: refill,
      valor: 180_000,
    },
    { ...oferta, inicio: bog('2026-10-21', '10:00'), fin: bog('2026-10-21', '10:30'), estado: 'vencida' },
  ]);
});
afterAll(() => t.close());

describe('confirmaciones', () => {
  it('counts due appointments, confirmations by way, before the clinic day, refills and no-shows by channel', async () => {
    const r = await pedir('GET', rutas.confirmaciones + rango, admin);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json() as ReporteConfirmacionesWire;
    expect(d.filas).toEqual([
      {
        mes: '2026-10',
        citas: 8,
        confirmadas: 8,
        // 23:30 the evening before, the mostrador one days before, the no-show's, the refill's and the other doctor's.
        antes_del_dia: 5,
        tasa_antes_del_dia: 5 / 8,
        por_via: { mostrador: 1, portal: 1, correo: 1, whatsapp: 3, sin_registro: 2 },
        recuperadas: 1,
        valor_recuperado: 180_000,
      },
    ]);
    expect(d.porCanal).toEqual([
      { canal: 'correo', citas: 5, inasistencias: 0, tasa: 0 },
      { canal: 'whatsapp', citas: 2, inasistencias: 1, tasa: 0.5 },
    ]);
    expect(d.total).toMatchObject({ citas: 8, recuperadas: 1, valor_recuperado: 180_000 });
  });

  it('a doctor sees only his own appointments and refills', async () => {
    const mio = (await pedir('GET', rutas.confirmaciones + rango, doctor)).json() as ReporteConfirmacionesWire;
    expect(mio.total).toMatchObject({ citas: 7, confirmadas: 7, antes_del_dia: 4, recuperadas: 1 });
    expect(mio.total.por_via.portal).toBe(0);
    const otro = (await pedir('GET', rutas.confirmaciones + rango, otroDoctor)).json() as ReporteConfirmacionesWire;
    expect(otro.total).toMatchObject({ citas: 1, recuperadas: 0, valor_recuperado: 0 });
  });

  it('the CSV has a column per way and the channels below', async () => {
    const r = await pedir('GET', csvDe('confirmaciones') + rango, admin);
    expect(r.statusCode).toBe(200);
    const lineas = r.body.split('\r\n');
    expect(lineas[0]).toBe(
      '\uFEFFMes;Citas;Confirmadas;Confirmadas antes del día;Antes del día (%);En la clínica;En el portal;' +
        'Enlace del correo;WhatsApp;Sin registro;Recuperadas de la lista de espera;Valor recuperado (COP)',
    );
    expect(lineas[1]).toBe('2026-10;8;8;5;62,5;1;1;1;3;2;1;180000');
    expect(r.body).toContain('Canal elegido;Citas;Inasistencias;Tasa de inasistencia (%)');
    expect(r.body).toContain('WhatsApp;2;1;50,0');
  });
});
