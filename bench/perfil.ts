// Where a route's CPU goes (issue 12.1 and 12.7): a V8 CPU profile (`node --cpu-prof`) of the server under the
// same load, its samples sorted into a few costs (writing to the socket, Node's HTTP, Fastify, the database...),
// so that a table can say what is left when a ratio misses its target. Only samples where the process was busy
// count, and not those of module loading (start-up is no request's cost).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Marco = { functionName: string; url: string };
type Nodo = { id: number; callFrame: Marco; children?: number[] };
type Perfil = { nodes: Nodo[]; samples: number[] };

/** The costs, in the order the tables show them. */
export const COSTOS = [
  'escribir al socket',
  'http de Node',
  'Fastify + enrutador',
  'pino + rate-limit + CORS',
  'base de datos',
  'GC',
  'app + serialización',
  'resto de Node',
] as const;
export type Costo = (typeof COSTOS)[number];
/** Share of the busy samples per cost (0-1, adding up to 1). */
export type Reparto = Record<Costo, number>;

const en = (marcos: Marco[], prueba: (m: Marco) => boolean) => marcos.some(prueba);

/** The cost a sample belongs to, from its stack (innermost frame first); undefined for start-up. */
function costoDe(pila: Marco[]): Costo | undefined {
  const { functionName: fn, url } = pila[0]!;
  if (
    en(pila, (m) => /esm\/|modules\/cjs|source_map/.test(m.url)) &&
    !en(pila, (m) => m.functionName === 'routeHandler')
  )
    return undefined;
  if (fn === '(garbage collector)') return 'GC';
  if (en(pila, (m) => ['_writeGeneric', '_writev', 'writevGeneric'].includes(m.functionName)))
    return 'escribir al socket';
  if (
    fn.startsWith('wasm') ||
    en(pila, (m) => /pglite|drizzle-orm|\/pg\/lib|pg-protocol|pg-pool|pglite-sentencias/.test(m.url))
  )
    return 'base de datos';
  if (/pino|redact|rate-limit|@fastify\/cors/.test(url)) return 'pino + rate-limit + CORS';
  if (/fastify|avvio|find-my-way/.test(url)) return 'Fastify + enrutador';
  if (url.startsWith('node:_http') || fn.startsWith('RegExp') || /^check(InvalidHeaderChar|IsHttpToken)$/.test(fn))
    return 'http de Node';
  if (/server\.js|chunk-|fast-json-stringify/.test(url)) return 'app + serialización';
  return 'resto de Node';
}

/** The busy samples of a .cpuprofile, shared among COSTOS. */
export function repartir(archivo: string): Reparto {
  const p = JSON.parse(readFileSync(archivo, 'utf8')) as Perfil;
  const nodos = new Map(p.nodes.map((n) => [n.id, n]));
  const padre = new Map<number, number>();
  for (const n of p.nodes) for (const h of n.children ?? []) padre.set(h, n.id);
  const pilas = new Map<number, Costo | undefined | null>();
  const cuenta = Object.fromEntries(COSTOS.map((c) => [c, 0])) as Reparto;
  let total = 0;
  for (const id of p.samples) {
    let costo = pilas.get(id);
    if (costo === undefined && !pilas.has(id)) {
      const pila: Marco[] = [];
      for (let n: number | undefined = id; n !== undefined; n = padre.get(n)) pila.push(nodos.get(n)!.callFrame);
      costo = pila[0]!.functionName === '(idle)' ? null : costoDe(pila);
      pilas.set(id, costo);
    }
    if (!costo) continue;
    cuenta[costo]++;
    total++;
  }
  for (const c of COSTOS) cuenta[c] = total ? cuenta[c] / total : 0;
  return cuenta;
}

/** The one profile a process wrote into `dir` (node --cpu-prof --cpu-prof-dir=dir). */
export function perfilEn(dir: string): string {
  const [archivo] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (!archivo) throw new Error(`no hay perfil de CPU en ${dir}`);
  return path.join(dir, archivo);
}

export type FilaPerfil = { que: string; usPorSolicitud: number; reparto: Reparto };

const us = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

/** Markdown: µs of CPU per request and their split, one row per route. */
export function tablaPerfil(filas: FilaPerfil[]): string {
  return [
    `| ruta | µs CPU/sol. | ${COSTOS.join(' | ')} |`,
    `| --- | ---: | ${COSTOS.map(() => '---:').join(' | ')} |`,
    ...filas.map(
      (f) =>
        `| ${f.que} | ${us(f.usPorSolicitud)} | ${COSTOS.map((c) => us(f.reparto[c] * f.usPorSolicitud)).join(' | ')} |`,
    ),
  ].join('\n');
}
