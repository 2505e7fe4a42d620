// The audit search's filters as the URL carries them (so a search can be shared and survives a reload), as the
// form holds them while someone types, and as the API takes them. Spanish words for the results.
import type { Estado } from '../../app/theme.ts';
import type { FiltroAuditoria } from '../../lib/api/auditoria/claves.ts';
import type { RegistroAuditoriaWire } from '../../lib/api/auditoria/get-auditoria.ts';

/** Rows per page (the API's default). */
export const POR_PAGINA = 50;

/** What the form holds: the text of each field ('' when empty), dates as 'aaaa-mm-dd'. */
export type Borrador = {
  quien: string;
  accion: string;
  recurso: string;
  recurso_id: string;
  resultado: string;
  desde: string;
  hasta: string;
};
export type CampoFiltro = keyof Borrador;

export const CAMPOS: readonly CampoFiltro[] = [
  'quien',
  'accion',
  'recurso',
  'recurso_id',
  'resultado',
  'desde',
  'hasta',
];

export const BORRADOR_VACIO: Borrador = {
  quien: '',
  accion: '',
  recurso: '',
  recurso_id: '',
  resultado: '',
  desde: '',
  hasta: '',
};

type Resultado = RegistroAuditoriaWire['resultado'];

export const RESULTADOS: Record<Resultado, { texto: string; tono: Estado }> = {
  exito: { texto: 'Éxito', tono: 'success' },
  fallo: { texto: 'Fallo', tono: 'danger' },
  denegado: { texto: 'Denegado', tono: 'warning' },
  bloqueo: { texto: 'Bloqueo', tono: 'danger' },
};

const esResultado = (v: string): v is Resultado => Object.hasOwn(RESULTADOS, v);

/** Beginnings of actions worth offering while typing (the API matches any beginning). */
export const SUGERENCIAS_ACCION = [
  'historia.',
  'evolucion.',
  'consentimiento.',
  'cita.',
  'usuarios.',
  'sesion.',
  'perfil.',
  'auditoria.',
];

/** The form's fields as the URL has them. */
export function borradorDeUrl(sp: URLSearchParams): Borrador {
  const b = { ...BORRADOR_VACIO };
  for (const campo of CAMPOS) b[campo] = sp.get(campo) ?? '';
  if (!esResultado(b.resultado)) b.resultado = '';
  return b;
}

/** The page in the URL, 1 when absent or not a positive integer. */
export function paginaDeUrl(sp: URLSearchParams): number {
  const n = Number(sp.get('pagina'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * What the API is asked. Dates go as the URL has them, even mistyped: the API answers with its Spanish message on
 * the field, which the form shows.
 */
export function filtroDeUrl(sp: URLSearchParams): FiltroAuditoria {
  const b = borradorDeUrl(sp);
  const texto = (v: string) => v.trim() || undefined;
  return {
    quien: texto(b.quien),
    accion: texto(b.accion),
    recurso: texto(b.recurso),
    recurso_id: texto(b.recurso_id),
    resultado: esResultado(b.resultado) ? b.resultado : undefined,
    desde: texto(b.desde),
    hasta: texto(b.hasta),
    pagina: paginaDeUrl(sp),
    porPagina: POR_PAGINA,
  };
}

/** The URL of a search: the fields that have something, trimmed, from its first page. */
export function urlDeBorrador(b: Borrador): URLSearchParams {
  const sp = new URLSearchParams();
  for (const campo of CAMPOS) {
    const v = b[campo].trim();
    if (v) sp.set(campo, v);
  }
  return sp;
}

export const hayFiltros = (b: Borrador) => CAMPOS.some((c) => b[c].trim() !== '');
