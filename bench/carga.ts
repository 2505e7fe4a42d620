// Load helpers for the benchmarks that need a different request each time (bookings, searches): a closed loop
// of `concurrencia` workers over keep-alive HTTP, each sending the next request as soon as its previous one
// answered, for a fixed time or number of requests. Latencies in ms; percentiles by rank.
import http from 'node:http';
import os from 'node:os';

export type Solicitud = { method?: string; path: string; body?: unknown; headers?: Record<string, string> };
export type Medicion = {
  solicitudes: number;
  segundos: number;
  porSegundo: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers by HTTP status ('error' for a failed connection). */
  estados: Record<string, number>;
  /** The first unexpected answers' bodies (to say why something failed). */
  muestrasError: string[];
};

/** The p-th percentile (0-100) by nearest rank of an unsorted list. */
export function percentil(valores: number[], p: number): number {
  if (!valores.length) return Number.NaN;
  const orden = [...valores].sort((a, b) => a - b);
  return orden[Math.min(orden.length - 1, Math.max(0, Math.ceil((p / 100) * orden.length) - 1))]!;
}

type Respuesta = { status: number; cuerpo: string; reintentarEn: number | null };

function enviar(agente: http.Agent, base: URL, s: Solicitud): Promise<Respuesta> {
  const cuerpo = s.body === undefined ? undefined : JSON.stringify(s.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: s.path,
        method: s.method ?? 'GET',
        agent: agente,
        headers: {
          ...(cuerpo ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(cuerpo) } : {}),
          ...s.headers,
        },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (d: Buffer) => partes.push(d));
        res.on('end', () => {
          const retry = Number(res.headers['retry-after']);
          resolve({
            status: res.statusCode ?? 0,
            cuerpo: Buffer.concat(partes).toString(),
            reintentarEn: Number.isFinite(retry) && retry > 0 ? retry : null,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(cuerpo);
  });
}

/**
 * Runs `siguiente(i)` requests with `concurrencia` in flight until `segundos` pass or `siguiente` answers null.
 * `esperado`: the status a correct answer has (others are counted and sampled).
 */
export async function cargaCerrada(o: {
  base: string;
  concurrencia: number;
  segundos: number;
  siguiente: (i: number) => Solicitud | null;
  esperado?: number;
  /** Called with each answer (e.g. to keep what the server returned). */
  alResponder?: (i: number, status: number, cuerpo: string) => void;
  /** Requests per second at most: request n is not sent before n / ritmo s (a steady, realistic rate). */
  ritmo?: number;
  /** A worker told to come back later (Retry-After) waits that long before its next request, as people do. */
  respetarRetryAfter?: boolean;
}): Promise<Medicion> {
  const base = new URL(o.base);
  const agente = new http.Agent({ keepAlive: true, maxSockets: o.concurrencia });
  const latencias: number[] = [];
  const estados: Record<string, number> = {};
  const muestrasError: string[] = [];
  const esperado = o.esperado ?? 200;
  let i = 0;
  const inicio = performance.now();
  const fin = inicio + o.segundos * 1000;
  const trabajador = async () => {
    while (performance.now() < fin) {
      const n = i++;
      if (o.ritmo) {
        const espera = inicio + (n * 1000) / o.ritmo - performance.now();
        if (espera > 0) await new Promise((r) => setTimeout(r, espera));
        if (performance.now() >= fin) return;
      }
      const s = o.siguiente(n);
      if (!s) return;
      const t = performance.now();
      try {
        const r = await enviar(agente, base, s);
        latencias.push(performance.now() - t);
        estados[r.status] = (estados[r.status] ?? 0) + 1;
        if (r.status !== esperado && muestrasError.length < 3)
          muestrasError.push(`${r.status} ${r.cuerpo.slice(0, 300)}`);
        o.alResponder?.(n, r.status, r.cuerpo);
        if (o.respetarRetryAfter && r.reintentarEn) {
          const espera = Math.min(r.reintentarEn * 1000, fin - performance.now());
          if (espera > 0) await new Promise((res) => setTimeout(res, espera));
        }
      } catch (err) {
        estados.error = (estados.error ?? 0) + 1;
        if (muestrasError.length < 3) muestrasError.push(String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrencia }, trabajador));
  const segundos = (performance.now() - inicio) / 1000;
  agente.destroy();
  return {
    solicitudes: latencias.length,
    segundos,
    porSegundo: (estados[esperado] ?? 0) / segundos,
    p50: percentil(latencias, 50),
    p95: percentil(latencias, 95),
    p99: percentil(latencias, 99),
    max: latencias.length ? Math.max(...latencias) : Number.NaN,
    estados,
    muestrasError,
  };
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');
export const estadosTexto = (e: Record<string, number>) =>
  Object.entries(e)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** The machine as the run found it: the load average says how much others were using it. */
export function maquina() {
  const [l1, l5, l15] = os.loadavg();
  const nucleos = os.cpus().length;
  return {
    fecha: new Date().toISOString(),
    nucleos,
    carga: `${l1!.toFixed(2)} / ${l5!.toFixed(2)} / ${l15!.toFixed(2)}`,
    /** More runnable work than cores: the numbers are pessimistic. */
    cargada: l1! > nucleos * 0.5,
    node: process.version,
  };
}

/** One row of a results table: the target beside the measurement. */
export type Fila = { que: string; meta: string; medido: string; cumple: boolean | null };

export function tablaMetas(filas: Fila[]): string {
  return [
    '| qué | meta | medido | ¿cumple? |',
    '| --- | --- | --- | --- |',
    ...filas.map(
      (f) => `| ${f.que} | ${f.meta} | ${f.medido} | ${f.cumple === null ? '-' : f.cumple ? 'cumple' : 'no cumple'} |`,
    ),
  ].join('\n');
}
