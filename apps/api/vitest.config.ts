import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that never use the database under test: pure units, and process tests that always run on PGlite.
 * npm test runs them in the PGlite pass; the PostgreSQL pass (TEST_DATABASE_URL) runs only the files whose
 * outcome depends on the database.
 */
const SIN_BASE_DE_PRUEBAS = [
  'test/config.test.ts',
  'test/configuracion-documentada.test.ts',
  'test/disco-lleno.test.ts',
  'test/disponibilidad.test.ts',
  'test/horarios.test.ts',
  'test/durabilidad-pglite.test.ts',
  'test/lock.test.ts',
  'test/migrar-cli.test.ts',
  'test/npm-start.test.ts',
  'test/paginas-publicas.test.ts',
  'test/pglite-sentencias.test.ts',
  'test/plantillas-correo.test.ts',
  'test/seguridad-errores.test.ts',
  'test/serializacion.test.ts',
  'test/servidor-logs.test.ts',
  'test/servidor.test.ts',
  'test/tiempo-real-cola.test.ts',
  'test/tiempo.test.ts',
  'test/token-recuperacion.test.ts',
  'test/usuarios-contrasenas.test.ts',
];

/**
 * Test files that need a fresh module graph: vi.mock replaces a module only for importers loaded after it (a shared
 * worker has them loaded already), and so does anything that changes a module's state for the whole graph. None today.
 */
const AISLADOS: string[] = [];

const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const EXCLUDE = [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? SIN_BASE_DE_PRUEBAS : [])];

export default defineConfig({
  test: {
    environment: 'node',
    // Much of a file's time was importing the app (Fastify, drizzle, PGlite, zod schemas) again in a fresh fork:
    // files share a worker's modules (test/setup.ts resets what a file leaves behind), except those that need their
    // own module graph. Lists belong in the projects: extending the root config concatenates them.
    projects: [
      {
        extends: true,
        test: { name: 'compartido', isolate: false, include: INCLUDE, exclude: [...EXCLUDE, ...AISLADOS] },
      },
      { extends: true, test: { name: 'aislado', include: AISLADOS, exclude: EXCLUDE } },
    ],
    // Migrate once for the run; each file copies that database (test/helpers.ts).
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // Limits for a loaded machine (several suites at once make a 3 s test take 20 s), never retries.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on the 2-core machine: much of a file's time is waiting (child processes,
    // PGlite start-up, PostgreSQL), and vitest's default (cores - 1) runs them one by one.
    maxWorkers: 2,
  },
});
