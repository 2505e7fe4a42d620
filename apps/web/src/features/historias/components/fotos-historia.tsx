// The patient's before/after photos in their record (issue 9, item 6): a timeline, newest appointment first, each
// appointment's photos side by side by zone (antes | después), with a link to the appointment. Private images,
// fetched with the session's token.
import { Anchor, Stack, Text, Timeline } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ComparacionFotos } from '../../../components/comparacion-fotos.tsx';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatFecha } from '../../../lib/tiempo.ts';
import { useFotosDePaciente } from '../../../lib/api/historias/get-fotos-paciente.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

export function FotosHistoria({ pacienteId }: { pacienteId: number }) {
  const q = useFotosDePaciente(pacienteId);
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
      {cuerpo}
    </SeccionTarjeta>
  );
}
