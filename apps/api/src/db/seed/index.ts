// Demo data: one user of each role, more staff and patients, the catalogue, the doctors' hours, a few
// weeks of appointments with the signed notes of those already done, and some clinical records. Idempotent.
import { ZONA_POR_DEFECTO } from '@clinica/contracts/tiempo';
import type { Database } from '../client.ts';
import { seedUsuarios } from './usuarios.ts';
import { seedCatalogo } from './catalogo.ts';
import { seedCitas } from './citas.ts';
import { seedHistorias } from './historias.ts';
import { seedEvoluciones } from './evoluciones.ts';
import { seedConsentimientos } from './consentimientos.ts';
import { seedPlanes } from './planes.ts';
import { seedAdjuntos } from './adjuntos.ts';
import { seedCorreos } from './correos.ts';

export async function seedDemo(
  database: Database,
  opts: {
    dataDir: string;
    zona?: string;
    clinicaNombre?: string;
    /** For the demo e-mails' links, footer and sender (config.urlPublica, clinicaDireccion, correoRemitente). */
    urlPublica?: string;
    clinicaDireccion?: string | undefined;
    correoRemitente?: string;
  },
): Promise<void> {
  await seedUsuarios(database.db);
  await seedCatalogo(database.db, { dataDir: opts.dataDir });
  await seedCitas(database.db, { ...(opts.zona ? { zona: opts.zona } : {}) });
  await seedHistorias(database.db);
  const clinica = {
    dataDir: opts.dataDir,
    zona: opts.zona ?? ZONA_POR_DEFECTO,
    clinicaNombre: opts.clinicaNombre ?? 'Clínica Aurora Estética',
  };
  // Past appointments marked realizada get their signed clinical note (DOMAIN.md).
  await seedEvoluciones(database.db, { ...clinica, clinicaDireccion: opts.clinicaDireccion });
  // Every procedure gets its consent template; past procedure appointments done, their signed consent.
  await seedConsentimientos(database.db, clinica);
  // The demo patient's latest procedure done asks for more sessions: a follow-up plan to propose and book.
  await seedPlanes(database.db, { zona: clinica.zona });
  // The demo patient's exam result, and before/after photos if their consent allows photos.
  await seedAdjuntos(database.db, clinica);
  // The booking e-mails of the next appointments, so the administrators' /correos has messages to show.
  await seedCorreos(database.db, {
    zona: clinica.zona,
    clinicaNombre: clinica.clinicaNombre,
    urlPublica: opts.urlPublica ?? 'http://localhost:3000',
    direccion: opts.clinicaDireccion,
    remitente: opts.correoRemitente ?? `${clinica.clinicaNombre} <no-responder@clinica.local>`,
  });
}
