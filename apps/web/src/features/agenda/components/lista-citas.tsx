// The body of /consultarcitas and /vertodocita: loading, error and empty states around the table, the
// "Mostrando 1–20 de 45 citas" line and the pages (the API answers one page and the total), and the cancel
// confirmation.
import { Button, Stack } from '@mantine/core';
import { IconCalendarOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ContenidoDeConsulta } from '../../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { PieDePaginacion } from '../../../components/pie-de-paginacion.tsx';
import { SkeletonTabla } from '../../../components/skeletons.tsx';
import { numero, textoMostrando } from '../../../lib/paginacion.ts';
import { POR_PAGINA_CITAS, useCitas } from '../../../lib/api/citas/get-citas.ts';
import type { CitaWire, FiltroCitas } from '../../../lib/api/citas/tipos.ts';
import { CancelarCitaModal } from '../../../components/citas/cancelar-cita-modal.tsx';
import { TablaCitas } from './tabla-citas.tsx';

/** A page past the end (the list shrank, or an old link): how many there are, and the last page. */
function PaginaSinCitas({ total, exacto, paginas, onPagina }: { total: number; exacto: boolean } & Paginas) {
  return (
    <EstadoVacio
      icono={<IconCalendarOff size={26} stroke={1.6} aria-hidden="true" />}
      titulo="Esta página ya no tiene citas"
      descripcion={
        exacto
          ? `Hay ${numero.format(total)} ${total === 1 ? 'cita' : 'citas'} en ${numero.format(paginas)} ${paginas === 1 ? 'página' : 'páginas'}.`
          : `Hay más de ${numero.format(total)} citas: usa la búsqueda o los filtros para acotarlas.`
      }
      accion={
        <Button variant="light" onClick={() => onPagina(paginas)}>
          Ir a la última página
        </Button>
      }
    />
  );
}

type Paginas = { paginas: number; onPagina: (pagina: number) => void };

/** No appointment at all, or none matching the filters (which it offers to clear). */
function SinCitas({ hayFiltros, vacio, onLimpiar }: Pick<Props, 'hayFiltros' | 'vacio' | 'onLimpiar'>) {
  return (
    <EstadoVacio
      icono={<IconCalendarOff size={26} stroke={1.6} aria-hidden="true" />}
      titulo={hayFiltros ? 'No encontramos citas' : 'Aún no hay citas'}
      descripcion={hayFiltros ? 'Ninguna cita coincide con la búsqueda y los filtros elegidos.' : vacio}
      accion={
        hayFiltros && (
          <Button variant="light" onClick={onLimpiar} leftSection={<IconX size={16} aria-hidden="true" />}>
            Limpiar filtros
          </Button>
        )
      }
    />
  );
}

type Props = {
  /** Filters and the page (from the URL). */
  filtro: FiltroCitas;
  hayFiltros: boolean;
  onLimpiar: () => void;
  onPagina: (pagina: number) => void;
  titulo: string;
  vacio: string;
};

const CITAS = { singular: 'cita', plural: 'citas' };

export function ListaCitas({ filtro, hayFiltros, onLimpiar, onPagina, titulo, vacio }: Props) {
  const porPagina = filtro.porPagina ?? POR_PAGINA_CITAS;
  const pedida = filtro.pagina ?? 1;
  const q = useCitas({ ...filtro, pagina: pedida, porPagina });
  const [aCancelar, setACancelar] = useState<CitaWire | null>(null);
  const citas = q.data?.items ?? [];
  const total = q.data?.total ?? 0;
  const exacto = q.data?.totalExacto ?? true;
  const paginas = Math.max(1, Math.ceil(total / porPagina));
  const pagina = q.data?.pagina ?? pedida;
  const desde = total === 0 ? 0 : (pagina - 1) * porPagina + 1;
  const hasta = Math.min(total, (pagina - 1) * porPagina + citas.length);

  const resumen = textoMostrando(desde, hasta, total, CITAS, exacto);

  return (
    <>
      <ContenidoDeConsulta
        consulta={q}
        cargando={<SkeletonTabla filas={6} columnas={6} etiqueta="Cargando citas…" />}
        tituloError="No se pudieron cargar las citas"
        vacio={
          citas.length > 0 ? null : total > 0 ? (
            <PaginaSinCitas total={total} exacto={exacto} paginas={paginas} onPagina={onPagina} />
          ) : (
            <SinCitas hayFiltros={hayFiltros} vacio={vacio} onLimpiar={onLimpiar} />
          )
        }
      >
        <Stack gap="sm">
          <TablaCitas
            citas={citas}
            caption={`${titulo}: ${resumen}`}
            ocupado={q.isPlaceholderData && q.isFetching}
            onCancelar={setACancelar}
          />
          <PieDePaginacion resumen={resumen} pagina={pagina} paginas={paginas} onPagina={onPagina} />
        </Stack>
      </ContenidoDeConsulta>
      <CancelarCitaModal cita={aCancelar} onClose={() => setACancelar(null)} />
    </>
  );
}
