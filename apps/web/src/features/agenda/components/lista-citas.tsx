// The body of /consultarcitas and /vertodocita: loading, error and empty states around the table, the count,
// a note when the list hit the API's limit, and the cancel confirmation.
import { Button, Stack, Text } from '@mantine/core';
import { IconCalendarOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { EstadoError } from '../../../components/estado-error.tsx';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { SkeletonTabla } from '../../../components/skeletons.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { LIMITE_CITAS, useCitas, type CitaWire, type FiltroCitas } from '../api/agenda-api.ts';
import { CancelarCitaModal } from './cancelar-cita-modal.tsx';
import { TablaCitas } from './tabla-citas.tsx';

type Props = {
  filtro: FiltroCitas;
  hayFiltros: boolean;
  onLimpiar: () => void;
  titulo: string;
  vacio: string;
};

export function ListaCitas({ filtro, hayFiltros, onLimpiar, titulo, vacio }: Props) {
  const q = useCitas(filtro);
  const [aCancelar, setACancelar] = useState<CitaWire | null>(null);
  const citas = q.data ?? [];

  let contenido;
  if (q.isPending) contenido = <SkeletonTabla filas={6} columnas={6} etiqueta="Cargando citas…" />;
  else if (q.isError)
    contenido = (
      <EstadoError
        titulo="No se pudieron cargar las citas"
        mensaje={mensajeDeError(q.error, 'Inténtalo de nuevo en unos segundos.')}
        onRetry={() => void q.refetch()}
        reintentando={q.isRefetching}
      />
    );
  else if (citas.length === 0)
    contenido = (
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
  else
    contenido = (
      <Stack gap="sm">
        <TablaCitas
          citas={citas}
          caption={`${titulo}: ${citas.length} citas`}
          ocupado={q.isPlaceholderData && q.isFetching}
          onCancelar={setACancelar}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {citas.length >= (filtro.limite ?? LIMITE_CITAS)
            ? `Mostrando las primeras ${citas.length} citas. Acota las fechas o la búsqueda para ver el resto.`
            : `${citas.length} ${citas.length === 1 ? 'cita' : 'citas'}.`}
        </Text>
      </Stack>
    );

  return (
    <>
      {contenido}
      <CancelarCitaModal cita={aCancelar} onClose={() => setACancelar(null)} />
    </>
  );
}
