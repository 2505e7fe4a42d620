// Demo waitlist (issue 25, item 1; docs/espera.md): three patients wait (an evaluation, a facial cleansing, a
// Hidrafacial, mornings or any time), and the demo patient has an open offer the desk made by hand through the feature
// (notification, e-mail, its expiry queued), so Mis citas shows an offer to accept and the desk's Lista de espera has
// rows per procedure. Idempotent: nothing once the list has any entry.
import { inArray } from 'drizzle-orm';
import { sumarDias } from '@clinica/contracts/tiempo';
import { listaEspera, procedimientos, usuarios } from '../db/schema/index.ts';
import type { Semilla } from './semilla.ts';

export async function seedEspera({ db, services }: Semilla): Promise<void> {
  if ((await db.select({ id: listaEspera.id }).from(listaEspera).limit(1)).length) return;
  const personas = await db
    .select({ id: usuarios.id, correo: usuarios.correo })
    .from(usuarios)
    .where(
      inArray(usuarios.correo, [
        'paciente@demo.test',
        'valentina.martinez@demo.test',
        'sofia.ramirez@demo.test',
        'asistente@demo.test',
        'doctora@demo.test',
      ]),
    );
  const id = (correo: string) => personas.find((p) => p.correo === correo)?.id;
  const procs = await db
    .select({ id: procedimientos.id, nombre: procedimientos.nombre })
    .from(procedimientos)
    .where(inArray(procedimientos.nombre, ['Limpieza facial profunda', 'Hidrafacial']));
  const proc = (nombre: string) => procs.find((p) => p.nombre === nombre)?.id;
  const [demo, valentina, sofia, asistente, doctora] = [
    id('paciente@demo.test'),
    id('valentina.martinez@demo.test'),
    id('sofia.ramirez@demo.test'),
    id('asistente@demo.test'),
    id('doctora@demo.test'),
  ];
  const limpieza = proc('Limpieza facial profunda');
  const hidrafacial = proc('Hidrafacial');
  if (!demo || !valentina || !sofia || !asistente || !doctora || !limpieza || !hidrafacial) return;
  const hoy = services.calendario.hoy();
  const [entradaDemo] = await db
    .insert(listaEspera)
    .values([
      { paciente_id: demo, tipo: 'evaluacion', desde: hoy, hasta: sumarDias(hoy, 14), creada_por: demo },
      {
        paciente_id: valentina,
        tipo: 'procedimiento',
        procedimiento_id: limpieza,
        desde: hoy,
        hasta: sumarDias(hoy, 10),
        franjas: ['manana'],
        nota: 'Prefiere antes de las 10 a. m.',
        creada_por: asistente,
      },
      {
        paciente_id: sofia,
        tipo: 'procedimiento',
        procedimiento_id: hidrafacial,
        doctor_id: doctora,
        desde: sumarDias(hoy, 1),
        hasta: sumarDias(hoy, 21),
        creada_por: sofia,
      },
    ])
    .returning({ id: listaEspera.id });
  // The demo patient's offer: the doctora's first free evaluation time from tomorrow, offered by the desk.
  const libres = await services.citas.espera.espacios({
    doctorIds: [doctora],
    desde: sumarDias(hoy, 1),
    hasta: sumarDias(hoy, 7),
    duracion: 30,
    margen: 0,
    pacienteId: demo,
  });
  const slot = libres[0];
  if (!slot || !entradaDemo) return;
  await services.espera.ofrecer(
    { id: asistente, rol: 'asistente' },
    entradaDemo.id,
    { doctor_id: doctora, inicio: slot.inicio.toISOString() },
    {},
  );
}
