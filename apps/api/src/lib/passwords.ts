// Password hashing (argon2id, OWASP parameters) and the common/context password check
// (ASVS 5.0 6.2: 8-128 characters, no composition rules, common and context-specific passwords refused).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { AppError } from './app-error.ts';

export type ParametrosArgon2 = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * How many hashes run at once and how many may wait (issue 11.2): argon2 is deliberately expensive, and a
 * flood of anonymous sign-ins must not queue without end and stall everything else. Past the queue the
 * answer is 503 with Retry-After, at once.
 */
export type LimiteHash = { concurrencia: number; cola: number };
const NUCLEOS = Math.max(1, availableParallelism());
/** One core fewer than the machine has (at least one): argon2 runs on libuv's threads, and a hash on every core
 *  leaves the event loop (health checks, reads, PGlite) waiting for CPU during a flood. */
export const LIMITE_HASH: LimiteHash = {
  concurrencia: Math.max(1, NUCLEOS - 1),
  cola: 4 * NUCLEOS,
};
export const SEGUNDOS_REINTENTO_HASH = 2;

export const MENSAJE_HASH_SATURADO =
  'Hay muchos inicios de sesión en este momento. Inténtalo de nuevo en unos segundos.';

/** 503 NO_DISPONIBLE with Retry-After (the error handler adds the header from `reintentarEn`). */
export class HashSaturadoError extends AppError {
  readonly reintentarEn = SEGUNDOS_REINTENTO_HASH;
  constructor() {
    super('NO_DISPONIBLE', 503, MENSAJE_HASH_SATURADO);
    this.name = 'HashSaturadoError';
  }
}

/** A semaphore with a bounded wait queue: run now, wait in line, or be refused at once. */
export function createLimitador({ concurrencia, cola }: LimiteHash) {
  let activos = 0;
  const esperando: (() => void)[] = [];
  return {
    async ejecutar<T>(trabajo: () => Promise<T>): Promise<T> {
      if (activos >= concurrencia) {
        if (esperando.length >= cola) throw new HashSaturadoError();
        // The slot is handed over by the one that finishes (activos stays the same).
        await new Promise<void>((r) => esperando.push(r));
      } else {
        activos++;
      }
      try {
        return await trabajo();
      } finally {
        const siguiente = esperando.shift();
        if (siguiente) siguiente();
        else activos--;
      }
    },
    get ocupados() {
      return { activos, esperando: esperando.length };
    },
    /** Whether a new job would be refused now: callers check it before doing any other work. */
    get saturado() {
      return activos >= concurrencia && esperando.length >= cola;
    },
  };
}

/** argon2id, m=19456 KiB, t=2, p=1 (QUALITY.md, OWASP password storage cheat sheet). */
export const ARGON2_PRODUCCION: ParametrosArgon2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The cheapest argon2id accepts (m = 8 KiB, t = 1): 0.4 ms a hash instead of 25 ms. Only the test harness
 * puts it in the config (test/helpers.ts); loadConfig always answers ARGON2_PRODUCCION.
 */
export const ARGON2_PRUEBAS: ParametrosArgon2 = { memoryCost: 8, timeCost: 1, parallelism: 1 };

/** ARGON2_PRODUCCION as @node-rs/argon2 options (the demo seed hashes with it). */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package's const enum cannot be read under verbatimModuleSyntax.
  algorithm: 2 as Algorithm,
  ...ARGON2_PRODUCCION,
} as const;

/**
 * What an account without a password stores in contrasena_hash (a walk-in patient, issue 27.8, decision 0048): no
 * password verifies against it (sign-in answers as for a wrong password, after a dummy verify of the same cost).
 * Random, so that an invitation link, signed over the hash, stops working when another one replaces it.
 */
export const PREFIJO_SIN_CONTRASENA = '!sin-contrasena$';
export const hashSinContrasena = () => `${PREFIJO_SIN_CONTRASENA}${randomBytes(24).toString('base64url')}`;
export const sinContrasena = (stored: string) => stored.startsWith(PREFIJO_SIN_CONTRASENA);

/** Any argon2 hash: the parameters it was made with are written in it. */
export const verifyPassword = (stored: string, plain: string) => verify(stored, plain).catch(() => false);

/** Hashing with the configured parameters (config.argon2); one per composition root. Every hash and verify
 *  goes through one bounded limiter (LIMITE_HASH). */
export function createPasswordHasher(parametros: ParametrosArgon2, limite: LimiteHash = LIMITE_HASH) {
  const opciones = { algorithm: 2 as Algorithm, ...parametros };
  const prefijo = `$argon2id$v=19$m=${parametros.memoryCost},t=${parametros.timeCost},p=${parametros.parallelism}$`;
  const limitador = createLimitador(limite);
  const maxAdmitidas = limite.concurrencia + limite.cola;
  let admitidas = 0;
  const hashPassword = (plain: string) => limitador.ejecutar(() => hash(plain, opciones));
  const verificar = (stored: string, plain: string) => limitador.ejecutar(() => verifyPassword(stored, plain));
  let dummyHash: Promise<string> | undefined;
  /** Computes the throw-away hash ahead of the first unknown sign-in (call at start-up). */
  // Made once at start-up, outside the limiter (a refusal then would be remembered for good).
  const prepararHashFicticio = () => (dummyHash ??= hash(randomBytes(24).toString('base64url'), opciones));
  return {
    hashPassword,
    verifyPassword: verificar,
    prepararHashFicticio,
    limitador,
    /**
     * Admission for a whole password operation (sign-in, registration, reset): at most concurrency + queue of
     * them in progress, database reads included; past it, 503 at once. Checking only the hash stage let a burst
     * pass the check together, read the database and only then be refused, each refusal costing three queries
     * on the event loop (bench/results/inundacion.md). Never nest: the operation's own hashes go through the
     * limiter, which then always has room for them.
     */
    async admitir<T>(operacion: () => Promise<T>): Promise<T> {
      if (admitidas >= maxAdmitidas) throw new HashSaturadoError();
      admitidas++;
      try {
        return await operacion();
      } finally {
        admitidas--;
      }
    },
    /** Whether admitir() would refuse now: routes answer 503 before parsing the body. */
    get saturado() {
      return admitidas >= maxAdmitidas;
    },
    /**
     * Verifies against a throw-away hash with the same parameters, so that a sign-in for an unknown
     * account costs as much as one for a known account (no user enumeration by timing).
     */
    async verifyAgainstDummy(plain: string): Promise<false> {
      const ficticio = await prepararHashFicticio();
      await verificar(ficticio, plain);
      return false;
    },
    /** Hashes written with other parameters (older ones) are rehashed at sign-in. */
    esVigente: (stored: string) => stored.startsWith(prefijo),
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/**
 * Most used passwords and their bases: English top lists (SecLists / HIBP top entries) plus Spanish and
 * Colombian ones. Entries shorter than 8 characters still matter: the check also compares the
 * letters of a password with its digits and symbols removed ('Superman2024!' -> 'superman').
 * Stored normalised: lower case, without accents.
 */
const COMUNES_EN = `
123456 password 123456789 12345678 12345 qwerty 1234567 111111 1234567890 123123 abc123 1234 password1
iloveyou 1q2w3e4r 000000 qwerty123 zaq12wsx dragon sunshine princess letmein 654321 monkey 27653 1qaz2wsx
123321 qwertyuiop superman asdfghjkl asdfghjk qwertyui 11111111 22222222 12341234 88888888 87654321
00000000 123456789a abcd1234 1q2w3e4r5t 1qazxsw2 q1w2e3r4 q1w2e3r4t5 a1b2c3d4 password123 passw0rd
p@ssw0rd p@ssword pass1234 welcome welcome1 welcome123 admin admin123 administrator root toor
master football baseball basketball soccer hockey jordan jordan23 michael michelle jennifer jessica
charlie shadow mustang batman trustno1 hello hello123 freedom whatever qazwsx ninja azerty solo
starwars loveme lovely flower hunter hunter2 ranger buster thomas tigger robert daniel andrew joshua
matthew anthony william ashley nicole hannah amanda harley summer winter spring autumn cookie cheese
computer internet samsung google iphone apple chocolate pepper ginger maggie bailey killer pokemon
naruto matrix mercedes ferrari corvette thunder silver golden diamond secret secret123 changeme
changeme123 default guest test test123 testing user usuario login access letmein1 mypassword
passport password12 password1234 iloveyou1 iloveyou2 princess1 sunshine1 monkey123 dragon123
football1 baseball1 superman1 batman123 qwerty1 qwerty12 qwertyuiop123 asdf1234 zxcvbnm zxcvbnm123
asdfasdf qweqwe qweasd qweasdzxc 1qaz2wsx3edc 123qwe 123qweasd 1234qwer qwer1234 abcdefg abcdefgh
abcdefghi 123abc abc12345 aaaaaaaa 12121212 123123123 112233 11223344 121212 159753 147258369 987654321
13579 246810 7777777 666666 696969 159357 1111111111 0987654321 blink182 monica lakers yankees cowboys
eagles rangers chelsea liverpool arsenal barcelona realmadrid juventus metallica slipknot nirvana
linkin linkinpark spiderman ironman captain avengers marvel pikachu minecraft fortnite roblox
`;
const COMUNES_ES = `
contrasena contrasena1 contrasena123 micontrasena clave clave123 miclave claveclave contrasenia
teamo teamo123 teamomucho teamomuchisimo tequiero tequiero123 amor amor123 amormio miamor miamor123
mivida corazon corazon123 princesa princesa123 princesita hermosa hermoso bonita bonito preciosa
tesoro carino cariño nena nene bebe bebito bebita gordo gorda flaca flaco chiquita chiquito
colombia colombia1 colombia123 colombia2024 colombia2025 colombia2026 bogota bogota123 bogota2024
bogota2025 medellin medellin123 cali cali123 barranquilla cartagena bucaramanga pereira manizales
santamarta cucuta ibague villavicencio pasto antioquia cundinamarca valle atlantico
nacional atleticonacional millonarios americadecali santafe juniorfc junior deportivocali
jamesrodriguez james falcao shakira maluma jbalvin karolg carolg feid
dios dios123 diosesamor diostebendiga jesus jesus123 jesucristo cristo maria maria123 mariajose
virgen bendicion bendecida bendecido angel angelito angelita
familia familia123 mifamilia hijos mishijos mihijo mihija mama mama123 mami papa papa123 papi
abuela abuelo hermano hermana sebastian santiago alejandro alejandra valentina isabella daniela
camila sofia mariana natalia carolina andrea paola catalina juliana laura diana sara juan carlos
andres felipe jorge luis jose david miguel manuel camilo mateo samuel nicolas
hola hola123 holamundo holahola adios gracias amigo amigos amiga amigas feliz felicidad alegria
libertad esperanza victoria estrella luna sol mar cielo tierra fuego agua verano invierno
perro perrito gato gatito mascota futbol futbol123 pelota
chocolate chocolate123 cafe cafecito arepa empanada bandeja
qwerty123 asdfg123 abc123456 abcd12345 clave1234 usuario123 administrador admin1234 soporte
sistemas sistema secreto secreto123 acceso acceso123 entrar entrar123 cambiar cambiame
nuevaclave nueva123 temporal temporal123 inicio inicio123 prueba prueba123 pruebas demo demo123
enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
lunes martes miercoles jueves viernes sabado domingo
uno dos tres cuatro cinco seis siete ocho nueve diez unodostres
doctor doctora medico medica enfermera paciente cita citas belleza spa salud
`;

export function normalizar(texto: string): string {
  return texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
/** Only the letters of a password: 'Superman2024!' -> 'superman'. */
function soloLetras(texto: string): string {
  return normalizar(texto).replace(/[^a-z]/g, '');
}

const COMUNES = new Set(`${COMUNES_EN} ${COMUNES_ES}`.split(/\s+/).filter(Boolean).map(normalizar));
const COMUNES_LETRAS = new Set([...COMUNES].map(soloLetras).filter((p) => p.length >= 4));

/** Words about this service that are never a password by themselves (with digits or symbols around). */
const PALABRAS_CONTEXTO = [
  'clinica',
  'clinicas',
  'estetica',
  'esteticas',
  'esteticos',
  'medico',
  'medica',
  'spa',
  'belleza',
];

export type ContextoContrasena = {
  /** CLINICA_NOMBRE from config. */
  clinicaNombre: string;
  correo?: string | null;
  numerodocumento?: string | null;
  nombre?: string | null;
};

export const MENSAJES_CONTRASENA = {
  comun: 'Esa contraseña es muy común y fácil de adivinar. Elige otra; una frase que solo tú conozcas funciona bien.',
  clinica: 'La contraseña no puede basarse en el nombre de la clínica. Elige otra.',
  correo: 'La contraseña no puede contener tu correo electrónico.',
  documento: 'La contraseña no puede contener tu número de documento.',
  nombre: 'La contraseña no puede ser tu nombre. Elige otra.',
  repetida: 'La contraseña no puede ser un mismo carácter repetido.',
} as const;

/**
 * Returns a Spanish reason when the password is common or guessable from context, else null.
 * Length (8-128) is checked by the contract schema; there are no composition rules.
 */
export function problemaContrasena(contrasena: string, ctx: ContextoContrasena): string | null {
  const plano = normalizar(contrasena);
  const letras = soloLetras(contrasena);
  const compacto = plano.replace(/\s+/g, '');

  if (new Set(compacto).size <= 1) return MENSAJES_CONTRASENA.repetida;
  if (COMUNES.has(plano) || COMUNES.has(compacto) || COMUNES_LETRAS.has(letras)) return MENSAJES_CONTRASENA.comun;
  // Only digits: the lists above hold the usual ones; a keyboard run or a repeated block is also refused.
  if (/^\d+$/.test(compacto) && (esSecuencia(compacto) || /^(\d{1,4})\1+$/.test(compacto)))
    return MENSAJES_CONTRASENA.comun;

  // Context (NIST 800-63B 3.1.1.2): the clinic's name and the words about the service, alone or
  // together, plus digits and symbols ('ClinicaAurora2026!', 'estetica123').
  const nombreClinica = soloLetras(ctx.clinicaNombre);
  if (nombreClinica.length >= 4 && letras.includes(nombreClinica)) return MENSAJES_CONTRASENA.clinica;
  const palabrasClinica = normalizar(ctx.clinicaNombre)
    .split(/[^a-z]+/)
    .filter((p) => p.length >= 3);
  let resto = letras;
  for (const palabra of [...new Set([...palabrasClinica, ...PALABRAS_CONTEXTO])].sort((a, b) => b.length - a.length)) {
    resto = resto.split(palabra).join('');
  }
  if (letras.length > 0 && resto.length < 3 && resto.length < letras.length) return MENSAJES_CONTRASENA.clinica;

  const local = ctx.correo ? normalizar(ctx.correo.split('@')[0] ?? '') : '';
  if (
    local.length >= 3 &&
    (plano.includes(local) || (soloLetras(local).length >= 4 && letras.includes(soloLetras(local))))
  )
    return MENSAJES_CONTRASENA.correo;

  const documento = ctx.numerodocumento ? normalizar(ctx.numerodocumento).replace(/[^a-z0-9]/g, '') : '';
  if (documento.length >= 4 && plano.replace(/[^a-z0-9]/g, '').includes(documento))
    return MENSAJES_CONTRASENA.documento;

  const nombre = ctx.nombre ? soloLetras(ctx.nombre) : '';
  if (nombre.length >= 4 && letras === nombre) return MENSAJES_CONTRASENA.nombre;

  return null;
}

/** '12345678', '87654321', '34567890': each digit one more or one less than the previous. */
function esSecuencia(digitos: string): boolean {
  let sube = true;
  let baja = true;
  for (let i = 1; i < digitos.length; i++) {
    const a = digitos.charCodeAt(i - 1);
    const b = digitos.charCodeAt(i);
    if ((b - a + 10) % 10 !== 1) sube = false;
    if ((a - b + 10) % 10 !== 1) baja = false;
  }
  return sube || baja;
}
