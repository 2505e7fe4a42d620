// The only reader of process.env: validates the environment at boot and lists every problem at once.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ARGON2_PRODUCCION, LIMITE_HASH, type LimiteHash, type ParametrosArgon2 } from './lib/passwords.ts';
import { ZONA_POR_DEFECTO, esZonaValida } from '@clinica/contracts/tiempo';

const booleano = z
  .enum(['true', 'false', '1', '0', 'si', 'no'], { message: 'debe ser true o false' })
  .transform((v) => v === 'true' || v === '1' || v === 'si');

/** Meta's template names: lower-case letters, digits and underscores. */
const NOMBRE_PLANTILLA = /^[a-z0-9_]{1,512}$/;
const MENSAJE_PLANTILLA = 'solo minúsculas, dígitos y guion bajo (el nombre de la plantilla aprobada en Meta)';

const esquema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'debe ser un número' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'debe empezar por redis:// o rediss://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  CORS_ORIGINS: z.string().default(''),
  CLINICA_NOMBRE: z.string().min(1).default('Clínica Aurora Estética'),
  CLINICA_DIRECCION: z.string().trim().min(3).max(200).optional(),
  CLINICA_NIT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.?\d{3}){2}-\d$/, 'usa el NIT con su dígito de verificación, por ejemplo 900.123.456-7')
    .optional(),
  CLINICA_TZ: z
    .string()
    .default(ZONA_POR_DEFECTO)
    .refine(esZonaValida, 'no es una zona horaria IANA válida (por ejemplo America/Bogota)'),
  SEMILLA_DEMO: booleano.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => confianzaProxy(v, ctx)),
  RATE_LIMIT_MAX: z.coerce.number({ message: 'debe ser un número' }).int().positive().default(600),
  CITAS_POR_VENIR_MAX: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(50, 'debe ser 50 o menos')
    .default(3),
  PAQUETES_DIAS_GRACIA: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe ser 0 o más')
    .max(365, 'debe ser 365 o menos')
    .default(0),
  // Deposits (issue 23, item 2; docs/dinero.md "Anticipos y política de cancelación").
  ANTICIPO_HORAS_RESERVA: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(720, 'debe ser 720 o menos')
    .default(24),
  ANTICIPO_EVALUACION: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero de pesos')
    .min(0, 'debe ser 0 o más')
    .max(100_000_000, 'es demasiado alto')
    .default(0),
  // The waitlist (issue 25, item 1; docs/espera.md): minutes an offered slot waits for the patient's answer.
  ESPERA_RESERVA_MIN: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero de minutos')
    .min(5, 'debe ser 5 o más')
    .max(1440, 'debe ser 1440 o menos')
    .default(30),
  CANCELACION_HORAS_AVISO: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe ser 0 o más')
    .max(720, 'debe ser 720 o menos')
    .default(24),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'debe empezar por smtp:// o smtps://')
    .optional(),
  CORREO_REMITENTE: z.string().min(3).optional(),
  RESPALDO_CLAVE: z
    .string()
    .min(16, 'debe tener al menos 16 caracteres (por ejemplo: openssl rand -base64 32)')
    .optional(),
  RESPALDO_DIR: z.string().min(1).optional(),
  RESPALDO_HORA: z
    .string()
    .trim()
    .regex(
      /^(([01]\d|2[0-3]):[0-5]\d|no)$/,
      'usa una hora HH:MM de 24 horas (por ejemplo 02:00) o no para apagar los respaldos automáticos',
    )
    .default('02:00'),
  RESPALDO_CONSERVAR: z.coerce
    .number({ message: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe conservar al menos 1 respaldo')
    .max(3650, 'como máximo 3650')
    .default(14),
  URL_PUBLICA: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'debe ser una dirección http:// o https:// sin ? ni #')
    .optional(),
  // Online payment through Wompi (issue 23, item 3; docs/dinero.md "Pagos en línea"): all four or none.
  WOMPI_LLAVE_PUBLICA: z
    .string()
    .trim()
    .regex(/^pub_(test|prod)_\S+$/, 'empieza por pub_test_ o pub_prod_')
    .optional(),
  WOMPI_LLAVE_PRIVADA: z
    .string()
    .trim()
    .regex(/^prv_(test|prod)_\S+$/, 'empieza por prv_test_ o prv_prod_')
    .optional(),
  WOMPI_SECRETO_INTEGRIDAD: z.string().trim().min(8, 'debe tener al menos 8 caracteres').optional(),
  WOMPI_SECRETO_EVENTOS: z.string().trim().min(8, 'debe tener al menos 8 caracteres').optional(),
  WOMPI_AMBIENTE: z.enum(['sandbox', 'produccion'], { message: 'usa sandbox o produccion' }).default('sandbox'),
  /** Tests and e2e point these at a local fake; by default Wompi's own addresses for the environment. */
  WOMPI_URL_API: z.url({ protocol: /^https?$/, message: 'debe ser una dirección http:// o https://' }).optional(),
  WOMPI_URL_CHECKOUT: z.url({ protocol: /^https?$/, message: 'debe ser una dirección http:// o https://' }).optional(),
  // WhatsApp through Meta's Cloud API (issue 25, item 2; docs/mensajeria.md): every required key or none.
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, 'son solo dígitos (el id del número en Meta)')
    .optional(),
  WHATSAPP_TOKEN: z.string().trim().min(20, 'debe tener al menos 20 caracteres').optional(),
  WHATSAPP_APP_SECRET: z.string().trim().min(16, 'debe tener al menos 16 caracteres').optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().trim().min(16, 'debe tener al menos 16 caracteres').optional(),
  /** Tests and e2e point it at a local fake; by default the Graph API with a pinned version. */
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/, message: 'debe ser una dirección http:// o https://' }).optional(),
  WHATSAPP_IDIOMA: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'un código de idioma de plantilla, por ejemplo es o es_CO')
    .default('es'),
  WHATSAPP_PLANTILLA_RECORDATORIO: z.string().trim().regex(NOMBRE_PLANTILLA, MENSAJE_PLANTILLA).optional(),
  WHATSAPP_PLANTILLA_CONFIRMACION: z.string().trim().regex(NOMBRE_PLANTILLA, MENSAJE_PLANTILLA).optional(),
  WHATSAPP_PLANTILLA_OFERTA: z.string().trim().regex(NOMBRE_PLANTILLA, MENSAJE_PLANTILLA).optional(),
  WHATSAPP_PLANTILLA_CODIGO: z.string().trim().regex(NOMBRE_PLANTILLA, MENSAJE_PLANTILLA).optional(),
  /** Optional: without it the retreatment reminder keeps going by e-mail only. */
  WHATSAPP_PLANTILLA_RETRATAMIENTO: z.string().trim().regex(NOMBRE_PLANTILLA, MENSAJE_PLANTILLA).optional(),
});

/** Graph API base with the version the client was written against (docs/mensajeria.md). */
export const WHATSAPP_API_URL_PREDETERMINADA = 'https://graph.facebook.com/v21.0';

export type ConfigWhatsapp = {
  phoneNumberId: string;
  token: string;
  appSecret: string;
  verifyToken: string;
  apiUrl: string;
  idioma: string;
  plantillas: {
    recordatorio: string;
    confirmacion: string;
    oferta: string;
    codigo: string;
    retratamiento: string | null;
  };
};

/** Wompi's addresses per environment (docs.wompi.co: "Ambientes y llaves"; Web Checkout). */
export const WOMPI_URLS = {
  sandbox: { api: 'https://sandbox.wompi.co/v1', checkout: 'https://checkout.wompi.co/p/' },
  produccion: { api: 'https://production.wompi.co/v1', checkout: 'https://checkout.wompi.co/p/' },
} as const;

export type ConfigWompi = {
  llavePublica: string;
  llavePrivada: string;
  secretoIntegridad: string;
  secretoEventos: string;
  ambiente: 'sandbox' | 'produccion';
  urlApi: string;
  urlCheckout: string;
};

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
  /** Where the clinic is (e-mail footers, the LOCATION of appointment calendars); optional. */
  clinicaDireccion: string | undefined;
  /** The clinic's NIT with its check digit (receipts; the DIAN invoice later). Optional: receipts say it is missing. */
  clinicaNit: string | undefined;
  clinicaTz: string;
  semillaDemo: boolean;
  logLevel: string;
  webDist: string | undefined;
  /**
   * Which X-Forwarded-For hops to believe (Fastify's trustProxy): none, the last N, or these proxies' addresses.
   * Never `true`: any client could then choose the address rate limits, lockouts and the audit see.
   */
  trustProxy: false | number | string[];
  /** Requests per minute per IP for the global rate limit. */
  rateLimitMax: number;
  /** Appointments still to come a patient may book herself (issue 21, item 2); staff book past it. */
  citasPorVenirMax: number;
  /**
   * Days after a package's expiry date during which an appointment may still use its sessions (docs/dinero.md
   * "Paquetes"); past them, its unused sessions are recorded as expired.
   */
  paquetesDiasGracia: number;
  /** Hours an unpaid deposit holds a booking (never past its start). */
  anticipoHorasReserva: number;
  /** The fixed deposit of an evaluation in whole COP; 0: evaluations owe none. */
  anticipoEvaluacion: number;
  /** Minutes a waitlist offer holds its slot for the patient's answer (docs/espera.md). */
  esperaReservaMin: number;
  /** A paid deposit is refunded or kept as credit when cancelled at least this many hours ahead; else retained. */
  cancelacionHorasAviso: number;
  /** E-mail through this SMTP server; without it, mails are written to DATA_DIR/correos (platform/correo.ts). */
  smtpUrl: string | undefined;
  correoRemitente: string;
  /**
   * Where people open the web (links in e-mails, e.g. password recovery), without a trailing slash. Never taken
   * from the request's Host header: a forged Host would send someone's recovery link to another site.
   */
  urlPublica: string;
  /**
   * Password hashing cost. Not a setting: always ARGON2_PRODUCCION here; only the test harness, which builds
   * its own Config, swaps in cheap parameters (test/helpers.ts).
   */
  argon2: ParametrosArgon2;
  /** Key of the backups' encryption (platform/respaldo/clave.ts); required in production to make a backup. */
  respaldoClave: string | undefined;
  /** Where backups are written: RESPALDO_DIR, by default DATA_DIR/respaldos (better: an external disk or a NAS). */
  respaldoDir: string;
  /** The daily backup's wall-clock time in the clinic's zone (HH:MM), or null: no automatic backups. */
  respaldoHora: string | null;
  /** How many backup files are kept in respaldoDir (the newest). */
  respaldoConservar: number;
  /** Hashes at once and waiting (not a setting: the number of cores; tests shrink it). */
  limiteHash: LimiteHash;
  /** Online payment through Wompi; null (not every WOMPI_* key set): not offered, the desk records payments. */
  wompi: ConfigWompi | null;
  /** WhatsApp through Meta's Cloud API; null (a required WHATSAPP_* key missing): off, e-mail carries everything. */
  whatsapp: ConfigWhatsapp | null;
};

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** TRUST_PROXY: 'false' | a number of hops | a comma-separated list of proxy addresses or CIDRs. */
function confianzaProxy(valor: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = valor.trim().toLowerCase();
  if (v === 'false' || v === '0' || v === 'no' || v === '') return false;
  if (v === 'true' || v === '1=true' || v === 'si') {
    ctx.addIssue({
      code: 'custom',
      message:
        'true no está permitido: se creería cualquier X-Forwarded-For y un cliente podría elegir la dirección que ven los límites, los bloqueos y la auditoría. Indica cuántos proxies hay delante (por ejemplo 1) o sus direcciones (por ejemplo 10.0.0.0/8)',
    });
    return false;
  }
  if (/^\d+$/.test(v)) {
    const saltos = Number(v);
    if (saltos > 10) ctx.addIssue({ code: 'custom', message: 'como número de proxies admite de 1 a 10' });
    return saltos;
  }
  const lista = valor
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const invalidas = lista.filter((x) => {
    const [ip, bits, ...resto] = x.split('/');
    if (resto.length || !ip) return true;
    const v4 = IPV4.test(ip);
    const v6 = !v4 && /^[0-9a-f:]+$/i.test(ip) && ip.includes(':');
    if (!v4 && !v6) return true;
    if (bits === undefined) return false;
    const n = Number(bits);
    return !/^\d+$/.test(bits) || n > (v4 ? 32 : 128);
  });
  if (invalidas.length) {
    ctx.addIssue({
      code: 'custom',
      message: `usa false, un número de proxies o direcciones/CIDR separadas por comas (no válidas: ${invalidas.join(', ')})`,
    });
  }
  return lista;
}

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
  const llavesWompi = [
    'WOMPI_LLAVE_PUBLICA',
    'WOMPI_LLAVE_PRIVADA',
    'WOMPI_SECRETO_INTEGRIDAD',
    'WOMPI_SECRETO_EVENTOS',
  ] as const;
  const faltanWompi = llavesWompi.filter((k) => !limpio[k]);
  if (faltanWompi.length > 0 && faltanWompi.length < llavesWompi.length) {
    problemas.push(`WOMPI: faltan ${faltanWompi.join(', ')} (pon las cuatro para el pago en línea, o ninguna)`);
  }
  const llavesWhatsapp = [
    'WHATSAPP_PHONE_NUMBER_ID',
    'WHATSAPP_TOKEN',
    'WHATSAPP_APP_SECRET',
    'WHATSAPP_VERIFY_TOKEN',
    'WHATSAPP_PLANTILLA_RECORDATORIO',
    'WHATSAPP_PLANTILLA_CONFIRMACION',
    'WHATSAPP_PLANTILLA_OFERTA',
    'WHATSAPP_PLANTILLA_CODIGO',
  ] as const;
  const faltanWhatsapp = llavesWhatsapp.filter((k) => !limpio[k]);
  if (faltanWhatsapp.length > 0 && faltanWhatsapp.length < llavesWhatsapp.length) {
    problemas.push(`WHATSAPP: faltan ${faltanWhatsapp.join(', ')} (pon todas para enviar por WhatsApp, o ninguna)`);
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
    clinicaDireccion: e.CLINICA_DIRECCION,
    clinicaNit: e.CLINICA_NIT,
    clinicaTz: e.CLINICA_TZ,
    // Demo data is never seeded in production (no default password may exist there).
    semillaDemo: production ? false : (e.SEMILLA_DEMO ?? true),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    rateLimitMax: e.RATE_LIMIT_MAX,
    citasPorVenirMax: e.CITAS_POR_VENIR_MAX,
    paquetesDiasGracia: e.PAQUETES_DIAS_GRACIA,
    anticipoHorasReserva: e.ANTICIPO_HORAS_RESERVA,
    anticipoEvaluacion: e.ANTICIPO_EVALUACION,
    cancelacionHorasAviso: e.CANCELACION_HORAS_AVISO,
    esperaReservaMin: e.ESPERA_RESERVA_MIN,
    smtpUrl: e.SMTP_URL,
    correoRemitente: e.CORREO_REMITENTE ?? `${e.CLINICA_NOMBRE} <no-responder@clinica.local>`,
    respaldoClave: e.RESPALDO_CLAVE,
    respaldoDir: e.RESPALDO_DIR
      ? path.resolve(limpio.INIT_CWD ?? process.cwd(), e.RESPALDO_DIR)
      : path.join(dataDir, 'respaldos'),
    respaldoHora: e.RESPALDO_HORA === 'no' ? null : e.RESPALDO_HORA,
    respaldoConservar: e.RESPALDO_CONSERVAR,
    urlPublica: (e.URL_PUBLICA ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    argon2: ARGON2_PRODUCCION,
    limiteHash: LIMITE_HASH,
    wompi:
      e.WOMPI_LLAVE_PUBLICA && e.WOMPI_LLAVE_PRIVADA && e.WOMPI_SECRETO_INTEGRIDAD && e.WOMPI_SECRETO_EVENTOS
        ? {
            llavePublica: e.WOMPI_LLAVE_PUBLICA,
            llavePrivada: e.WOMPI_LLAVE_PRIVADA,
            secretoIntegridad: e.WOMPI_SECRETO_INTEGRIDAD,
            secretoEventos: e.WOMPI_SECRETO_EVENTOS,
            ambiente: e.WOMPI_AMBIENTE,
            urlApi: (e.WOMPI_URL_API ?? WOMPI_URLS[e.WOMPI_AMBIENTE].api).replace(/\/+$/, ''),
            urlCheckout: e.WOMPI_URL_CHECKOUT ?? WOMPI_URLS[e.WOMPI_AMBIENTE].checkout,
          }
        : null,
    whatsapp:
      e.WHATSAPP_PHONE_NUMBER_ID &&
      e.WHATSAPP_TOKEN &&
      e.WHATSAPP_APP_SECRET &&
      e.WHATSAPP_VERIFY_TOKEN &&
      e.WHATSAPP_PLANTILLA_RECORDATORIO &&
      e.WHATSAPP_PLANTILLA_CONFIRMACION &&
      e.WHATSAPP_PLANTILLA_OFERTA &&
      e.WHATSAPP_PLANTILLA_CODIGO
        ? {
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            token: e.WHATSAPP_TOKEN,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
            apiUrl: (e.WHATSAPP_API_URL ?? WHATSAPP_API_URL_PREDETERMINADA).replace(/\/+$/, ''),
            idioma: e.WHATSAPP_IDIOMA,
            plantillas: {
              recordatorio: e.WHATSAPP_PLANTILLA_RECORDATORIO,
              confirmacion: e.WHATSAPP_PLANTILLA_CONFIRMACION,
              oferta: e.WHATSAPP_PLANTILLA_OFERTA,
              codigo: e.WHATSAPP_PLANTILLA_CODIGO,
              retratamiento: e.WHATSAPP_PLANTILLA_RETRATAMIENTO ?? null,
            },
          }
        : null,
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
