// The only reader of process.env: validates the environment at boot and lists every problem at once.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleano = z
  .enum(['true', 'false', '1', '0', 'si', 'no'], { message: 'debe ser true o false' })
  .transform((v) => v === 'true' || v === '1' || v === 'si');

const esquema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ message: 'debe ser un número' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
      .optional(),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'debe empezar por redis:// o rediss://').optional(),
    JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
    CORS_ORIGINS: z.string().default(''),
    CLINICA_NOMBRE: z.string().min(1).default('Clínica Aurora Estética'),
    CLINICA_TZ: z
      .string()
      .default('America/Bogota')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('es-CO', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'no es una zona horaria IANA válida'),
    SEMILLA_DEMO: booleano.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: booleano.default(false),
    RATE_LIMIT_MAX: z.coerce.number({ message: 'debe ser un número' }).int().positive().default(600),
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  corsOrigins: string[];
  clinicaNombre: string;
  clinicaTz: string;
  semillaDemo: boolean;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  /** Requests per minute per IP for the global rate limit. */
  rateLimitMax: number;
};

export class ConfigError extends Error {
  constructor(public readonly problemas: string[]) {
    super(`Configuración inválida:\n${problemas.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment. Throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const limpio = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = esquema.safeParse(limpio);
  const problemas = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Checked apart so it is reported together with every other problem.
  if (limpio.NODE_ENV === 'production' && !limpio.JWT_SECRET) {
    problemas.push('JWT_SECRET: es obligatorio en producción (al menos 32 caracteres)');
  }
  if (!parsed.success || problemas.length) throw new ConfigError(problemas);
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the person typed the command,
  // so `npm run db:seed` and `npm start` from the root use the same ./data.
  const dataDir = path.resolve(limpio.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? secretoPersistido(dataDir),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    clinicaNombre: e.CLINICA_NOMBRE,
    clinicaTz: e.CLINICA_TZ,
    // Demo data is never seeded in production (no default password may exist there).
    semillaDemo: production ? false : (e.SEMILLA_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
  };
}

/** Development only: a random secret kept under DATA_DIR so tokens survive restarts. */
function secretoPersistido(dataDir: string): string {
  const archivo = path.join(dataDir, 'jwt-secret');
  if (existsSync(archivo)) return readFileSync(archivo, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secreto = randomBytes(48).toString('base64url');
  writeFileSync(archivo, secreto, { mode: 0o600 });
  return secreto;
}
