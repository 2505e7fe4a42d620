// Demo informed consents (issue 9, item 5): every procedure gets version 1 of its consent template, and every
// past procedure appointment marked realizada gets the consent its patient signed before it started (DOMAIN.md:
// realizada needs one), signed through the consent service itself, so the signature file, the PDF and its
// SHA-256 are real and verify. Idempotent.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { citas, consentimientos, plantillasConsentimiento, procedimientos, usuarios } from '../db/schema/index.ts';
import { firmaPng } from './firma-png.ts';
import type { Semilla } from './semilla.ts';

/** Version 1 of every demo template takes effect long before the demo's first appointment. */
const VIGENTE_DESDE = new Date('2025-01-01T05:00:00Z');

/**
 * Demo patients who did not authorise clinical photos. Chosen by patient, not by appointment, so what a patient's
 * latest consent says does not depend on the hour the demo was seeded (which of today's appointments are done).
 */
const SIN_FOTOS = new Set(['juan.rodriguez@demo.test', 'carlos.munoz@demo.test']);

export function textoPlantilla(procedimiento: string, recomendaciones: string): string {
  return [
    `Procedimiento: ${procedimiento}.`,
    'En qué consiste: el profesional me explicó el procedimiento, su objetivo, cuántas sesiones puede requerir y que los resultados varían de una persona a otra y no están garantizados.',
    'Riesgos: enrojecimiento, inflamación, ardor o morados en la zona tratada por unos días; con menos frecuencia, infección, manchas (hiperpigmentación), reacción alérgica a los productos o un resultado asimétrico. Si aparece dolor intenso, fiebre o secreción debo consultar de inmediato.',
    'Alternativas: no realizar el procedimiento, tratamientos tópicos o de menor intensidad, u otros procedimientos que el profesional me explicó.',
    ...(recomendaciones.trim() ? [`Antes del procedimiento: ${recomendaciones.trim()}`] : []),
    'Cuidados después: usar protector solar cada 3 horas, no exponerme al sol ni al calor intenso los días que indique el profesional, no manipular la zona tratada y seguir las indicaciones escritas que me entreguen.',
    'Declaro que informé mis enfermedades, alergias, medicamentos, embarazo o lactancia, que pude hacer preguntas y que me fueron respondidas. Sé que puedo revocar este consentimiento en cualquier momento antes del procedimiento.',
  ].join('\n\n');
}

export async function seedConsentimientos({ db, services, fijar }: Semilla): Promise<void> {
  const sinPlantilla = await db
    .select({ id: procedimientos.id, nombre: procedimientos.nombre, rec: procedimientos.recomendaciones_previas })
    .from(procedimientos)
    .leftJoin(plantillasConsentimiento, eq(plantillasConsentimiento.procedimiento_id, procedimientos.id))
    .where(isNull(plantillasConsentimiento.id))
    .orderBy(asc(procedimientos.id));
  if (sinPlantilla.length) {
    await db.insert(plantillasConsentimiento).values(
      sinPlantilla.map((p) => ({
        procedimiento_id: p.id,
        version: 1,
        texto: textoPlantilla(p.nombre, p.rec ?? ''),
        vigente_desde: VIGENTE_DESDE,
      })),
    );
  }

  const pendientes = await db
    .select({ id: citas.id, inicio: citas.inicio, correo: usuarios.correo })
    .from(citas)
    .innerJoin(usuarios, eq(usuarios.id, citas.paciente_id))
    .leftJoin(consentimientos, eq(consentimientos.cita_id, citas.id))
    .where(and(eq(citas.estado, 'realizada'), eq(citas.tipo, 'procedimiento'), isNull(consentimientos.id)))
    .orderBy(asc(citas.inicio));
  if (!pendientes.length) return;

  const servicio = services.consentimientos;
  for (const [n, c] of pendientes.entries()) {
    // Signed at the desk a quarter of an hour before the appointment.
    fijar(new Date(c.inicio.getTime() - 15 * 60_000));
    await servicio.sembrar(c.id, firmaPng(n % 5), !SIN_FOTOS.has(c.correo ?? ''), {
      ip: '192.168.1.20',
      agente: 'Tableta de recepción (datos de demostración)',
    });
  }
}
