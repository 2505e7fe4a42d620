// Demo data: one user of each role, more staff and patients, the catalogue. Idempotent.
import type { Database } from '../client.ts';
import { seedUsuarios } from './usuarios.ts';
import { seedCatalogo } from './catalogo.ts';

export async function seedDemo(database: Database, opts: { dataDir: string }): Promise<void> {
  await seedUsuarios(database.db);
  await seedCatalogo(database.db, { dataDir: opts.dataDir });
}
