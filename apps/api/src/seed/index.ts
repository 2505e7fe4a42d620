// Demo data: one user of each role, more staff and patients, the catalogue, the doctors' hours, a few
// weeks of appointments with the signed notes of those already done, and some clinical records. Idempotent.
// Steps that go through a feature (images, notes, consents, attachments) use the composition root (semilla.ts).
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { seedAdjuntos } from './adjuntos.ts';
import { seedAnticipos } from './anticipos.ts';
import { seedCatalogo } from './catalogo.ts';
import { seedCitas } from './citas.ts';
import { seedConsentimientos } from './consentimientos.ts';
import { seedCorreos } from './correos.ts';
import { seedEspera } from './espera.ts';
import { seedEvoluciones } from './evoluciones.ts';
import { seedHistorias } from './historias.ts';
import { seedInsumos } from './insumos.ts';
import { seedPagos } from './pagos.ts';
import { seedPaquetes } from './paquetes.ts';
import { seedPlanes } from './planes.ts';
import { conSemilla } from './semilla.ts';
import { seedUsuarios } from './usuarios.ts';

export async function seedDemo(
  database: Database,
  config: Config,
  log?: Parameters<typeof conSemilla>[3],
): Promise<void> {
  await conSemilla(
    database,
    config,
    async (semilla) => {
      const { db } = semilla;
      await seedUsuarios(db);
      await seedCatalogo(semilla);
      // Deposit rules on the injectables, threads and cryolipolysis (issue 23, item 2).
      await seedAnticipos(semilla);
      await seedCitas(db, { zona: config.clinicaTz });
      await seedHistorias(db);
      // Products of each type with their lots: one lot expiring soon and one product under its minimum (issue 24);
      // before the notes, whose toxin and filler charts take their doses out of the lots.
      await seedInsumos(semilla);
      // Past appointments marked realizada get their signed clinical note (DOMAIN.md).
      await seedEvoluciones(semilla);
      // Every procedure gets its consent template; past procedure appointments done, their signed consent.
      await seedConsentimientos(semilla);
      // The demo patient's latest procedure done asks for more sessions: a follow-up plan to propose and book.
      await seedPlanes(db, { zona: config.clinicaTz });
      // The demo patient's exam result, and before/after photos if their consent allows photos.
      await seedAdjuntos(semilla);
      // Payments of the latest appointments done, with their receipts, and one closed cash day (issue 23).
      await seedPagos(semilla);
      // Two package definitions; one sold to the demo patient, whose latest procedure done used its first session
      // (after the payments: theirs seed only while no payment exists).
      await seedPaquetes(semilla);
      // The booking e-mails of the next appointments, so the administrators' /correos has messages to show.
      await seedCorreos(db, {
        zona: config.clinicaTz,
        clinicaNombre: config.clinicaNombre,
        urlPublica: config.urlPublica,
        direccion: config.clinicaDireccion,
        remitente: config.correoRemitente,
      });
      // A few patients on the waitlist; the demo patient with an open offer (issue 25, item 1). After the booking
      // e-mails: those seed only while the outbox has none, and the offer sends one.
      await seedEspera(semilla);
    },
    log,
  );
}
