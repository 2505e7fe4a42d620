// QUALITY reliability 9 and security "Input": hostile input on every route the app registers, sent
// anonymously and as an administrador, never gets a 5xx; every 4xx is the Spanish envelope
// { error, code } and shows nothing internal. Routes are enumerated from the running app (onRoute)
// and their body/query/param schemas read from its OpenAPI document, so a new route is fuzzed without
// touching this file. Deterministic: one seeded generator (FUZZ_SEED) picks the random extras.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorCodes } from '@clinica/contracts/errors';
import { buildApp } from '../src/app.ts';
import { API_PREFIX } from '../src/plugins/auth.ts';
import { createTestDatabase, testConfig } from './helpers.ts';
import { CLAVE, crearUsuario, sesionPara } from './usuarios-fixtures.ts';

const SEMILLA = Number(process.env.FUZZ_SEED ?? 20_261_105);
/** Parallel requests in flight: enough to overlap argon2 work, small enough for 2 shared cores. */
const EN_VUELO = 4;

// ---- deterministic randomness -------------------------------------------------------------------
/** Numbers in [0, 1) drawn from SHA-256 of the seed and a counter: the same seed draws the same inputs. */
function generador(semilla: number): () => number {
  let n = 0;
  return () => createHash('sha256').update(`${semilla}:${n++}`).digest().readUInt32BE(0) / 2 ** 32;
}
const rnd = generador(SEMILLA);
const entero = (max: number) => Math.floor(rnd() * max);
const elegir = <T>(xs: readonly T[]): T => xs[entero(xs.length)]!;

/** A random string over an alphabet chosen to hurt: controls, surrogates, RTL, combining marks, quotes. */
function textoAleatorio(): string {
  // prettier-ignore
  const piezas = ['\u0000', '\u0007', '\u001b[31m', '\ud83d', '\ude00', '\u202e', '\u0301', '\u200b', '"', "'", '\\', '%',
    '_', '<', '>', '&', 'ñ', 'Ω', '𝕏', '\r\n', '\t', ' ', '0', '9', 'a', 'Z', '$', '{', '}', '\uFEFF', '\uFFFF'];
  let s = '';
  const n = 1 + entero(40);
  for (let i = 0; i < n; i++) s += elegir(piezas);
  return s;
}
function valorAleatorio(nivel = 0): unknown {
  switch (entero(nivel > 2 ? 4 : 6)) {
    case 0:
      return textoAleatorio();
    case 1:
      return (rnd() - 0.5) * 10 ** entero(20);
    case 2:
      return elegir([true, false, null]);
    case 3:
      return -entero(2 ** 31);
    case 4:
      return Array.from({ length: entero(4) }, () => valorAleatorio(nivel + 1));
    default:
      return Object.fromEntries(Array.from({ length: entero(4) }, () => [textoAleatorio(), valorAleatorio(nivel + 1)]));
  }
}

// ---- hostile values -----------------------------------------------------------------------------
const K100 = 'A'.repeat(100 * 1024);
const anidado = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

/** Values put, one at a time, in place of each body field of an otherwise valid body. */
// prettier-ignore
const VALORES_HOSTILES: unknown[] = [
  null, true, false, 0, -1, 1.5, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324,
  '', ' ', '   \t\n ', '1', '-1', 'NaN', 'Infinity', '1e309', 'true', 'null', '0x10',
  K100, 'ñ'.repeat(60_000),
  'a\u0000b', '\u0000', '%00',
  '\ud800', '\udfff\ud800', '\u202eevil\u202c', '\u200b\u200d\ufeff', '👩‍⚕️💉'.repeat(30), 'e\u0301'.repeat(60),
  '\uffff\ufffe', 'Ａｄｍｉｎ', '\u0085\u2028\u2029', 'İıſK', '\u001b[2J',
  '<script>alert(1)</script>', "' OR '1'='1' --", '../../etc/passwd', '${jndi:ldap://x/a}', '{{7*7}}',
  [], [1, 2, 3], ['a'], [null], Array.from({ length: 5000 }, (_, i) => i),
  {}, { $gt: '' }, { constructor: { prototype: { admin: true } } }, anidado(2000),
];

/** Path segments (already URL-encoded where needed). */
// prettier-ignore
const PARAMS_HOSTILES = [
  '-1', '0', '1e309', 'abc', '%00', '1%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '1.5', '0x1F',
  '2147483648', '99999999999999999999999', '-0', '%20', '+1', '%E0%A4%A', '%C0%AF', '%F0%9F%98%80', '%ED%A0%80',
  'NaN', 'Infinity', 'null', '%5B%5D', '%7B%7D', '1%3BDROP%20TABLE%20usuarios', '%27%20OR%201%3D1', 'A'.repeat(5000),
  '__proto__', 'constructor', '%u0000',
];

/** Query values (URL-encoded). */
// prettier-ignore
const QUERY_HOSTILES = [
  '', '%00', 'a%00b', encodeURIComponent(K100), '-1', '0', '1e309', 'NaN', 'abc', '1.5', '99999999999999999999',
  '%E0%A4%A', '%25', '%5F', encodeURIComponent("' OR 1=1 --"), '%ED%A0%80', encodeURIComponent('\u202e'),
];

// ---- JSON Schema of a route (from the OpenAPI document) -----------------------------------------
type Js = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Js>;
  required?: string[];
  items?: Js;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  format?: string;
  pattern?: string;
  default?: unknown;
  anyOf?: Js[];
  nullable?: boolean;
};
type Operacion = {
  parameters?: { name: string; in: string; schema: Js }[];
  requestBody?: { content: Record<string, { schema: Js }> };
};

type Ruta = {
  method: string;
  url: string;
  params: string[];
  query: string[];
  body: Js | undefined;
  multipart: boolean;
};

// ---- the app under test -------------------------------------------------------------------------
const registradas: RouteOptions[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinica-fuzz-'));
// A built web of its own, so the catch-all that serves it is always among the routes fuzzed.
const webDist = path.join(dataDir, 'web');
mkdirSync(path.join(webDist, 'assets'), { recursive: true });
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
writeFileSync(path.join(webDist, 'assets', 'a.js'), 'export {};');
const database = await createTestDatabase();
const app = await buildApp({
  config: testConfig({ dataDir, webDist }),
  database,
  onRoute: (r) => void registradas.push(r),
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const openapi = app.swagger() as { paths: Record<string, Record<string, Operacion>> };

/** API routes: every /api<area>, /salud and /media route, plus the web's catch-all (paths as input). */
const esApi = (url: string) => API_PREFIX.test(url) || url.startsWith('/salud') || url.startsWith('/media/');
const rutas: Ruta[] = registradas
  .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => ({ r, method: String(m) })))
  .filter(({ r, method }) => method !== 'HEAD' && method !== 'OPTIONS' && (esApi(r.url) || r.url === '/*'))
  .map(({ r, method }) => {
    const op = openapi.paths[r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')]?.[method.toLowerCase()];
    const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!).concat(r.url.endsWith('*') ? ['*'] : []);
    const query = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    const contenido = op?.requestBody?.content ?? {};
    return {
      method,
      url: r.url,
      params,
      query,
      body: contenido['application/json']?.schema,
      multipart:
        'multipart/form-data' in contenido ||
        (r.schema as { consumes?: string[] })?.consumes?.includes('multipart/form-data') === true,
    };
  });

let unico = 0;

// ---- fixtures: real targets so that hostile values that pass the schema reach services and SQL ----
const semilla = await crearUsuario(database, { rol: 'administrador' });
const adminSemilla = { authorization: `Bearer ${(await sesionPara(database, semilla)).token}` };

type Destinos = { usuario: number; categoria: number; procedimiento: number };
/** Fresh targets per route: a hostile id such as '+1' may legitimately delete an earlier one. */
async function crearDestinos(): Promise<Destinos> {
  const usuario = await crearUsuario(database, { rol: 'paciente' });
  const categoria = (
    await app.inject({
      method: 'POST',
      url: '/apicategoriaprocedimientos/crearcategoria',
      headers: adminSemilla,
      payload: { nombre: `Categoría fuzz ${(unico += 1)}` },
    })
  ).json() as { id: number };
  const procedimiento = (
    await app.inject({
      method: 'POST',
      url: '/apiprocedimientos/crearprocedimiento',
      headers: adminSemilla,
      payload: {
        nombre: `Procedimiento fuzz ${(unico += 1)}`,
        descripcion: 'Descripción de prueba suficientemente larga.',
        precio: 1000,
        duracion_minutos: 30,
        categoria_id: categoria.id,
      },
    })
  ).json() as { id: number };
  return { usuario: usuario.id, categoria: categoria.id, procedimiento: procedimiento.id };
}

/** An id that exists for the route's area (so body cases reach the service). */
function idValido(url: string, d: Destinos): string {
  if (url.startsWith('/apiusuarios')) return String(d.usuario);
  if (url.startsWith('/apicategoria')) return String(d.categoria);
  if (url.startsWith('/apiprocedimientos') || url.startsWith('/apicarrito')) return String(d.procedimiento);
  return '1';
}
const ID_INEXISTENTE = '2147483000';

/** A valid example value for a schema; field names pick realistic values (unique e-mails, fixture ids). */
function ejemplo(s: Js | undefined, d: Destinos, campo = ''): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return ejemplo(s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0], d, campo);
  const tipo = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (/correo|email/i.test(campo)) return `persona${(unico += 1)}x${process.pid}@prueba.test`;
  if (campo === 'numerodocumento') return String(30_000_000 + (unico += 1));
  if (campo === 'contrasena_actual') return CLAVE;
  if (/contrasena/.test(campo)) return `mi gato duerme en la ventana ${(unico += 1)}`;
  if (campo === 'categoria_id') return d.categoria;
  if (campo === 'id_procedimiento') return d.procedimiento;
  switch (tipo) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, ejemplo(v, d, k)]));
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => ejemplo(s.items, d, campo));
    case 'integer':
    case 'number': {
      const min =
        typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : (s.minimum ?? 0) + (s.exclusiveMinimum ? 1 : 0);
      return Math.max(min, typeof s.default === 'number' ? s.default : min);
    }
    case 'boolean':
      return typeof s.default === 'boolean' ? s.default : true;
    case 'string': {
      if (s.format === 'date') return '1990-05-20';
      if (s.pattern?.includes('0-9 ')) return '3001234567';
      // Unique, so that unique names (categories, procedures) do not turn every case into a 409.
      const texto = `Texto ${campo} ${(unico += 1)}`.padEnd(s.minLength ?? 0, '.');
      return texto.slice(0, s.maxLength ?? texto.length);
    }
    default:
      return 'x';
  }
}

// ---- requests and checks ------------------------------------------------------------------------
type Caso = { nombre: string; opts: InjectOptions };
type Fallo = { caso: string; status: number; cuerpo: string };

const CODIGOS = new Set<string>(errorCodes);
/** Traces of internals that must never reach a client. */
const FUGAS = [
  /node_modules/,
  /\bat .+:\d+:\d+/,
  /FST_[A-Z_]+/,
  /ZodError|drizzle|pglite/i,
  /\b(select|insert into|update .+ set)\b/i,
  /root:x:0:0/,
];

function revisar(caso: Caso, res: { statusCode: number; body: string }): Fallo | null {
  const fallo = (motivo: string) => ({
    caso: `${caso.nombre} -> ${motivo}`,
    status: res.statusCode,
    cuerpo: res.body.slice(0, 300),
  });
  if (res.statusCode >= 500) return fallo('5xx');
  if (res.statusCode < 400) return null;
  if (FUGAS.some((re) => re.test(res.body))) return fallo('fuga de detalles internos');
  let cuerpo: unknown;
  try {
    cuerpo = JSON.parse(res.body);
  } catch {
    return fallo('4xx sin JSON');
  }
  const { error, code } = (cuerpo ?? {}) as { error?: unknown; code?: unknown };
  if (typeof error !== 'string' || !error.trim()) return fallo('sin "error"');
  if (typeof code !== 'string' || !CODIGOS.has(code)) return fallo(`código desconocido ${String(code)}`);
  return null;
}

async function ejecutar(casos: Caso[]): Promise<Fallo[]> {
  const fallos: Fallo[] = [];
  let i = 0;
  const trabajador = async () => {
    while (i < casos.length) {
      const caso = casos[i++]!;
      try {
        const f = revisar(caso, await app.inject(caso.opts));
        if (f) fallos.push(f);
      } catch (err) {
        fallos.push({ caso: `${caso.nombre} -> excepción`, status: 0, cuerpo: String(err).slice(0, 300) });
      }
    }
  };
  await Promise.all(Array.from({ length: EN_VUELO }, trabajador));
  return fallos;
}

function urlCon(ruta: Ruta, params: Record<string, string>): string {
  return ruta.url.replace(/:(\w+)/g, (_, p: string) => params[p] ?? '1').replace(/\*$/, params['*'] ?? '');
}

const json = (v: unknown) => JSON.stringify(v);

/** Every hostile request for one route, as one caller. */
function casosDe(ruta: Ruta, headers: Record<string, string>, d: Destinos): Caso[] {
  const casos: Caso[] = [];
  const conId = (valor: string) => Object.fromEntries(ruta.params.map((p) => [p, valor]));
  const baseParams = conId(ruta.body || ruta.multipart ? idValido(ruta.url, d) : ID_INEXISTENTE);
  const url = urlCon(ruta, baseParams);
  const method = ruta.method as InjectOptions['method'];
  const añadir = (nombre: string, opts: Omit<InjectOptions, 'method'>) =>
    casos.push({
      nombre: `${ruta.method} ${ruta.url} [${nombre}]`,
      opts: { method, ...opts, headers: { ...headers, ...(opts.headers ?? {}) } },
    });
  const base = () => (ruta.body ? (ejemplo(ruta.body, d) as Record<string, unknown>) : {});
  const jsonCrudo = (nombre: string, payload: string | Buffer, tipo = 'application/json') =>
    añadir(nombre, { url, payload, headers: { 'content-type': tipo } });

  // Path parameters, one at a time; the rest valid.
  for (const p of ruta.params) {
    for (const v of PARAMS_HOSTILES)
      añadir(`param ${p}=${v.slice(0, 20)}`, { url: urlCon(ruta, { ...baseParams, [p]: v }) });
    añadir(`param ${p} traversal literal`, { url: urlCon(ruta, { ...baseParams, [p]: '../../etc/passwd' }) });
  }
  if (ruta.url === '/*') {
    for (const v of [
      '..%2f..%2fetc%2fpasswd',
      'assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      'assets/%00.js',
      '%E0%A4%A',
      'assets/%E0%A4%A',
      '%2F%2Fevil.example',
      'index.html%00.png',
    ])
      añadir(`web ${v}`, { url: `/${v}` });
  }

  // Query string: each declared key hostile, repeated keys, prototype keys.
  for (const q of ruta.query) {
    for (const v of QUERY_HOSTILES) añadir(`query ${q}=${v.slice(0, 20)}`, { url: `${url}?${q}=${v}` });
    añadir(`query ${q} repetido`, { url: `${url}?${q}=1&${q}=2&${q}=%00` });
    añadir(`query ${q}[]`, { url: `${url}?${q}[]=1&${q}[a]=2` });
  }
  añadir('query __proto__', { url: `${url}?__proto__=1&constructor=x&__proto__[admin]=1&prototype=1` });

  // Authorization header oddities (a bad token on a public route must not become a 5xx either).
  for (const a of [
    'Bearer',
    'Bearer ',
    'Bearer a.b.c',
    `Bearer ${'a'.repeat(8000)}.b.c`,
    'Basic YWRtaW46YWRtaW4=',
    'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MSwicm9sIjoiYWRtaW5pc3RyYWRvciJ9.',
    `${adminSemilla.authorization}x`,
    'Bearer \u00e9.b.c',
  ])
    añadir(`auth ${a.slice(0, 15)}`, { url, headers: { authorization: a } });

  // Whole-body shapes and encodings (sent to every route: bodies on GET/DELETE must not hurt either).
  const cuerpoCompleto =
    ruta.method === 'GET'
      ? []
      : ([
          ['vacío', ''],
          ['{', '{'],
          ['{"a":}', '{"a":}'],
          ['null', 'null'],
          ['[]', '[]'],
          ['"texto"', '"texto"'],
          ['123', '123'],
          ['true', 'true'],
          ['NaN', 'NaN'],
          ['__proto__', '{"__proto__":{"admin":true}}'],
          ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
          ['anidado arrays', `${'['.repeat(60_000)}${']'.repeat(60_000)}`],
          ['anidado objetos', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
          ['300 KB', json({ x: 'A'.repeat(300 * 1024) })],
        ] as const);
  for (const [nombre, texto] of cuerpoCompleto) jsonCrudo(`cuerpo ${nombre}`, texto);
  if (ruta.method !== 'GET') {
    jsonCrudo('utf-8 inválido', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0xc0, 0xaf, 0x7d]));
    jsonCrudo('BOM', `\ufeff${json(base())}`);
    for (const tipo of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=zz',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'application/jsonx',
      'application/octet-stream',
      '*/*',
      ';;;',
    ])
      jsonCrudo(`tipo ${tipo}`, json(base()), tipo);
    añadir('sin content-type', { url, payload: json(base()), headers: { 'content-type': '' } });
  }

  // Body fields: a valid body with one field hostile; plus raw numbers JSON cannot carry as values.
  if (ruta.body) {
    const campos = Object.keys(ruta.body.properties ?? {});
    for (const campo of campos) {
      const extras = [valorAleatorio(), valorAleatorio(), textoAleatorio()];
      for (const v of [...VALORES_HOSTILES, ...extras]) {
        const cuerpo = { ...base(), [campo]: v };
        jsonCrudo(`campo ${campo}=${json(v)?.slice(0, 24)}`, json(cuerpo));
      }
      for (const crudo of [
        '1e309',
        '-1e309',
        '1e-400',
        '123456789012345678901234567890',
        '0.1e1',
        '-0',
        'NaN',
        'Infinity',
        '-Infinity',
        '0x10',
        '01',
      ]) {
        const texto = json({ ...base(), [campo]: '@@' }).replace('"@@"', crudo);
        jsonCrudo(`campo ${campo}=${crudo} crudo`, texto);
      }
      jsonCrudo(`campo ${campo} duplicado`, json(base()).replace(/^\{/, `{${json(campo)}:{"$ne":null},`));
      jsonCrudo(
        `campo ${campo} omitido`,
        json(Object.fromEntries(Object.entries(base()).filter(([k]) => k !== campo))),
      );
      jsonCrudo(
        `campo ${campo} con __proto__`,
        json({ ...base(), [campo]: '@@' }).replace('"@@"', '{"__proto__":{"admin":true}}'),
      );
    }
    jsonCrudo(
      '__proto__ junto a un cuerpo válido',
      json(base()).replace(/^\{/, '{"__proto__":{"rol":"administrador"},'),
    );
    jsonCrudo(
      'asignación masiva',
      json({ ...base(), rol: 'administrador', estado: false, id: 1, usuario_id: 1, contrasena_hash: 'x' }),
    );
    jsonCrudo('array de cuerpos', json([base(), base()]));
    for (let i = 0; i < 5; i++) jsonCrudo(`aleatorio ${i}`, json(valorAleatorio()) ?? 'null');
  }

  // Multipart uploads: broken envelopes and files that only look like images.
  if (ruta.multipart) {
    const parte = (campo: string, datos: string | Buffer, archivo?: string) =>
      Buffer.concat([
        Buffer.from(
          `--lim\r\nContent-Disposition: form-data; name="${campo}"${archivo ? `; filename="${archivo}"\r\nContent-Type: image/png` : ''}\r\n\r\n`,
        ),
        Buffer.from(datos),
        Buffer.from('\r\n'),
      ]);
    const mp = (nombre: string, partes: Buffer[], cierre = '--lim--\r\n') =>
      añadir(`multipart ${nombre}`, {
        url,
        payload: Buffer.concat([...partes, Buffer.from(cierre)]),
        headers: { 'content-type': 'multipart/form-data; boundary=lim' },
      });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = Buffer.from('0000000d49484452000186a0000186a00806000000', 'hex'); // 100000 x 100000, no CRC
    mp('sin partes', []);
    mp('truncado', [parte('imagen', png)], '--lim');
    mp('solo firma PNG', [parte('imagen', png, 'a.png')]);
    mp('PNG gigante declarado', [parte('imagen', Buffer.concat([png, ihdr, Buffer.alloc(64)]), 'a.png')]);
    mp('texto como imagen', [parte('imagen', 'hola', '../../etc/passwd')]);
    mp('alt enorme', [parte('alt', 'x'.repeat(20_000)), parte('imagen', png, 'a.png')]);
    mp('alt NUL', [parte('alt', 'a\u0000b'), parte('imagen', png, 'a.png')]);
    mp(
      'muchas partes',
      Array.from({ length: 40 }, (_, i) => parte(`c${i}`, 'v')),
    );
    mp('campo __proto__', [parte('__proto__', 'x'), parte('constructor', 'y')]);
    mp('nombre de campo raro', [parte('imagen"; filename="x\u0000', png)]);
  }
  return casos;
}

// ---- the tests ----------------------------------------------------------------------------------
describe(`fuzz of every route (seed ${SEMILLA})`, () => {
  it('enumerates the API from the running app', () => {
    const nombres = rutas.map((r) => `${r.method} ${r.url}`);
    // Sanity: the enumeration works and reaches every area (a broken collector must not pass silently).
    expect(rutas.length).toBeGreaterThanOrEqual(30);
    expect(nombres).toContain('GET /*');
    for (const prefijo of [
      '/apiusuarios/',
      '/apicategoriaprocedimientos/',
      '/apiprocedimientos/',
      '/apicarrito/',
      '/salud',
      '/media/',
    ])
      expect(
        nombres.some((n) => n.includes(prefijo)),
        prefijo,
      ).toBe(true);
    // Every API route with a JSON body is documented, so its fields are fuzzed.
    const sinEsquema = registradas.filter(
      (r) => esApi(r.url) && r.schema?.body && !rutas.find((x) => x.url === r.url && x.body),
    );
    expect(sinEsquema.map((r) => r.url)).toEqual([]);
  });

  for (const quien of ['anonimo', 'administrador'] as const) {
    it.each(rutas.map((r) => [`${r.method} ${r.url}`, r] as const))(`${quien}: %s`, async (_nombre, ruta) => {
      let headers: Record<string, string> = {};
      if (quien === 'administrador') {
        // A fresh administrador per route: a route may end its own session (cerrarsesion, contraseña).
        const admin = await crearUsuario(database, { rol: 'administrador' });
        headers = { authorization: `Bearer ${(await sesionPara(database, admin)).token}` };
      }
      const fallos = await ejecutar(casosDe(ruta, headers, await crearDestinos()));
      expect(fallos, JSON.stringify(fallos.slice(0, 20), null, 1)).toEqual([]);
    });
  }

  it('regressions it found: framework and multipart errors are Spanish 4xx, not English or 500', async () => {
    const url = `/apiprocedimientos/${(await crearDestinos()).procedimiento}/imagenes`;
    for (const [payload, tipo] of [
      [
        '--lim\r\nContent-Disposition: form-data; name="imagen"; filename="a.png"\r\n\r\nabc',
        'multipart/form-data; boundary=lim',
      ],
      ['x', 'multipart/form-data'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { ...adminSemilla, 'content-type': tipo },
        payload,
      });
      expect(res.statusCode, tipo).toBe(400);
      expect(res.json()).toEqual({
        error: 'El formulario multipart está mal formado. Envía la imagen de nuevo.',
        code: 'VALIDACION',
      });
    }
    const malaUrl = await app.inject({
      method: 'GET',
      url: '/apiusuarios/buscarusuarios/%C0%AF',
      headers: adminSemilla,
    });
    expect(malaUrl.statusCode).toBe(400);
    expect(malaUrl.json().code).toBe('VALIDACION');
  });

  it('the app still answers after the storm', async () => {
    const res = await app.inject({ method: 'GET', url: '/salud/lista' });
    expect(res.statusCode).toBe(200);
    const perfil = await app.inject({ method: 'GET', url: '/apiusuarios/perfil', headers: adminSemilla });
    expect(perfil.statusCode).toBe(200);
  });
});
