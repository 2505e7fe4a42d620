// Compiled response serialization (issue 12.2, decision 0021). Every response schema of every route the app
// registers (enumerated with onRoute, so a new route is covered without touching this file) is fed sample
// objects built from its own zod schema, with a property the contract does not declare at every object level.
// The compiled serializer must (a) never let that property out and (b) write exactly the bytes today's zod
// serializer (safeEncode + JSON.stringify) writes. The count of compiled and zod-kept schemas is pinned, so a
// contract that silently falls back to the slow path shows here.
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fechaHora } from '@clinica/contracts/common';
import { buildApp } from '../src/app.ts';
import { esSerializadorCompilado, planDe, serializadorCompilado } from '../src/lib/serializacion.ts';
import { createTestDatabase, testConfig } from './helpers.ts';

type Zod = z.core.$ZodType;
/** A key no contract declares; its value is what must never reach the wire. */
const FUGA = '__no_declarado';
const SECRETO = 'contrasena_hash_secreta';

const registradas: RouteOptions[] = [];
const database = await createTestDatabase();
const app = await buildApp({ config: testConfig(), database, onRoute: (r) => void registradas.push(r) });
// The serializer Fastify actually uses for a 200, read inside a real request (proves the compiler is wired).
let usadoPorSalud: unknown;
app.addHook('preSerialization', async (request, reply, payload) => {
  if (request.url === '/salud') usadoPorSalud = reply.getSerializationFunction('200');
  return payload;
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** Every (route, status, schema) the app serializes; HEAD mirrors GET and is left out. */
const respuestas = registradas
  .filter((r) => r.method !== 'HEAD' && r.schema?.response)
  .flatMap((r) =>
    Object.entries(r.schema!.response as Record<string, Zod>).map(([status, schema]) => ({
      ruta: `${String(r.method)} ${r.url} ${status}`,
      schema,
    })),
  );

/** Texts that stress escaping: quotes, backslash, control and line-separator characters, HTML, lone surrogates. */
const TEXTOS = [
  'Línea "uno"\n\t\\ <script>\u2028\u2029\u0000\u007f ñ 𝕏 \ud83d \ude00',
  '08:30',
  '2026-11-23',
  '2026-11',
  'x@y.co',
];

/** A value of the schema's type for variant v, with FUGA added to every object the contract lists. */
function muestra(schema: Zod, v: number): unknown {
  if (schema === (fechaHora as unknown as Zod)) return new Date(Date.UTC(2026, 10, 23, 8, 5, 7, (v * 37) % 1000));
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'string':
      return TEXTOS.find((t) => z.safeParse(schema, t).success) ?? TEXTOS[0];
    case 'number':
      return [v % 2 ? 1.5 : 40 + v, 40 + v, (v % 5) + 1, 0].find((n) => z.safeParse(schema, n).success) ?? 0;
    case 'boolean':
      return v % 2 === 0;
    case 'null':
      return null;
    case 'enum': {
      const valores = Object.values(def.entries as Record<string, unknown>);
      return valores[v % valores.length];
    }
    case 'literal':
      return (def.values as unknown[])[0];
    case 'any':
    case 'unknown':
      // Free-form by contract (binary answers, history snapshots): sent as they are.
      return { libre: [1, 'dos', null, { tres: true }] };
    case 'object': {
      const shape = def.shape as Record<string, Zod>;
      // The undeclared key first and the declared ones in reverse: the output order must still be the contract's.
      const objeto: Record<string, unknown> = { [FUGA]: SECRETO };
      for (const clave of Object.keys(shape).reverse()) {
        const campo = shape[clave]!;
        if (campo._zod.optin === 'optional' && v % 2 === 1) continue;
        objeto[clave] = muestra(campo, v);
      }
      return objeto;
    }
    case 'array':
      return [muestra(def.element as Zod, v), muestra(def.element as Zod, v + 1)];
    case 'optional':
    case 'readonly':
      return muestra(def.innerType as Zod, v);
    case 'nullable':
      return v % 3 === 1 ? null : muestra(def.innerType as Zod, v);
    case 'union': {
      const opciones = def.options as Zod[];
      return muestra(opciones[v % opciones.length]!, v);
    }
    case 'record':
      return { primera: muestra(def.valueType as Zod, v), segunda: muestra(def.valueType as Zod, v + 1) };
    default:
      throw new Error(`la prueba no sabe construir '${def.type}'`);
  }
}

/** Today's serializer: what fastify-type-provider-zod wrote before (safeEncode, then JSON.stringify). */
function comoZod(schema: Zod, data: unknown): string {
  return JSON.stringify(z.encode(schema as z.ZodType, data as never));
}

describe('compiled response serializers', () => {
  it('enumerates the routes (sanity: the walk sees the whole API)', () => {
    expect(respuestas.length).toBeGreaterThan(300);
  });

  it('compiles every response schema of the contracts; which ones stay with zod is pinned', () => {
    const conteo = { compilado: 0, zod: 0 };
    const conZod: string[] = [];
    for (const { ruta, schema } of respuestas) {
      const plan = planDe(schema);
      conteo[plan.modo]++;
      if (plan.modo === 'zod') conZod.push(`${ruta}: ${plan.motivo}`);
    }
    // A new contract using a transform, a refinement or a default in a response lands here: either make it
    // representable or add it to this list knowing it is serialized by zod on every request.
    expect(conZod).toEqual([]);
    expect(conteo.zod).toBe(0);
    expect(conteo.compilado).toBe(respuestas.length);
  });

  it('never sends a property the contract does not declare, at any depth, and writes the bytes zod wrote', () => {
    let comparadas = 0;
    for (const { ruta, schema } of respuestas) {
      const serializar = serializadorCompilado(schema);
      if (!serializar) continue;
      for (let v = 0; v < 6; v++) {
        const data = muestra(schema, v);
        const salida = serializar(data);
        expect(salida, ruta).not.toContain(FUGA);
        expect(salida, ruta).not.toContain(SECRETO);
        expect(salida, `${ruta} variante ${v}`).toBe(comoZod(schema, data));
        comparadas++;
      }
    }
    expect(comparadas).toBeGreaterThan(1800);
  });

  it('is the serializer Fastify uses for a real request', async () => {
    const res = await app.inject({ method: 'GET', url: '/salud' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"estado":"ok"}');
    expect(esSerializadorCompilado(usadoPorSalud)).toBe(true);
  });

  it('leaves the OpenAPI document as it was: response schemas still come from the zod contracts', () => {
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/salud']!.get!.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { estado: { enum: ['ok'] } } } } },
    });
  });

  it('drops what the contract does not declare inside nullable objects, arrays of objects, unions and records', () => {
    const contrato = z.object({
      a: z.object({ b: z.string() }).nullable(),
      lista: z.array(z.object({ id: z.number().int() })),
      cuando: fechaHora.nullable(),
      u: z.union([z.object({ tipo: z.literal('x'), x: z.number() }), z.object({ tipo: z.string() })]),
      mapa: z.record(z.string(), z.object({ n: z.number() })),
    });
    const serializar = serializadorCompilado(contrato)!;
    const data = {
      a: { b: 'b', c: SECRETO },
      lista: [{ id: 1, clave: SECRETO }],
      cuando: new Date('2026-11-23T08:00:00.000Z'),
      u: { tipo: 'y', x: 2, otro: SECRETO },
      mapa: { k: { n: 1, oculto: SECRETO } },
      extra: SECRETO,
    };
    const salida = serializar(data);
    expect(salida).toBe(comoZod(contrato, data));
    expect(salida).not.toContain(SECRETO);
    expect(JSON.parse(salida)).toEqual({
      a: { b: 'b' },
      lista: [{ id: 1 }],
      cuando: '2026-11-23T08:00:00.000Z',
      u: { tipo: 'y' },
      mapa: { k: { n: 1 } },
    });
  });

  it('leaves to zod what JSON Schema cannot say, and that still strips and transforms as before', () => {
    const recortado = z.object({ nombre: z.string().trim() });
    const conDefecto = z.object({ n: z.number().default(3) });
    const refinado = z.object({ n: z.number().refine((n) => n > 0) });
    const estricto = z.strictObject({ n: z.number() });
    const transformado = z.object({ n: z.string().transform((s) => s.length) });
    for (const schema of [recortado, conDefecto, refinado, estricto, transformado]) {
      expect(planDe(schema).modo).toBe('zod');
      expect(serializadorCompilado(schema)).toBeNull();
    }
  });

  it('error answers keep the envelope { error, code, issues? } in that order (errors.ts)', async () => {
    const sinSesion = await app.inject({ method: 'GET', url: '/apicarrito/listarmicarrito' });
    expect(sinSesion.statusCode).toBe(401);
    expect(Object.keys(sinSesion.json() as object)).toEqual(['error', 'code']);
    expect(sinSesion.json()).toMatchObject({ code: 'NO_AUTENTICADO' });

    const invalido = await app.inject({ method: 'POST', url: '/apiusuarios/iniciarsesion', payload: { correo: 1 } });
    expect(invalido.statusCode).toBe(400);
    const cuerpo = invalido.json() as { code: string; issues: { campo: string; mensaje: string }[] };
    expect(Object.keys(cuerpo)).toEqual(['error', 'code', 'issues']);
    expect(cuerpo.code).toBe('VALIDACION');
    expect(cuerpo.issues.length).toBeGreaterThan(0);
    for (const issue of cuerpo.issues) expect(Object.keys(issue)).toEqual(['campo', 'mensaje']);

    const noExiste = await app.inject({ method: 'GET', url: '/apicarrito/no-existe' });
    expect(noExiste.statusCode).toBe(404);
    expect(Object.keys(noExiste.json() as object)).toEqual(['error', 'code']);
  });

  it('a value the contract cannot hold still fails the response (500), as with zod', async () => {
    const contrato = z.object({ id: z.number().int(), cuando: fechaHora });
    const serializar = serializadorCompilado(contrato)!;
    expect(() => serializar({ cuando: new Date() })).toThrow();
    expect(() => serializar({ id: 1, cuando: new Date(Number.NaN) })).toThrow();
  });
});
