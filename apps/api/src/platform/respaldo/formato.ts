// The backup file (decision 0038): a small clear header, then one AES-256-GCM stream over gzip over a sequence of
// framed records, then the 16-byte GCM tag. The header is authenticated too (it is the cipher's AAD), so neither it
// nor a single byte of the body can change without the restore refusing the file.
//
//   "CLRESP01" | uint32 BE header length | header JSON | ciphertext ... | GCM tag (16 bytes)
//
// Inside (after decryption and gunzip): records, each a header frame (JSON), data frames, and an empty frame.
// A frame is a uint32 BE length and that many bytes. The last record is the manifest.
import { createCipheriv, createDecipheriv, randomBytes, scrypt, type CipherGCM } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

export const MAGIA = Buffer.from('CLRESP01', 'ascii');
export const FORMATO = 1;
const LARGO_TAG = 16;
/** scrypt cost: 2^15 x 8 x 128 bytes = 32 MiB, about 0.1 s; a guessed key costs an attacker the same. */
const KDF = { N: 2 ** 15, r: 8, p: 1 } as const;

/** Where the key came from: the setting, or the development key generated in DATA_DIR (clave.ts). */
export type OrigenClave = 'RESPALDO_CLAVE' | 'generada';

export type CabeceraArchivo = {
  formato: number;
  cifrado: 'aes-256-gcm';
  kdf: { nombre: 'scrypt'; N: number; r: number; p: number; sal: string };
  iv: string;
  compresion: 'gzip';
  origenClave: OrigenClave;
  creadoEn: string;
};

/** A refusal the operator reads: always Spanish, never internals. */
export class ErrorRespaldo extends Error {
  constructor(mensaje: string) {
    super(mensaje);
    this.name = 'ErrorRespaldo';
  }
}

export const MENSAJE_CLAVE_O_ALTERADO = 'La clave de respaldo no corresponde a este archivo o el archivo fue alterado.';

export function derivarClave(clave: string, cab: CabeceraArchivo['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      clave,
      Buffer.from(cab.sal, 'base64'),
      32,
      { N: cab.N, r: cab.r, p: cab.p, maxmem: 128 * cab.N * cab.r * 2 },
      (err, k) => (err ? reject(err) : resolve(k)),
    ),
  );
}

function cabeceraEnBytes(cab: CabeceraArchivo): Buffer {
  const json = Buffer.from(JSON.stringify(cab), 'utf8');
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(json.length);
  return Buffer.concat([MAGIA, largo, json]);
}

/** A new header (fresh salt and IV) and the cipher for it. */
export async function nuevoCifrado(
  clave: string,
  origenClave: OrigenClave,
  creadoEn: Date,
): Promise<{ prefijo: Buffer; cifrador: CipherGCM }> {
  const cab: CabeceraArchivo = {
    formato: FORMATO,
    cifrado: 'aes-256-gcm',
    kdf: { nombre: 'scrypt', ...KDF, sal: randomBytes(16).toString('base64') },
    iv: randomBytes(12).toString('base64'),
    compresion: 'gzip',
    origenClave,
    creadoEn: creadoEn.toISOString(),
  };
  const prefijo = cabeceraEnBytes(cab);
  const cifrador = createCipheriv('aes-256-gcm', await derivarClave(clave, cab.kdf), Buffer.from(cab.iv, 'base64'));
  cifrador.setAAD(prefijo);
  return { prefijo, cifrador };
}

/** Reads the clear header; a file that is not a backup of this product is refused. */
export async function leerCabecera(ruta: string): Promise<{ cab: CabeceraArchivo; prefijo: Buffer; tamano: number }> {
  const fh = await open(ruta, 'r');
  try {
    const { size } = await fh.stat();
    const inicio = Buffer.alloc(12);
    await fh.read(inicio, 0, 12, 0);
    if (size < 12 + LARGO_TAG || !inicio.subarray(0, 8).equals(MAGIA)) {
      throw new ErrorRespaldo('Este archivo no es un respaldo de la aplicación (o está incompleto).');
    }
    const largo = inicio.readUInt32BE(8);
    if (largo > 64 * 1024 || 12 + largo + LARGO_TAG > size) throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
    const json = Buffer.alloc(largo);
    await fh.read(json, 0, largo, 12);
    let cab: CabeceraArchivo;
    try {
      cab = JSON.parse(json.toString('utf8')) as CabeceraArchivo;
    } catch {
      throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
    }
    if (cab.formato !== FORMATO || cab.cifrado !== 'aes-256-gcm' || cab.kdf?.nombre !== 'scrypt') {
      throw new ErrorRespaldo(
        `Este respaldo usa el formato ${String(cab.formato)}, que esta versión de la aplicación no conoce. Actualiza la aplicación.`,
      );
    }
    // Bounds on the stored cost, so a forged header cannot make scrypt take the machine's memory.
    if (!(cab.kdf.N >= 2 ** 10 && cab.kdf.N <= 2 ** 20 && cab.kdf.r <= 16 && cab.kdf.p <= 4)) {
      throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
    }
    return { cab, prefijo: Buffer.concat([inicio, json]), tamano: size };
  } finally {
    await fh.close();
  }
}

/** The decrypted, decompressed body of a backup file as a stream. Authentication fails at its end. */
export async function abrirCuerpo(ruta: string, clave: string): Promise<{ cab: CabeceraArchivo; cuerpo: Readable }> {
  const { cab, prefijo, tamano } = await leerCabecera(ruta);
  const fh = await open(ruta, 'r');
  const tag = Buffer.alloc(LARGO_TAG);
  try {
    await fh.read(tag, 0, LARGO_TAG, tamano - LARGO_TAG);
  } finally {
    await fh.close();
  }
  const descifrador = createDecipheriv(
    'aes-256-gcm',
    await derivarClave(clave, cab.kdf),
    Buffer.from(cab.iv, 'base64'),
  );
  descifrador.setAAD(prefijo);
  descifrador.setAuthTag(tag);
  const cifrado = createReadStream(ruta, { start: prefijo.length, end: tamano - LARGO_TAG - 1 });
  const gunzip = createGunzip();
  // Errors of any stage reach the last one, which the reader iterates.
  cifrado.on('error', (e) => gunzip.destroy(e));
  descifrador.on('error', (e) => gunzip.destroy(e));
  cifrado.pipe(descifrador).pipe(gunzip);
  return { cab, cuerpo: gunzip };
}

// ---- records ----------------------------------------------------------------------------------------------------

export function marco(datos: Buffer): Buffer {
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  return Buffer.concat([largo, datos]);
}
export const FIN_DE_REGISTRO = marco(Buffer.alloc(0));
export const marcoJson = (v: unknown) => marco(Buffer.from(JSON.stringify(v), 'utf8'));

/** The largest frame a reader accepts (writers use 64 KiB file chunks and rows in frames of about 1 MB). */
const MAX_MARCO = 64 * 1024 * 1024;

/** Reads exact byte counts from a stream. */
class LectorExacto {
  private readonly it: AsyncIterator<Buffer>;
  private buf: Buffer = Buffer.alloc(0);
  constructor(stream: Readable) {
    this.it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }
  /** n bytes, or null at a clean end of the stream (nothing pending). */
  async leer(n: number): Promise<Buffer | null> {
    while (this.buf.length < n) {
      const r = await this.it.next();
      if (r.done) {
        if (this.buf.length === 0) return null;
        throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
      }
      this.buf = this.buf.length ? Buffer.concat([this.buf, r.value]) : r.value;
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
  async marco(): Promise<Buffer | null> {
    const largo = await this.leer(4);
    if (!largo) return null;
    const n = largo.readUInt32BE(0);
    if (n > MAX_MARCO) throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
    if (n === 0) return Buffer.alloc(0);
    const datos = await this.leer(n);
    if (!datos) throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
    return datos;
  }
}

export type Registro<C> = { cabecera: C; datos: AsyncIterable<Buffer> };

/**
 * The records of a decrypted body, in order. Each record's data must be read whole before the next is asked for.
 * Any fault of the stream (a wrong key, a changed byte, a cut file) becomes MENSAJE_CLAVE_O_ALTERADO.
 */
export async function* registros<C>(cuerpo: Readable): AsyncGenerator<Registro<C>> {
  const lector = new LectorExacto(cuerpo);
  try {
    for (;;) {
      const cab = await lector.marco();
      if (cab === null) return;
      let cabecera: C;
      try {
        cabecera = JSON.parse(cab.toString('utf8')) as C;
      } catch {
        throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
      }
      let terminado = false;
      const datos = (async function* () {
        try {
          for (;;) {
            const m = await lector.marco();
            if (m === null) throw new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
            if (m.length === 0) break;
            yield m;
          }
        } catch (err) {
          cuerpo.destroy();
          throw comoErrorDeLectura(err);
        }
        terminado = true;
      })();
      yield { cabecera, datos };
      if (!terminado) for await (const _ of datos) void _;
    }
  } catch (err) {
    cuerpo.destroy();
    throw comoErrorDeLectura(err);
  }
}

/**
 * The file system's own faults (a vanished file, a disk error) keep their cause; everything else is the key or the
 * bytes: GCM's "unable to authenticate", zlib's "incorrect header check", a frame past the end.
 */
function comoErrorDeLectura(err: unknown): unknown {
  if (err instanceof ErrorRespaldo) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code && /^E[A-Z]+$/.test(code)) return err;
  return new ErrorRespaldo(MENSAJE_CLAVE_O_ALTERADO);
}
