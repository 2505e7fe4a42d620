// Private files (signatures, exam results, PDFs, clinical photos): downloaded only through this route, by the
// patient they belong to or a doctor; everyone else gets 404.
import { z } from 'zod';
import { idParam } from './common.ts';
import { endpoint } from './endpoint.ts';
import { errorSchema } from './errors.ts';
import { archivosRutas } from './rutas.ts';

export const archivosEndpoints = {
  descargar: endpoint(archivosRutas.descargar, {
    params: idParam,
    // 200 is the file's bytes: nothing for the JSON serializer to filter.
    response: { 200: z.any(), 400: errorSchema, 401: errorSchema, 404: errorSchema },
  }),
};

export { archivosPaths, archivosRutas } from './rutas.ts';
