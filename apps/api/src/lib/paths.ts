// Locations inside the repository that hold for both src/ (tsx, tests) and the bundled dist/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function findApiRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 6; i++) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@clinica/api') return dir;
    dir = path.dirname(dir);
  }
  throw new Error('No se encontró la carpeta de la API (@clinica/api)');
}

export const API_ROOT = findApiRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const WEB_DIST_DEFAULT = path.resolve(API_ROOT, '../web/dist');
export const SEED_ASSETS_DIR = path.join(API_ROOT, 'assets');
