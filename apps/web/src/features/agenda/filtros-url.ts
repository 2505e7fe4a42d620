// Filters and page of the appointment lists kept in the URL, so going back from a detail keeps the list as it was.
// Changing a filter goes back to the first page.
import { useParametrosUrl } from '../../lib/parametros-url.ts';
import { estadosCita, tiposCita } from './agenda-textos.ts';
import { FECHA } from '@clinica/contracts/tiempo';
import type { EstadoCita, TipoCita } from '@clinica/contracts/citas';

export function useFiltrosUrl() {
  const { sp, actualizar, limpiar } = useParametrosUrl();
  const leer = {
    texto: (k: string) => sp.get(k) ?? '',
    fecha: (k: string) => {
      const v = sp.get(k) ?? '';
      return FECHA.test(v) ? v : undefined;
    },
    id: (k: string) => {
      const n = Number(sp.get(k));
      return Number.isInteger(n) && n > 0 ? n : undefined;
    },
    tipo: (): TipoCita | undefined => {
      const v = sp.get('tipo');
      return (tiposCita as readonly string[]).includes(v ?? '') ? (v as TipoCita) : undefined;
    },
    /** The page, 1 when absent or not a positive integer. */
    pagina: () => {
      const n = Number(sp.get('pagina'));
      return Number.isInteger(n) && n > 0 ? n : 1;
    },
    estado: (): EstadoCita | undefined => {
      const v = sp.get('estado');
      return (estadosCita as readonly string[]).includes(v ?? '') ? (v as EstadoCita) : undefined;
    },
  };
  return { sp, leer, actualizar, limpiar };
}
