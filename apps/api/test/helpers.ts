// Test harness: a fresh migrated database per test file (in-memory PGlite, or a new PostgreSQL
// database when TEST_DATABASE_URL is set) and an app built on it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDb, type Database } from '../src/db/client.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) {
    const database = await openDb({ dataDir: '', memory: true });
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const nombre = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nombre}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${nombre}`;
  const database = await openDb({ databaseUrl: url.toString(), dataDir: '' });
  await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${nombre} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/clinica-test', JWT_SECRET: 'x'.repeat(48), SEMILLA_DEMO: 'false' }),
    rateLimitMax: 100_000,
    ...overrides,
  };
}

export type TestContext = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** Builds the app on a fresh database. Call close() in afterAll. */
export async function createTestApp(opts: { config?: Partial<Config>; now?: () => Date } = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(opts.config), database, ...(opts.now ? { now: opts.now } : {}) });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
