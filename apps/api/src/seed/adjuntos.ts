// Demo exam result and before/after photos (issue 9, items 4 and 6) for the demo patient, so the appointment's
// details and /mihistorialclinico have something to show on first start. Everything goes through the same service
// as a real upload (content check, private storage, EXIF-free re-encoding, audit, the doctor's notification). The
// files are made here (a one-page PDF, two small generated images): nothing binary lives in the repository.
// Photos only when the seed already gave the patient a signed, unrevoked consent that allows them. Idempotent.
import { and, desc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { filaPorId } from '../db/fila-por-id.ts';
import { citas, consentimientos, fotosClinicas, resultadosExamen, usuarios } from '../db/schema/index.ts';
import { cargarSharp } from '../lib/sharp.ts';
import { createRepositories } from '../services.ts';
import type { Semilla } from './semilla.ts';

const ORIGEN = { ip: '192.168.1.20', agente: 'Datos de demostración' };

/** A one-page lab report, clearly marked as demo data. */
async function pdfResultado(paciente: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle('Resultado de laboratorio (demostración)');
  const pagina = doc.addPage([595, 842]);
  const fuente = await doc.embedFont(StandardFonts.Helvetica);
  const negrita = await doc.embedFont(StandardFonts.HelveticaBold);
  const lineas: [string, boolean][] = [
    ['Laboratorio Clínico Demo', true],
    ['Resultado de laboratorio - datos de demostración', false],
    [`Paciente: ${paciente}`, false],
    ['', false],
    ['TSH: 2,1 uUI/mL (referencia 0,4 - 4,0)', false],
    ['T4 libre: 1,2 ng/dL (referencia 0,8 - 1,8)', false],
    ['Hemoglobina: 13,8 g/dL (referencia 12,0 - 16,0)', false],
    ['', false],
    ['Documento generado para la demostración del sistema.', false],
  ];
  lineas.forEach(([texto, fuerte], i) =>
    pagina.drawText(texto, {
      x: 56,
      y: 780 - i * 24,
      size: fuerte ? 16 : 12,
      font: fuerte ? negrita : fuente,
      color: rgb(0.15, 0.15, 0.2),
    }),
  );
  return Buffer.from(await doc.save());
}

/** A soft skin-toned image with a few spots: more before, fewer after. */
async function fotoDemo(manchas: number): Promise<Buffer> {
  const puntos = [
    [210, 150, 14],
    [330, 190, 10],
    [260, 260, 12],
    [400, 120, 9],
    [170, 300, 11],
    [450, 280, 8],
  ]
    .slice(0, manchas)
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#a8705a" fill-opacity="0.55"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><radialGradient id="p" cx="50%" cy="45%" r="70%"><stop offset="0" stop-color="#f1d3c2"/>
    <stop offset="1" stop-color="#d9a98f"/></radialGradient></defs>
    <rect width="640" height="480" fill="url(#p)"/>${puntos}</svg>`;
  const sharp = await cargarSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

export async function seedAdjuntos({ db, services, fijar }: Semilla): Promise<void> {
  const [paciente] = await db
    .select({ id: usuarios.id, nombre: usuarios.nombre })
    .from(usuarios)
    .where(eq(usuarios.correo, 'paciente@demo.test'))
    .limit(1);
  if (!paciente) return;

  // Uploaded today (the real clock), like a patient's or a doctor's upload.
  fijar(null);
  const repos = createRepositories(db);
  const servicio = services.adjuntos;

  // The exam result.
  if (!(await db.$count(resultadosExamen, eq(resultadosExamen.paciente_id, paciente.id)))) {
    // The latest past appointment whose signed note ordered exams (else the latest past one): the result answers it.
    const pasadas = await db
      .select({ id: citas.id })
      .from(citas)
      .where(and(eq(citas.paciente_id, paciente.id), eq(citas.estado, 'realizada')))
      .orderBy(desc(citas.inicio));
    let elegida: { id: number; orden: number | null } | null = null;
    for (const c of pasadas) {
      const ordenes = await repos.adjuntos.ordenes(c.id);
      if (ordenes.length) {
        elegida = { id: c.id, orden: ordenes[0]!.id };
        break;
      }
    }
    elegida ??= pasadas[0] ? { id: pasadas[0].id, orden: null } : null;
    if (elegida) {
      await servicio.subirResultado(
        { id: paciente.id, rol: 'paciente' },
        elegida.id,
        {
          bytes: await pdfResultado(paciente.nombre),
          nombre: 'Resultado laboratorio TSH y hemograma.pdf',
          ordenExamenId: elegida.orden,
        },
        ORIGEN,
      );
    }
  }

  // The photos: only with a signed consent of this patient that allows them (the service checks it is in force).
  if (await db.$count(fotosClinicas, eq(fotosClinicas.paciente_id, paciente.id))) return;
  const [conFotos] = await db
    .select({ cita_id: consentimientos.cita_id })
    .from(consentimientos)
    .where(and(eq(consentimientos.paciente_id, paciente.id), eq(consentimientos.acepta_fotos, true)))
    .orderBy(desc(consentimientos.firmado_en))
    .limit(1);
  if (!conFotos) return;
  const cita = await filaPorId(db, citas, conFotos.cita_id, { id: citas.id, doctor_id: citas.doctor_id });
  if (!cita) return;
  const doctor = { id: cita.doctor_id, rol: 'doctor' as const };
  const permiso = await servicio.fotos(doctor, cita.id, ORIGEN);
  if (!permiso.puede_subir) return;
  // Tagged with the chart's zone, so the comparison by zone has something to show (issue 24, item 5).
  const zona = { zona: 'Frente', zonaMapa: 'frente' as const };
  await servicio.subirFoto(doctor, cita.id, { bytes: await fotoDemo(6), etiqueta: 'antes', ...zona }, ORIGEN);
  await servicio.subirFoto(doctor, cita.id, { bytes: await fotoDemo(2), etiqueta: 'despues', ...zona }, ORIGEN);
}
