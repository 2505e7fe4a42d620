// A download's headers: never cached (private or health data), its type, and the file name to save it under.
import type { FastifyReply } from 'fastify';

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
export const disposicion = (nombre: string) =>
  `attachment; filename="${nombre.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;

/** The reply with `cache-control: no-store`, `content-type: tipo` and an attachment named `nombre`. */
export const descarga = (reply: FastifyReply, nombre: string, tipo: string) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-type', tipo)
    .header('content-disposition', disposicion(nombre));
