// /apiarchivos: private files, streamed to whoever may read them (platform/archivos.service.ts), never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archivosEndpoints } from '@clinica/contracts/archivos';
import { ruta } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { ArchivosPrivados } from '../../platform/archivos.service.ts';

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
const disposicion = (nombre: string) =>
  `attachment; filename="${nombre.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;

export const archivosRoutes: FastifyPluginAsyncZod<{ service: ArchivosPrivados }> = async (app, { service }) => {
  app.route({
    ...ruta(archivosEndpoints.descargar, { schema: { tags: ['archivos'], summary: 'Descargar un archivo privado' } }),
    handler: async (request, reply) => {
      const archivo = await service.abrir(usuarioDe(request), request.params.id, origen(request));
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', archivo.tipoContenido)
        .header('content-length', archivo.size)
        .header('content-disposition', disposicion(archivo.nombre))
        .send(archivo.stream);
    },
  });
};
