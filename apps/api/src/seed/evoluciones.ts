// Demo clinical notes: every past appointment marked realizada gets its signed note (DOMAIN.md: realizada needs
// one), written and signed through the notes service itself, so hashes, prescriptions and their PDFs are real.
// The demo patient's notes carry a prescription and exam orders, and one an addendum; toxin and hyaluronic acid
// notes chart their points with a lot (seed/mapas.ts), so the products must be seeded first. Idempotent.
import { fechaEnZona } from '@clinica/contracts/tiempo';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { citas, evoluciones, procedimientos, usuarios } from '../db/schema/index.ts';
import { lotesPorTipo, mapaDemo, tipoDeProcedimiento } from './mapas.ts';
import type { Semilla } from './semilla.ts';

const HALLAZGOS = [
  'Piel mixta con hiperpigmentación difusa en región malar. Fototipo III.',
  'Líneas de expresión dinámicas en región frontal y patas de gallo, sin pliegues estáticos.',
  'Comedones abiertos y cerrados en zona T, pápulas aisladas en mejillas.',
  'Buena evolución: eritema leve residual, sin signos de infección ni hiperpigmentación posinflamatoria.',
  'Flacidez leve del tercio inferior, buena hidratación cutánea.',
];
const INDICACIONES = [
  'Protector solar FPS 50 cada 3 horas. Evitar exposición solar directa por 7 días. No usar exfoliantes.',
  'Limpieza suave dos veces al día. Hidratante sin fragancia. Consultar si aparece ardor persistente.',
  'No hacer ejercicio intenso por 24 horas. No masajear la zona tratada. Dormir boca arriba esta noche.',
];
const FORMULAS = [
  [
    {
      nombre: 'Hidroquinona 4 % crema',
      dosis: 'Capa delgada en las manchas',
      frecuencia: 'Cada noche',
      duracion: '8 semanas',
    },
    {
      nombre: 'Protector solar FPS 50+ con color',
      dosis: 'Aplicación generosa',
      frecuencia: 'Cada 3 horas',
      duracion: 'Uso continuo',
    },
  ],
  [{ nombre: 'Ácido azelaico 15 % gel', dosis: 'Capa delgada', frecuencia: 'Cada 12 horas', duracion: '12 semanas' }],
];
const ORDENES = [
  { examen: 'TSH y T4 libre', indicaciones: 'En ayunas de 8 horas' },
  { examen: 'Hemograma completo', indicaciones: '' },
];

export async function seedEvoluciones({ db, services, fijar, config }: Semilla): Promise<void> {
  const pendientes = await db
    .select({
      id: citas.id,
      doctor_id: citas.doctor_id,
      fin: citas.fin,
      tipo: citas.tipo,
      motivo: citas.motivo,
      procedimiento: procedimientos.nombre,
      paciente_correo: usuarios.correo,
    })
    .from(citas)
    .innerJoin(usuarios, eq(usuarios.id, citas.paciente_id))
    .leftJoin(procedimientos, eq(procedimientos.id, citas.procedimiento_id))
    .leftJoin(evoluciones, eq(evoluciones.cita_id, citas.id))
    .where(and(eq(citas.estado, 'realizada'), isNull(evoluciones.id)))
    .orderBy(asc(citas.inicio));
  if (!pendientes.length) return;

  const notas = services.evoluciones;
  const lotes = await lotesPorTipo(db);

  let adenda = false;
  for (const [n, c] of pendientes.entries()) {
    const doctor = { id: c.doctor_id, rol: 'doctor' as const };
    const demo = c.paciente_correo === 'paciente@demo.test';
    const procedimiento = c.tipo === 'procedimiento';
    const producto = procedimiento ? tipoDeProcedimiento(c.procedimiento) : null;
    // The lot expiring first that is still good on the day of the visit.
    const dia = fechaEnZona(c.fin, config.clinicaTz);
    const lote = producto ? lotes.get(producto)?.find((l) => l.vence_el >= dia) : undefined;
    // Written and signed a few minutes after the visit ended.
    fijar(new Date(c.fin.getTime() + 10 * 60_000));
    const nota = await notas.crear(
      doctor,
      c.id,
      {
        motivo: c.motivo ?? (c.tipo === 'control' ? 'Control posterior al tratamiento' : 'Valoración estética'),
        hallazgos: HALLAZGOS[n % HALLAZGOS.length]!,
        procedimiento_realizado: procedimiento ? `${c.procedimiento ?? 'Procedimiento'} sin complicaciones.` : '',
        productos: procedimiento
          ? [{ nombre: 'Lidocaína 2 % tópica', lote: `LD${2600 + n}`, dosis: '1 aplicación, 20 min' }]
          : [],
        aplicaciones: producto && lote ? mapaDemo(producto, lote.id) : [],
        indicaciones: INDICACIONES[n % INDICACIONES.length]!,
        formulas: demo || n % 3 === 0 ? FORMULAS[n % FORMULAS.length]! : [],
        ordenes: demo && n % 2 === 0 ? ORDENES : [],
      },
      {},
    );
    fijar(new Date(c.fin.getTime() + 20 * 60_000));
    await notas.firmar(doctor, nota.id, {});
    if (demo && !adenda) {
      adenda = true;
      fijar(new Date(c.fin.getTime() + 26 * 3_600_000));
      await notas.agregarAdenda(
        doctor,
        nota.id,
        { texto: 'La paciente llamó: tolera bien la fórmula. Se mantienen las indicaciones.' },
        {},
      );
    }
  }
}
