// A plain static host for a built web, as a separate-origin deployment would have one (README: VITE_API_URL +
// CORS_ORIGINS): the file when there is one, else index.html (client-side routes). No API, no server render, no
// headers of ours. Used by global-setup.ts for otro-origen.spec.ts.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TIPOS: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
};

const esArchivo = (ruta: string) => existsSync(ruta) && statSync(ruta).isFile();

/** Serves the files under `raiz` (which may be filled later); 404 while there is no index.html. */
export function servidorEstatico(raiz: string): Server {
  return createServer((req, res) => {
    let ruta: string;
    try {
      ruta = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      ruta = '/';
    }
    let archivo = path.join(raiz, path.normalize(ruta));
    if (!archivo.startsWith(raiz + path.sep) || !esArchivo(archivo)) archivo = path.join(raiz, 'index.html');
    if (!esArchivo(archivo)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Sin web compilada');
      return;
    }
    res.writeHead(200, { 'content-type': TIPOS[path.extname(archivo)] ?? 'application/octet-stream' });
    createReadStream(archivo).pipe(res);
  });
}
