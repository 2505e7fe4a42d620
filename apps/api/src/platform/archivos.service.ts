// Private files (signatures, exam results, generated PDFs, clinical photos). Stored by content type checked
// on the bytes, with their SHA-256 and size; read only by whom DOMAIN.md allows (the patient they belong to
// and doctors: "read clinical content of a record"), every read and every refusal audited. Someone who may
// not read a file gets the same 404 as for a file that does not exist: existence itself is private.
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Rol } from '@clinica/contracts/usuarios';
import { AppError, noEncontrado } from '../lib/app-error.ts';
import type { Storage } from '../lib/storage.ts';
import { BYTES_FIRMA, TIPOS_CONTENIDO, tipoPorFirma, type TipoArchivo } from '../lib/tipo-archivo.ts';
import type { Actor, Origen } from '../lib/solicitud.ts';
import type { AuditoriaRepository } from './auditoria.repository.ts';
import type { ArchivoFila, ArchivosRepository, CategoriaArchivo, NuevoArchivo } from './archivos.repository.ts';

export type ReposArchivos = { archivos: ArchivosRepository; auditoria: AuditoriaRepository };

export const MENSAJE_ARCHIVO_NO_ENCONTRADO = 'No encontramos ese archivo.';
export const noEsArchivoPermitido = () =>
  new AppError('ARCHIVO_INVALIDO', 415, 'El archivo debe ser un PDF o una imagen JPEG, PNG o WebP.');

/** Who may read a private file besides the patient it belongs to (DOMAIN.md). */
const ROLES_LECTORES: readonly Rol[] = ['doctor'];
export const puedeLeer = (lector: Actor, archivo: Pick<ArchivoFila, 'propietario_id'>) =>
  lector.id === archivo.propietario_id || ROLES_LECTORES.includes(lector.rol);

/** A file name safe for a Content-Disposition header and a person's downloads folder. */
export function nombreSeguro(nombre: string): string {
  const limpio = nombre
    .normalize('NFC')
    // Control characters are exactly what must not reach a header or a file name.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_')
    // Bidirectional controls would show "examen<RLO>gpj.exe" as "examenexe.jpg": never kept.
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(-120);
  return limpio || 'archivo';
}

const EXTENSIONES: Record<TipoArchivo, readonly string[]> = {
  pdf: ['.pdf'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  webp: ['.webp'],
};

/**
 * The name ends with the extension of what its bytes are: a PDF named "informe.hta" or "informe.html" (a file
 * can start with '%PDF-' and still be a page mshta or a browser would run) is downloaded as "informe.hta.pdf".
 */
export function conExtension(nombre: string, tipo: TipoArchivo): string {
  const minus = nombre.toLowerCase();
  return EXTENSIONES[tipo].some((e) => minus.endsWith(e)) ? nombre : `${nombre}${EXTENSIONES[tipo][0]}`;
}

/** Checks the first bytes, hashes and counts everything that passes through. */
function inspector(permitidos: readonly TipoArchivo[]) {
  const hash = createHash('sha256');
  let inicio: Buffer | null = Buffer.alloc(0);
  let tipo: TipoArchivo | null = null;
  let tamano = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (inicio) {
        inicio = Buffer.concat([inicio, chunk]);
        if (inicio.length < BYTES_FIRMA) return cb();
        tipo = tipoPorFirma(inicio);
        if (!tipo || !permitidos.includes(tipo)) return cb(noEsArchivoPermitido());
        chunk = inicio;
        inicio = null;
      }
      hash.update(chunk);
      tamano += chunk.length;
      cb(null, chunk);
    },
    flush(cb) {
      // Shorter than a signature: check what there is.
      if (inicio) {
        tipo = tipoPorFirma(inicio);
        if (!tipo || !permitidos.includes(tipo)) return cb(noEsArchivoPermitido());
        hash.update(inicio);
        tamano += inicio.length;
        this.push(inicio);
      }
      cb();
    },
  });
  return { stream, resultado: () => ({ tipo: tipo!, tamano, sha256: hash.digest('hex') }) };
}

/** What a caller stores: the bytes, whose they are and what they may be. */
export type DatosArchivo = {
  datos: Readable;
  categoria: CategoriaArchivo;
  propietarioId: number;
  nombre: string;
  creadoPor: number | null;
  permitidos?: readonly TipoArchivo[];
  origen?: Origen;
};

/** Bytes already in private storage, checked and hashed; their row is written by `registrar`, in the change's transaction. */
export type ArchivoEscrito = { fila: NuevoArchivo; origen: Origen };

export function createArchivosPrivados(deps: { repos: ReposArchivos; storage: Storage }) {
  const { repos, storage } = deps;

  /** Streams the bytes to private storage through the checks; a refused or failed file leaves nothing. */
  async function escribir(d: DatosArchivo): Promise<ArchivoEscrito> {
    const clave = `${d.categoria}/${randomBytes(16).toString('hex')}`;
    const revisar = inspector(d.permitidos ?? ['pdf', 'jpeg', 'png', 'webp']);
    // Bytes may flow (and a bad signature fail) before storage attaches its own listeners; the error stays
    // on the stream and reaches storage.put's pipeline then.
    revisar.stream.on('error', () => {});
    void pipeline(d.datos, revisar.stream).catch(() => {});
    try {
      await storage.put(clave, revisar.stream);
    } catch (err) {
      await storage.delete(clave).catch(() => {});
      throw err;
    }
    const { tipo, tamano, sha256 } = revisar.resultado();
    return {
      fila: {
        clave,
        categoria: d.categoria,
        propietario_id: d.propietarioId,
        nombre: conExtension(nombreSeguro(d.nombre), tipo),
        tipo_contenido: TIPOS_CONTENIDO[tipo],
        tamano,
        sha256,
        creado_por: d.creadoPor,
      },
      origen: d.origen ?? {},
    };
  }

  /**
   * Removes the bytes of keys that have no row (the change that wrote them failed). If the database cannot say,
   * nothing is removed here: the sweeper (archivos.barrido.ts) takes them later.
   */
  async function descartar(claves: readonly string[]): Promise<void> {
    if (!claves.length) return;
    const conFila = await repos.archivos.conFila(claves).catch(() => null);
    if (!conFila) return;
    await Promise.all(claves.filter((c) => !conFila.has(c)).map((c) => storage.delete(c).catch(() => {})));
  }

  return {
    /**
     * Runs one domain change that stores private files (STYLE 19, decision 0053): `fn` writes the bytes with
     * `escribir`, then runs its transaction, in which `registrar` writes their rows. If `fn` fails (a 409 after
     * the PDFs were built, a refused file, the database), the bytes it wrote go with it; after a crash, the
     * sweeper removes them. Nothing may follow the transaction inside `fn`.
     */
    async conArchivos<T>(fn: (escribir: (d: DatosArchivo) => Promise<ArchivoEscrito>) => Promise<T>): Promise<T> {
      const escritas: string[] = [];
      try {
        return await fn(async (d) => {
          const e = await escribir(d);
          escritas.push(e.fila.clave);
          return e;
        });
      } catch (err) {
        await descartar(escritas);
        throw err;
      }
    },

    /** The file's row and its audit, inside the transaction of the change that needs the file. */
    async registrar(tx: ReposArchivos, e: ArchivoEscrito): Promise<ArchivoFila> {
      const fila = await tx.archivos.crear(e.fila);
      await tx.auditoria.registrar({
        usuarioId: e.fila.creado_por ?? null,
        accion: 'archivo.guardar',
        recurso: 'archivo',
        recursoId: fila.id,
        resultado: 'exito',
        ip: e.origen.ip,
        agente: e.origen.agente,
        detalle: `categoria=${e.fila.categoria}`,
      });
      return fila;
    },

    /**
     * The SHA-256 of the bytes stored now for a file (null if the row or the bytes are gone). The caller has
     * already decided who may ask: signed documents are verified against the hash their own row recorded.
     */
    async huella(id: number): Promise<string | null> {
      const fila = await repos.archivos.buscar(id);
      const guardado = fila ? await storage.get(fila.clave) : null;
      if (!guardado) return null;
      const hash = createHash('sha256');
      for await (const chunk of guardado.stream) hash.update(chunk as Buffer);
      return hash.digest('hex');
    },

    /** The file for someone allowed to read it (audited), else 404 (the refusal audited too). */
    async abrir(lector: Actor, id: number, origen: Origen = {}) {
      const fila = await repos.archivos.buscar(id);
      const evento = {
        usuarioId: lector.id,
        accion: 'archivo.leer',
        recurso: 'archivo',
        recursoId: id,
        ip: origen.ip,
        agente: origen.agente,
      };
      if (!fila || !puedeLeer(lector, fila)) {
        await repos.auditoria.registrar({
          ...evento,
          resultado: 'denegado',
          detalle: fila ? 'sin permiso' : 'no existe',
        });
        throw noEncontrado(MENSAJE_ARCHIVO_NO_ENCONTRADO);
      }
      const guardado = await storage.get(fila.clave);
      if (!guardado) throw noEncontrado(MENSAJE_ARCHIVO_NO_ENCONTRADO);
      await repos.auditoria.registrar({ ...evento, resultado: 'exito', detalle: `categoria=${fila.categoria}` });
      return { ...guardado, nombre: fila.nombre, tipoContenido: fila.tipo_contenido, sha256: fila.sha256 };
    },
  };
}
export type ArchivosPrivados = ReturnType<typeof createArchivosPrivados>;
