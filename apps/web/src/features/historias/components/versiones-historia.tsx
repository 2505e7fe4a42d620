// The history of versions of a record (Res. 1995 de 1999: chronological, every entry with its author and time):
// newest first, who saved it, when, and which fields changed; the first version, with who created it and when,
// closes the list.
import { Text, Timeline } from '@mantine/core';
import { IconFilePlus, IconPencil } from '@tabler/icons-react';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import { useVersiones } from '../../../lib/api/historias/get-versiones.ts';
import { type HistoriaWire } from '../../../lib/api/historias/get-historia.ts';
import { nombreCampo } from '../historia-textos.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

export function VersionesHistoria({ h }: { h: HistoriaWire }) {
  const q = useVersiones(h.id);
  let cuerpo;
  if (q.isPending) cuerpo = <SkeletonLineas lineas={3} etiqueta="Cargando las versiones…" />;
  else if (q.isError) cuerpo = <ErrorDeCarga consulta={q} titulo="No pudimos cargar las versiones" />;
  else {
    const cambios = q.data;
    cuerpo = (
      <Timeline active={cambios.length} bulletSize={28} lineWidth={2} aria-label="Versiones de la historia clínica">
        {cambios.map((v) => (
          <Timeline.Item
            key={v.version}
            bullet={<IconPencil size={14} aria-hidden="true" />}
            title={`Versión ${v.version + 1}`}
          >
            <Text size="sm">
              {formatFechaHora(v.cambiada_en)} · {v.cambiada_por?.nombre || 'Autor no registrado'}
            </Text>
            <Text size="sm" c="dimmed">
              Cambió: {v.campos.map(nombreCampo).join(', ')}
            </Text>
          </Timeline.Item>
        ))}
        <Timeline.Item bullet={<IconFilePlus size={14} aria-hidden="true" />} title="Versión 1">
          <Text size="sm">
            Creada el {formatFechaHora(h.creada_en)} · {h.creada_por?.nombre || 'Autor no registrado'}
          </Text>
        </Timeline.Item>
      </Timeline>
    );
  }
  return (
    <SeccionTarjeta
      id="versiones-titulo"
      titulo="Historial de versiones"
      descripcion={`Cada cambio guarda la versión anterior: nada se borra. Versión actual: ${h.version}.`}
      relleno="lg"
    >
      {cuerpo}
    </SeccionTarjeta>
  );
}
