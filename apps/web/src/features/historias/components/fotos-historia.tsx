// The patient's before/after photos in their record (issue 9, item 6): a timeline, newest appointment first, each
// appointment's photos side by side by zone (antes | después), with a link to the appointment; or, choosing a chart
// zone (issue 24, item 5), that zone across visits, oldest first. Private images, fetched with the session's token.
import { zonaFacialNombres, type ZonaFacial } from '@clinica/contracts/mapa-facial';
import { Anchor, Select, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { IconCamera } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ComparacionFotos } from '../../../components/comparacion-fotos.tsx';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatFecha } from '../../../lib/tiempo.ts';
import { useFotosDePaciente } from '../../../lib/api/historias/get-fotos-paciente.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';
import { FotosPorZona, zonasConFotos } from './fotos-por-zona.tsx';

/** The select's value for the timeline by visit (no zone chosen). */
const TODAS = 'todas';

export function FotosHistoria({ pacienteId }: { pacienteId: number }) {
  const q = useFotosDePaciente(pacienteId);
  const [zona, setZona] = useState<ZonaFacial | null>(null);
  const zonas = q.data ? zonasConFotos(q.data) : [];
  // A zone chosen earlier that has no photos now falls back to the timeline.
  const elegida = zona && zonas.includes(zona) ? zona : null;
  let cuerpo;
  if (q.isPending) cuerpo = <SkeletonLineas lineas={3} etiqueta="Cargando tus fotos…" />;
  else if (q.isError) cuerpo = <ErrorDeCarga consulta={q} titulo="No pudimos cargar tus fotos" />;
  else if (q.data.length === 0)
    cuerpo = (
      <Text size="sm" c="dimmed">
        Aún no hay fotos de antes y después en tu historia. Solo se toman si las autorizas en tu consentimiento
        informado.
      </Text>
    );
  else if (elegida) cuerpo = <FotosPorZona grupos={q.data} zona={elegida} />;
  else
    cuerpo = (
      <Timeline bulletSize={26} lineWidth={2} active={q.data.length}>
        {q.data.map((grupo) => (
          <Timeline.Item
            key={grupo.cita_id}
            bullet={<IconCamera size={14} aria-hidden="true" />}
            title={
              <Anchor component={Link} to={paths.detallesCita(grupo.cita_id)} fw={600}>
                Cita del {formatFecha(grupo.fecha)}
              </Anchor>
            }
          >
            <Stack gap="xs" mt="xs">
              <ComparacionFotos fotos={grupo.fotos} />
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  return (
    <SeccionTarjeta id="fotos-historia-titulo" titulo="Fotos de antes y después">
      <Text size="sm" c="dimmed">
        Privadas: solo tú y tu doctor las ven. Se guardan sin ubicación ni datos del celular.
      </Text>
      {zonas.length > 0 && (
        <Select
          label="Comparar una zona"
          description="Las fotos de esa zona en cada visita, de la más antigua a la más reciente."
          data={[
            { value: TODAS, label: 'Todas las visitas' },
            ...zonas.map((z) => ({ value: z, label: zonaFacialNombres[z] })),
          ]}
          value={elegida ?? TODAS}
          onChange={(v) => setZona(!v || v === TODAS ? null : (v as ZonaFacial))}
          allowDeselect={false}
          maw={360}
        />
      )}
      {cuerpo}
    </SeccionTarjeta>
  );
}
