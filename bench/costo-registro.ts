// npm run bench:registro -w @clinica/bench (after npm run build): what one access-log line costs (issue 26, item 1).
// The built server on PGlite in production, logging into a pipe another process reads (as a clinic's collector
// does), at each of VARIANTES (default `error,info`; `nivel@/path/to/server.js` measures another build), alternated
// for RONDAS rounds (3); prints the server's CPU per request of RUTA (/salud) from /proc, minimum and median.
import autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { entornoProduccion, prepararDatos } from './arranque.ts';
import { readFileSync } from 'node:fs';
import { cpuMs, iniciarApi, stop } from './procesos.ts';

const sys = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[12]) * 10;

const RUTA = process.env.RUTA ?? '/salud';
const variantes = (process.env.VARIANTES ?? 'error,info').split(',').map((v) => {
  const [nivel, servidor] = v.split('@');
  return { nombre: v, nivel: nivel!, servidor };
});
const dataDir = await prepararDatos({ DATABASE_URL: '' });
const entorno = entornoProduccion({ DATA_DIR: dataDir, DATABASE_URL: '' });
const medidas = new Map<string, number[]>();
try {
  for (let ronda = 0; ronda < Number(process.env.RONDAS ?? 3); ronda++) {
    for (const v of variantes) {
      const api = await iniciarApi(
        { ...entorno, LOG_LEVEL: v.nivel },
        { registros: true, ...(v.servidor ? { servidor: v.servidor } : {}) },
      );
      try {
        await autocannon({ url: `${api.base}${RUTA}`, connections: 50, duration: 2 });
        const c0 = cpuMs(api.child.pid)!;
        const s0 = sys(api.child.pid!);
        const r = await autocannon({ url: `${api.base}${RUTA}`, connections: 50, duration: 5 });
        const c1 = cpuMs(api.child.pid)!;
        const s1 = sys(api.child.pid!);
        const us = ((c1 - c0) * 1000) / r.requests.total;
        medidas.set(v.nombre, [...(medidas.get(v.nombre) ?? []), us]);
        console.log(
          `${v.nombre}: ${r.requests.average.toFixed(0)} req/s, ${us.toFixed(1)} µs CPU/sol. (sistema ${(((s1 - s0) * 1000) / r.requests.total).toFixed(1)})`,
        );
      } finally {
        await stop(api.child);
      }
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
for (const [n, l] of medidas) {
  const o = [...l].sort((a, b) => a - b);
  console.log(`${n}: mínimo ${o[0]!.toFixed(1)}, mediana ${o[Math.floor(o.length / 2)]!.toFixed(1)} µs CPU/sol.`);
}
