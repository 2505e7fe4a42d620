// Runs in every API test file: removes the temporary directories it created (temporales.ts), and leaves the
// worker as the next file expects to find it. Test files share a worker's modules (vitest.config.ts): real
// timers, no spy or stubbed global, the environment variables the file started with.
import { afterAll, vi } from 'vitest';
import { borrarTemporales } from './temporales.ts';

const entorno = { ...process.env };

afterAll(() => {
  borrarTemporales();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const clave of Object.keys(process.env)) if (!(clave in entorno)) delete process.env[clave];
  Object.assign(process.env, entorno);
});
