// Named prepared statements for PGlite reads.
//
// PGlite's query() parses, plans and describes every statement anew, in six calls into the WebAssembly
// module; for a short indexed read that is most of its cost. PostgreSQL clients avoid it with named
// statements kept per connection, and this does the same for the one embedded connection: the first
// execution of a SELECT text parses and describes it once, every later one is a single call (bind,
// describe, execute, sync), and PostgreSQL reuses the statement's plan when it is as good as a fresh one.
//
// Only plain SELECTs outside transactions take this path (Drizzle's transactions use PGlite's own
// transaction object, which this does not touch); writes, DDL, queries with explicit parameter types and
// everything else go to PGlite unchanged.
// It takes the same two locks as PGlite's query(), converts parameters and rows with the same serializers
// and parsers, and decorates errors the same way, so callers cannot tell the difference except in time.
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type Sentencia = { nombre: string; tiposParametros: number[] };

/** Distinct statement texts kept; the least recently used is closed beyond this. */
export const MAX_SENTENCIAS = 256;

const LECTURA = /^\s*select\s/i;
/** "cached plan must not change result type" (feature_not_supported): a table changed under a prepared
 *  statement (DDL at run time). The statement is prepared again, once. */
const PLAN_OBSOLETO = '0A000';

const serializar = protocol.serialize;
const CIERRE_EJECUCION = unir(serializar.describe({ type: 'P' }), serializar.execute({}), serializar.sync());

function unir(...partes: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of partes) total += p.length;
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of partes) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** PGlite's query() puts these on a failed query's error; the error log removes the params again. */
function decorar(err: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (err && typeof err === 'object' && err instanceof Error && 'severity' in err) {
    Object.assign(err, { query, params, queryOptions: options });
  }
  return err;
}

/**
 * The PGlite client as Drizzle should see it: query() of SELECTs through named statements, every other
 * member the client's own.
 */
export function conSentenciasPreparadas(client: PGlite, opts: { max?: number } = {}): PGlite {
  const max = opts.max ?? MAX_SENTENCIAS;
  const sentencias = new Map<string, Sentencia>();
  let siguiente = 0;
  // parseResults() merges per-query parsers into the client's (well over a hundred entries, one per array
  // type) on every call; Drizzle passes the same parsers object for every run of a query, so merge once.
  const combinados = new WeakMap<object, PGlite['parsers']>();
  const parsersPara = (propios: QueryOptions['parsers']): PGlite['parsers'] => {
    if (!propios) return client.parsers;
    let todos = combinados.get(propios);
    if (!todos) {
      todos = { ...client.parsers, ...propios };
      combinados.set(propios, todos);
    }
    return todos;
  };

  /** Runs with PGlite's locks held. */
  async function preparar(texto: string): Promise<Sentencia> {
    const nombre = `clinica_${++siguiente}`;
    const mensajes = await client.execProtocolStream(
      unir(
        serializar.parse({ name: nombre, text: texto, types: [] }),
        serializar.describe({ type: 'S', name: nombre }),
        serializar.sync(),
      ),
      { syncToFs: false },
    );
    const descripcion = mensajes.find((m) => m.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined;
    const sentencia = { nombre, tiposParametros: descripcion?.dataTypeIDs ?? [] };
    sentencias.set(texto, sentencia);
    if (sentencias.size > max) {
      const [textoViejo, vieja] = sentencias.entries().next().value as [string, Sentencia];
      sentencias.delete(textoViejo);
      await client.execProtocolStream(unir(serializar.close({ type: 'S', name: vieja.nombre }), serializar.sync()), {
        syncToFs: false,
      });
    }
    return sentencia;
  }

  async function olvidar(texto: string, sentencia: Sentencia) {
    sentencias.delete(texto);
    await client
      .execProtocolStream(unir(serializar.close({ type: 'S', name: sentencia.nombre }), serializar.sync()), {
        syncToFs: false,
      })
      .catch(() => {});
  }

  async function ejecutar<T>(texto: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let sentencia = sentencias.get(texto);
    if (sentencia) {
      // Most recently used last, so the first entry is the one to close when the map is full.
      sentencias.delete(texto);
      sentencias.set(texto, sentencia);
    } else {
      sentencia = await preparar(texto);
    }
    const { tiposParametros } = sentencia;
    const valores = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const tipo = tiposParametros[i]!;
      const s = options?.serializers?.[tipo] ?? client.serializers[tipo];
      return s ? s(v) : String(v);
    });
    const mensajes = await client.execProtocolStream(
      unir(serializar.bind({ statement: sentencia.nombre, values: valores }), CIERRE_EJECUCION),
      { syncToFs: false },
    );
    await client.syncToFs();
    const opciones = options?.parsers ? { ...options, parsers: undefined } : options;
    return parse.parseResults(mensajes, parsersPara(options?.parsers), opciones)[0] as Results<T>;
  }

  async function query<T>(texto: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!LECTURA.test(texto) || options?.blob || options?.paramTypes?.length) {
      return client.query<T>(texto, params, options);
    }
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await ejecutar<T>(texto, params, options);
        } catch (err) {
          const sentencia = sentencias.get(texto);
          if ((err as { code?: string }).code === PLAN_OBSOLETO && sentencia) {
            await olvidar(texto, sentencia);
            try {
              return await ejecutar<T>(texto, params, options);
            } catch (otro) {
              throw decorar(otro, texto, params, options);
            }
          }
          // A statement that failed to prepare is not kept; one that failed to run stays valid.
          throw decorar(err, texto, params, options);
        }
      }),
    );
  }

  return new Proxy(client, {
    get(objetivo, prop) {
      if (prop === 'query') return query;
      const valor = Reflect.get(objetivo, prop, objetivo) as unknown;
      return typeof valor === 'function' ? (valor as (...a: unknown[]) => unknown).bind(objetivo) : valor;
    },
  });
}
