// Demo clinical records for a few demo patients, so the record list and the patient's own record have something
// to show. Idempotent (one record per patient).
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { historiasClinicas, usuarios } from '../db/schema/index.ts';

const DEMO: Record<string, Omit<typeof historiasClinicas.$inferInsert, 'paciente_id'>> = {
  'paciente@demo.test': {
    antecedentes: {
      enfermedades: ['Hipotiroidismo'],
      alergias: ['Penicilina'],
      cirugias_previas: [],
      medicamentos: ['Levotiroxina 50 mcg'],
      condiciones_piel: ['Melasma leve'],
    },
    usa_anticonceptivos: true,
    detalles_anticonceptivos: 'Implante subdérmico',
    fototipo: 3,
  },
  'juan.rodriguez@demo.test': {
    antecedentes: {
      enfermedades: [],
      alergias: [],
      cirugias_previas: ['Apendicectomía (2015)'],
      medicamentos: [],
      condiciones_piel: ['Acné'],
    },
    consume_tabaco: true,
    fototipo: 4,
  },
  'valentina.martinez@demo.test': {
    antecedentes: {
      enfermedades: [],
      alergias: ['Látex'],
      cirugias_previas: [],
      medicamentos: [],
      condiciones_piel: [],
    },
    fototipo: 2,
  },
};

export async function seedHistorias(db: Db): Promise<void> {
  const pacientes = await db
    .select({ id: usuarios.id, correo: usuarios.correo })
    .from(usuarios)
    .where(inArray(usuarios.correo, Object.keys(DEMO)));
  for (const p of pacientes) {
    const demo = p.correo ? DEMO[p.correo] : undefined;
    if (!demo) continue;
    const [ya] = await db
      .select({ id: historiasClinicas.id })
      .from(historiasClinicas)
      .where(eq(historiasClinicas.paciente_id, p.id));
    if (!ya)
      await db
        .insert(historiasClinicas)
        .values({ ...demo, paciente_id: p.id, creada_por: p.id, actualizada_por: p.id });
  }
}
