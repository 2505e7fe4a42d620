// What the development proxy (apps/web/proxy-api.ts) forwards to the API: the first path segment of every zod-free
// endpoint descriptor the contracts export, plus the media and OpenAPI prefixes. A new group of descriptors in one
// of these modules is covered without touching this file; a new module of descriptors is one import below, and the
// web's proxy test (apps/web/src/proxy-api.test.ts, which reads every contracts module) fails until it is added.
// Kept apart from rutas.ts: the clinical `*-rutas.ts` modules import `ruta()` from rutas.ts.
import * as adjuntos from './adjuntos-rutas.ts';
import * as consentimientos from './consentimientos-rutas.ts';
import * as copiaHistoria from './copia-historia-rutas.ts';
import * as enlacesCita from './enlaces-cita-rutas.ts';
import * as espera from './espera-rutas.ts';
import * as evoluciones from './evoluciones-rutas.ts';
import * as insumos from './insumos-rutas.ts';
import * as mensajeria from './mensajeria-rutas.ts';
import * as pagos from './pagos-rutas.ts';
import * as paquetes from './paquetes-rutas.ts';
import * as planes from './planes-seguimiento-rutas.ts';
import * as reportes from './reportes-rutas.ts';
import * as rutas from './rutas.ts';
import * as trazabilidad from './trazabilidad-rutas.ts';
import { DOCS_PATH, MEDIA_PREFIX, type RutaApi } from './rutas.ts';

const MODULOS: readonly object[] = [
  rutas,
  adjuntos,
  consentimientos,
  copiaHistoria,
  enlacesCita,
  espera,
  evoluciones,
  insumos,
  mensajeria,
  pagos,
  planes,
  paquetes,
  reportes,
  trazabilidad,
];

/** A value shaped like a descriptor (method, path, who may call it). */
export function esRutaApi(v: unknown): v is RutaApi {
  return typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'auth' in v;
}

/** Every endpoint descriptor of these modules: the values of each exported `*Rutas` object. */
export function todasLasRutas(): RutaApi[] {
  return MODULOS.flatMap((m) => Object.values(m))
    .filter((grupo): grupo is object => typeof grupo === 'object' && grupo !== null)
    .flatMap((grupo) => Object.values(grupo).filter(esRutaApi));
}

/** '/apiusuarios/perfil' -> '/apiusuarios'. */
export const primerSegmento = (path: string) => `/${path.split('/')[1] ?? ''}`;

/** Prefixes of everything the API answers besides the web itself ('/apiusuarios', '/salud', '/media', '/api/docs'). */
export function prefijosServidor(): string[] {
  const paths = todasLasRutas()
    .map((r) => r.path)
    .concat(MEDIA_PREFIX);
  return [...new Set(paths.map(primerSegmento)), DOCS_PATH];
}
