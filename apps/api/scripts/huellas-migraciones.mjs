// Records the file hash and timestamp of every migration of the journal that drizzle/huellas.json does not list
// yet (run by `npm run db:generate`). Entries already listed are never rewritten: a migration that some database
// applied is immutable (test/migraciones-inmutables.test.ts). If you edit a migration you generated and have not
// committed yet, remove its entry from huellas.json and run this again.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const carpeta = path.resolve(import.meta.dirname, '..', 'drizzle');
const archivo = path.join(carpeta, 'huellas.json');
const diario = JSON.parse(readFileSync(path.join(carpeta, 'meta', '_journal.json'), 'utf8'));
const huellas = JSON.parse(readFileSync(archivo, 'utf8'));
for (const { tag, when } of diario.entries) {
  if (huellas[tag]) continue;
  const sha256 = createHash('sha256')
    .update(readFileSync(path.join(carpeta, `${tag}.sql`)))
    .digest('hex');
  huellas[tag] = { when, sha256 };
  console.log(`huella registrada: ${tag}`);
}
writeFileSync(archivo, `${JSON.stringify(huellas, null, 2)}\n`);
