import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that never use the database under test: pure units, and process tests that always run on PGlite.
 * npm test runs them in the PGlite pass; the PostgreSQL pass (TEST_DATABASE_URL) runs only the files whose
 * outcome depends on the database.
 */
const SIN_BASE_DE_PRUEBAS = [
  'test/config.test.ts',
  'test/configuracion-documentada.test.ts',
  'test/lock.test.ts',
  'test/migrar-cli.test.ts',
  'test/pglite-sentencias.test.ts',
  'test/seguridad-errores.test.ts',
  'test/serializacion.test.ts',
  'test/servidor.test.ts',
  'test/tiempo.test.ts',
  'test/usuarios-contrasenas.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? SIN_BASE_DE_PRUEBAS : [])],
    environment: 'node',
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
