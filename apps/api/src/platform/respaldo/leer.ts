// Reads a backup file whole: decrypts, decompresses, hashes every table's data and every file, and checks them
// against the manifest at the end. The restore's first pass (nothing is touched until this succeeds) and the check
// after every backup is written. A visitor sees each record's data as it goes by (the restore's second pass).
import { createHash } from 'node:crypto';
import { abrirCuerpo, ErrorRespaldo, registros, type CabeceraArchivo } from './formato.ts';
import type { CabeceraRegistro, Manifiesto } from './crear.ts';
import type { Tabla } from './tablas.ts';

export type Visitante = {
  /** A table's rows, in batches of JSON lines. */
  tabla?(t: Tabla, lotes: AsyncIterable<string[]>): Promise<void>;
  /** A file's bytes. */
  archivo?(ruta: string, trozos: AsyncIterable<Buffer>): Promise<void>;
};

const noPaso = (detalle: string) => new ErrorRespaldo(`El respaldo no pasó la verificación: ${detalle}.`);

/** Passes chunks through while hashing and measuring them. */
async function* medir(fuente: AsyncIterable<Buffer>, m: { hash: ReturnType<typeof createHash>; bytes: number }) {
  for await (const c of fuente) {
    m.hash.update(c);
    m.bytes += c.length;
    yield c;
  }
}

async function* lineas(fuente: AsyncIterable<Buffer>, cuenta: { filas: number }): AsyncGenerator<string[]> {
  for await (const c of fuente) {
    const ls = c.toString('utf8').split('\n');
    if (ls.pop() !== '') throw noPaso('una tabla tiene una fila cortada');
    cuenta.filas += ls.length;
    yield ls;
  }
}

async function agotar(it: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of it) void _;
}

export async function leerRespaldo(
  ruta: string,
  clave: string,
  visitante: Visitante = {},
): Promise<{ manifiesto: Manifiesto; cabecera: CabeceraArchivo }> {
  const { cab, cuerpo } = await abrirCuerpo(ruta, clave);
  const tablas = new Map<string, { filas: number; sha256: string }>();
  const archivos = new Map<string, { tamano: number; sha256: string }>();
  let manifiesto: Manifiesto | null = null;
  for await (const { cabecera, datos } of registros<CabeceraRegistro>(cuerpo)) {
    if (manifiesto) throw noPaso('hay datos después del manifiesto');
    const m = { hash: createHash('sha256'), bytes: 0 };
    switch (cabecera.tipo) {
      case 'tabla': {
        const cuenta = { filas: 0 };
        const lotes = lineas(medir(datos, m), cuenta);
        const { tipo: _t, ...tabla } = cabecera;
        await (visitante.tabla ? visitante.tabla(tabla, lotes) : agotar(lotes));
        await agotar(lotes);
        tablas.set(tabla.nombre, { filas: cuenta.filas, sha256: m.hash.digest('hex') });
        break;
      }
      case 'archivo': {
        const trozos = medir(datos, m);
        await (visitante.archivo ? visitante.archivo(cabecera.ruta, trozos) : agotar(trozos));
        await agotar(trozos);
        archivos.set(cabecera.ruta, { tamano: m.bytes, sha256: m.hash.digest('hex') });
        break;
      }
      case 'migraciones':
        await agotar(datos);
        break;
      case 'manifiesto': {
        const partes: Buffer[] = [];
        for await (const c of datos) partes.push(c);
        manifiesto = JSON.parse(Buffer.concat(partes).toString('utf8')) as Manifiesto;
        break;
      }
      default:
        throw noPaso('contiene un registro desconocido');
    }
  }
  if (!manifiesto) throw noPaso('le falta el manifiesto (el archivo está incompleto)');
  if (manifiesto.tablas.length !== tablas.size) throw noPaso('el número de tablas no coincide con el manifiesto');
  for (const t of manifiesto.tablas) {
    const visto = tablas.get(t.nombre);
    if (!visto || visto.filas !== t.filas || visto.sha256 !== t.sha256)
      throw noPaso(`la tabla ${t.nombre} no coincide`);
  }
  if (manifiesto.archivos.length !== archivos.size) throw noPaso('el número de archivos no coincide con el manifiesto');
  for (const a of manifiesto.archivos) {
    const visto = archivos.get(a.ruta);
    if (!visto || visto.tamano !== a.tamano || visto.sha256 !== a.sha256)
      throw noPaso(`el archivo ${a.ruta} no coincide`);
  }
  return { manifiesto, cabecera: cab };
}
