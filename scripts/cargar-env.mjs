// Loads the repository's .env, when there is one, into process.env. Imported by npm start and npm run dev
// (their children inherit it: the server, Vite and the build) and preloaded with `--import` by the API's
// commands (db:migrate, db:seed, crear-admin). Tests do not load it. A variable already set in the
// environment wins over the file, as with Node's --env-file. Node >= 20.12 parses the file (util.parseEnv).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

const archivo = path.resolve(import.meta.dirname, '../.env');

if (existsSync(archivo)) {
  for (const [clave, valor] of Object.entries(parseEnv(readFileSync(archivo, 'utf8')))) {
    if (process.env[clave] === undefined) process.env[clave] = valor;
  }
}
