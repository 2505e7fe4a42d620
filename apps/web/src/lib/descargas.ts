// Private files (prescriptions, exam orders, consents...) come only from GET /apiarchivos/descargar/{id}, and the
// patient's copy from its own routes, with the session's bearer token (never in a URL), so the browser cannot
// follow a plain link: the file is fetched, kept as a Blob for the moment of the click, and saved under the name
// the server gives.
import { archivosRutas, rellenarPath } from '@clinica/contracts/rutas';
import { ApiClientError, TOKEN_KEY } from './api-client.ts';
import { env } from './env.ts';

/** The file name of a Content-Disposition header (RFC 6266: filename* first), or the fallback. */
export function nombreDeDisposicion(cabecera: string | null, porDefecto: string): string {
  if (!cabecera) return porDefecto;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(cabecera);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // Fall through to the ASCII name.
    }
  }
  return /filename="([^"]+)"/i.exec(cabecera)?.[1] ?? porDefecto;
}

/** Downloads a private file the person may read; a refusal or a missing file throws the server's message. */
export const descargarArchivo = (id: number, nombrePorDefecto = 'documento.pdf'): Promise<void> =>
  descargar(rellenarPath(archivosRutas.descargar.path, { id }), nombrePorDefecto);

/** Fetches what a GET path of the API answers (already filled in) with the session's token; throws the server's message. */
async function traer(path: string): Promise<Response> {
  const token = localStorage.getItem(TOKEN_KEY);
  let res: Response;
  try {
    res = await fetch(`${env.apiUrl}${path}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiClientError(0, {
      error: 'No pudimos conectar con la clínica. Revisa tu conexión e inténtalo de nuevo.',
      code: 'SIN_CONEXION',
    });
  }
  if (!res.ok) {
    const cuerpo = (await res.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiClientError(res.status, {
      error: cuerpo?.error ?? 'No pudimos descargar el archivo.',
      code: cuerpo?.code ?? 'ERROR',
    });
  }
  return res;
}

/** A private file's bytes, e.g. to show a clinical photo through an object URL (never a URL with the token). */
export const archivoPrivado = async (id: number): Promise<Blob> =>
  (await traer(rellenarPath(archivosRutas.descargar.path, { id }))).blob();

/** Downloads what a GET path of the API answers (already filled in) as a file. */
export async function descargar(path: string, nombrePorDefecto: string): Promise<void> {
  const res = await traer(path);
  const blob = await res.blob();
  const enlace = document.createElement('a');
  enlace.href = URL.createObjectURL(blob);
  enlace.download = nombreDeDisposicion(res.headers.get('content-disposition'), nombrePorDefecto);
  document.body.append(enlace);
  enlace.click();
  enlace.remove();
  // Give the browser a moment to start saving before the Blob goes.
  setTimeout(() => URL.revokeObjectURL(enlace.href), 10_000);
}
