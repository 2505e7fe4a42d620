// Response serialization compiled from the contracts (issue 12, item 2; decision 0021). Each route's response
// schema (zod 4) becomes a JSON Schema once, at registration, and fast-json-stringify turns that into a
// function that writes exactly the declared properties: the contract stays the allow-list of what leaves the
// server, without parsing every outgoing object with zod. A schema whose output zod would change or reject in a
// way JSON Schema cannot express (transforms, refinements, defaults, codecs other than fechaHora...) keeps
// today's zod serializer, for that schema only; the choice is made at start-up, never per request.
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as serializadorZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fechaHora } from '@clinica/contracts/common';

type Zod = z.core.$ZodType;
type Js = Record<string, unknown>;

/** How one response schema is serialized, and why when it is not compiled. */
export type Plan = { modo: 'compilado'; esquema: Js } | { modo: 'zod'; motivo: string };

/** Validation-only checks: zod rejects values that break them but never changes the output. */
const CHEQUEOS_SOLO_VALIDAN = new Set([
  'number_format',
  'greater_than',
  'less_than',
  'multiple_of',
  'string_format',
  'min_length',
  'max_length',
  'length_equals',
]);

/**
 * Why zod's encode of this schema could produce something the JSON Schema would not, or undefined when the two
 * agree. Only the kinds the contracts use are accepted; anything else (transform, default, catch, lazy, custom,
 * intersection, refine, trim/toLowerCase, strict or loose objects...) is left to zod.
 */
export function motivoParaZod(schema: Zod, ruta = '#'): string | undefined {
  // The one codec of the contracts: a Date held on the server, its toISOString() on the wire. fast-json-stringify
  // writes a Date under format date-time with the same ISO-8601 text (UTC, milliseconds, 'Z').
  if (schema === (fechaHora as unknown as Zod)) return undefined;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  for (const chequeo of def.checks ?? []) {
    const tipo = chequeo._zod.def.check;
    if (!CHEQUEOS_SOLO_VALIDAN.has(tipo)) return `${ruta}: chequeo '${tipo}'`;
  }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return def.coerce ? `${ruta}: coerce` : undefined;
    case 'null':
    case 'enum':
    case 'literal':
    case 'any':
    case 'unknown':
      return undefined;
    case 'object': {
      // strictObject would reject an extra property and looseObject would send it: only the default (strip)
      // matches fast-json-stringify, which writes the declared properties and drops the rest.
      if (def.catchall) return `${ruta}: objeto con catchall`;
      for (const [clave, valor] of Object.entries(def.shape as Record<string, Zod>)) {
        const motivo = motivoParaZod(valor, `${ruta}/${clave}`);
        if (motivo) return motivo;
      }
      return undefined;
    }
    case 'array':
      return motivoParaZod(def.element as Zod, `${ruta}/[]`);
    case 'optional':
    case 'nullable':
    case 'readonly':
      return motivoParaZod(def.innerType as Zod, ruta);
    case 'union': {
      // fast-json-stringify picks the first option the value validates against (ajv), as zod takes the first
      // option that parses; with strip objects, extra properties make neither reject an option.
      const opciones = def.options as Zod[];
      for (let i = 0; i < opciones.length; i++) {
        const motivo = motivoParaZod(opciones[i]!, `${ruta}|${i}`);
        if (motivo) return motivo;
      }
      return undefined;
    }
    case 'record': {
      // A free-form map: every key is sent, as zod does. Enum or literal keys make zod check exhaustiveness.
      const clave = (def.keyType as Zod)._zod.def;
      if (clave.type !== 'string' || (clave.checks ?? []).length) return `${ruta}: record con claves acotadas`;
      return motivoParaZod(def.valueType as Zod, `${ruta}/{}`);
    }
    default:
      return `${ruta}: tipo '${def.type}'`;
  }
}

/**
 * `anyOf: [X, {type: 'null'}]` (how zod writes a nullable object, array or date) as X with fast-json-stringify's
 * `nullable`: a null check instead of validating the value against each option with ajv on every response.
 */
function simplificar(js: unknown): unknown {
  if (Array.isArray(js)) return js.map(simplificar);
  if (!js || typeof js !== 'object') return js;
  const copia: Js = {};
  for (const [clave, valor] of Object.entries(js)) {
    if (clave === 'properties') {
      copia[clave] = Object.fromEntries(Object.entries(valor as Js).map(([k, v]) => [k, simplificar(v)]));
    } else if (clave === '$schema' || clave === 'pattern') {
      // pattern: the wire text is never checked against it here (zod did not check encode output either, for
      // fechaHora); dropping it keeps ajv from compiling the long ISO-8601 expression for union options.
      continue;
    } else copia[clave] = simplificar(valor);
  }
  const opciones = copia.anyOf as Js[] | undefined;
  if (opciones?.length === 2 && Object.keys(copia).length === 1) {
    const nulo = opciones.findIndex((o) => o.type === 'null' && Object.keys(o).length === 1);
    const otra = opciones[1 - nulo];
    if (nulo !== -1 && otra && !('anyOf' in otra) && !('$ref' in otra) && !('allOf' in otra)) {
      return { ...otra, nullable: true };
    }
  }
  return copia;
}

/** Plans by schema object: errorSchema alone answers hundreds of route statuses. */
const planes = new WeakMap<Zod, Plan>();

/** The plan for one response schema: its JSON Schema for fast-json-stringify, or why zod keeps it. */
export function planDe(schema: unknown): Plan {
  if (!(schema instanceof z.core.$ZodType)) return { modo: 'zod', motivo: 'no es un esquema zod' };
  let plan = planes.get(schema);
  if (!plan) {
    plan = planNuevo(schema);
    planes.set(schema, plan);
  }
  return plan;
}

function planNuevo(schema: Zod): Plan {
  const motivo = motivoParaZod(schema);
  if (motivo) return { modo: 'zod', motivo };
  try {
    // io 'input': the wire side of the contract (the web reads z.input of a response; fechaHora is a string).
    const esquema = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'input',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    });
    return { modo: 'compilado', esquema: simplificar(esquema) as Js };
  } catch (err) {
    return { modo: 'zod', motivo: `sin JSON Schema: ${(err as Error).message}` };
  }
}

type Serializar = (data: unknown) => string;

/** One fast-json-stringify function per schema object, built the first time it is needed. */
const compilados = new WeakMap<Zod, Serializar>();

/** The compiled serializer of a schema, or null when it stays with zod. */
export function serializadorCompilado(schema: unknown): Serializar | null {
  const plan = planDe(schema);
  if (plan.modo === 'zod') return null;
  let serializar = compilados.get(schema as Zod);
  if (!serializar) {
    serializar = fastJson(plan.esquema) as Serializar;
    compilados.set(schema as Zod, serializar);
  }
  return serializar;
}

/** The functions Fastify got from this compiler for compiled schemas (a test checks the wiring with it). */
const entregados = new WeakSet<Serializar>();
export const esSerializadorCompilado = (f: unknown): boolean => entregados.has(f as Serializar);

/**
 * Fastify's serializer compiler. The plan (and its JSON Schema) is decided at registration; fast-json-stringify
 * builds the function on the route's first answer of that status: 59 distinct schemas cost 100-200 ms of code
 * generation, which would otherwise all be paid before the server listens (issue 12.5: ready in <= 3 s). The
 * test suite builds every one of them, so a schema fast-json-stringify rejects fails there, not in production.
 */
export const serializadorDeRespuestas: FastifySerializerCompiler<unknown> = (ruta) => {
  const { schema } = ruta;
  if (planDe(schema).modo === 'zod') return serializadorZod(ruta as Parameters<typeof serializadorZod>[0]);
  let serializar: Serializar | undefined;
  const perezoso: Serializar = (data) => (serializar ??= serializadorCompilado(schema)!)(data);
  entregados.add(perezoso);
  return perezoso;
};
