// Image URLs from the API are paths on the API's origin (/media/...); prefix them when the API lives elsewhere.
import { env } from './env.ts';

export function mediaUrl(ruta: string): string {
  return ruta.startsWith('/') && !ruta.startsWith('//') ? `${env.apiUrl}${ruta}` : ruta;
}
