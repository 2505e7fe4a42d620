// The administrators' view of outgoing e-mail (issue 10.6): what the outbox holds, newest first, with its delivery
// state, the start of its text, its HTML part and the names of its attachments. Recovery links never show: the
// outbox stores a placeholder instead of them (decision 0011), and anything that still looks like one is masked here
// as a second line of defence.
import type { z } from 'zod';
import type { bandejaCorreosQuery, correoBandejaSchema, EstadoCorreo } from '@clinica/contracts/correos';
import type { CorreosRepository, FilaCorreo } from './correos.repository.ts';

export type FiltroCorreos = z.output<typeof bandejaCorreosQuery>;
type CorreoBandeja = z.output<typeof correoBandejaSchema>;

/** How long the body preview is, in characters. */
export const LARGO_VISTA_PREVIA = 400;
export const ENLACE_OCULTO = '[enlace oculto]';

/**
 * A recovery page URL, a URL fragment carrying a token, a bare recovery token (lib/token-recuperacion.ts) or a bare
 * reminder link token (lib/token-enlace-cita.ts).
 */
const SECRETOS = [
  /\S*restablecercontrasena\S*/gi,
  /\S*[#?&]token=\S*/gi,
  /\br1\.\d+\.\d+\.[A-Za-z0-9_-]{20,}/g,
  /\be1\.\d+\.(?:confirmar|cancelar)\.\d+\.[A-Za-z0-9_-]{20,}/g,
];

export function enmascarar(texto: string): string {
  return SECRETOS.reduce((t, re) => t.replace(re, ENLACE_OCULTO), texto);
}

function estado(f: FilaCorreo): EstadoCorreo {
  if (f.entregada_en) return 'enviado';
  return f.ultimo_error ? 'fallido' : 'pendiente';
}

const texto = (v: unknown) => (typeof v === 'string' ? v : '');

export function createCorreosService(deps: { repo: CorreosRepository; smtp: boolean }) {
  return {
    async listar(filtro: FiltroCorreos) {
      const { pagina, porPagina } = filtro;
      const { filas, total } = await deps.repo.listar(porPagina, (pagina - 1) * porPagina);
      const items = filas.map((f): CorreoBandeja => {
        const carga = (f.carga ?? {}) as Record<string, unknown>;
        const cuerpo = enmascarar(texto(carga.texto));
        return {
          id: f.id,
          para: texto(carga.para),
          asunto: enmascarar(texto(carga.asunto)),
          estado: estado(f),
          intentos: f.intentos,
          creado_en: f.creada_en,
          enviado_en: f.entregada_en,
          vista_previa: cuerpo.length > LARGO_VISTA_PREVIA ? `${cuerpo.slice(0, LARGO_VISTA_PREVIA - 1)}…` : cuerpo,
          html: typeof carga.html === 'string' ? enmascarar(carga.html) : null,
          adjuntos: Array.isArray(carga.adjuntos)
            ? carga.adjuntos.map((a: { nombre?: unknown }) => texto(a?.nombre)).filter(Boolean)
            : [],
          ultimo_error: f.ultimo_error,
        };
      });
      return { items, total, pagina, porPagina, modo: deps.smtp ? ('smtp' as const) : ('archivo' as const) };
    },
  };
}
export type CorreosService = ReturnType<typeof createCorreosService>;
