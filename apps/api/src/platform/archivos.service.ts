// Private files (signatures, exam results, generated PDFs, clinical photos). Stored by content type checked
// on the bytes, with their SHA-256 and size; read only by whom DOMAIN.md allows (the patient they belong to
// and doctors: "read clinical content of a record"), every read and every refusal audited. Someone who may
// not read a file gets the same 404 as for a file that does not exist: existence itself is private.
import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Rol } from '@clinica/contracts/usuarios';
import type { Transaccion } from '../db/transacciones.ts';
import { AppError, noEncontrado } from '../lib/app-error.ts';
import type { Storage } from '../lib/storage.ts';
import { BYTES_FIRMA, TIPOS_CONTENIDO, tipoPorFirma, type TipoArchivo } from '../lib/tipo-archivo.ts';
import type { Actor, Origen } from '../lib/solicitud.ts';
import type { AuditoriaRepository } from './auditoria.repository.ts';
import type { ArchivoFila, ArchivosRepository, CategoriaArchivo } from './archivos.repository.ts';

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

export function createArchivosPrivados(deps: {
  repos: ReposArchivos;
  transaccion: Transaccion<ReposArchivos>;
  storage: Storage;
}) {
  const { repos, transaccion, storage } = deps;
  return {
    /** Streams the bytes to private storage, then records them; a refused or failed file leaves nothing. */
    async guardar(d: {
      datos: Readable;
      categoria: CategoriaArchivo;
      propietarioId: number;
      nombre: string;
      creadoPor: number | null;
      permitidos?: readonly TipoArchivo[];
      origen?: Origen;
    }): Promise<ArchivoFila> {
      const clave = `${d.categoria}/${randomBytes(16).toString('hex')}`;
      const revisar = inspector(d.permitidos ?? ['pdf', 'jpeg', 'png', 'webp']);
      // Bytes may flow (and a bad signature fail) before storage attaches its own listeners; the error stays
      // on the stream and reaches storage.put's pipeline then.
      revisar.stream.on('error', () => {});
      void pipeline(d.datos, revisar.stream).catch(() => {});
      try {
        await storage.put(clave, revisar.stream);
        const { tipo, tamano, sha256 } = revisar.resultado();
        return await transaccion(async (tx) => {
          const fila = await tx.archivos.crear({
            clave,
            categoria: d.categoria,
            propietario_id: d.propietarioId,
            nombre: conExtension(nombreSeguro(d.nombre), tipo),
            tipo_contenido: TIPOS_CONTENIDO[tipo],
            tamano,
            sha256,
            creado_por: d.creadoPor,
          });
          await tx.auditoria.registrar({
            usuarioId: d.creadoPor,
            accion: 'archivo.guardar',
            recurso: 'archivo',
            recursoId: fila.id,
            resultado: 'exito',
            ip: d.origen?.ip,
            agente: d.origen?.agente,
            detalle: `categoria=${d.categoria}`,
          });
          return fila;
        });
      } catch (err) {
        await storage.delete(clave).catch(() => {});
        throw err;
      }
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
