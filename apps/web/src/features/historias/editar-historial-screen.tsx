// /editarhistorialmedico/{id} (issue 9 item 2): the doctor updates a record. Same validation as the API; leaving
// with unsaved changes asks first; saving keeps the previous version (the API does it), tells so and goes back to
// the details. A patient may also edit their own intake until their first visit (the API decides; its 403 is shown).
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { normalizarRol } from '@clinica/contracts/roles';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useEditarHistoria } from '../../lib/api/historias/guardar-historia.ts';
import { useHistoria, type HistoriaWire } from '../../lib/api/historias/get-historia.ts';
import { HistoriaForm } from './components/historia-form.tsx';
import { HistoriaNoEncontrada, SinPermisoDeEdicion } from './components/estados-historia.tsx';
import { guardarSeleccion, idDeRuta, nombrePaciente } from './historia-textos.ts';

const detalles = (id: number) => `${paths.detallesHistorialMedico}?id=${id}`;

export default function EditarHistorialScreen() {
  const id = idDeRuta(useParams().id);
  const { userRole, userId } = useAuth();
  const q = useHistoria(id);
  const editar = useEditarHistoria(id);
  const navigate = useNavigate();
  usePageMeta({
    title: q.data ? `Editar la historia de ${nombrePaciente(q.data.usuario)}` : 'Editar historia clínica',
  });
  const esPaciente = normalizarRol(userRole) === 'paciente';
  const volverA = (h?: HistoriaWire) =>
    esPaciente && userId !== null
      ? paths.miHistorialClinico(userId)
      : h
        ? detalles(h.id)
        : paths.consultarHistorialMedico;

  let contenido;
  if (!id || (q.error instanceof ApiClientError && [400, 404].includes(q.error.status)))
    contenido = <HistoriaNoEncontrada />;
  else if (q.error instanceof ApiClientError && q.error.status === 403) contenido = <SinPermisoDeEdicion />;
  else if (q.isPending) contenido = <SkeletonLineas lineas={12} etiqueta="Cargando la historia clínica…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else {
    const h = q.data;
    contenido = (
      <HistoriaForm
        key={`${h.id}-${h.version}`}
        historia={h}
        paraPaciente={esPaciente}
        submitLabel="Guardar cambios"
        cancelarA={volverA(h)}
        tituloFallo="No pudimos guardar la historia clínica"
        onSubmit={async ({ paciente_id: _p, ...datos }) => {
          const guardada = await editar.mutateAsync(datos);
          notifications.show({
            color: 'green',
            title: 'Historia clínica actualizada',
            message:
              guardada.version > h.version
                ? `Guardamos la versión ${guardada.version} de la historia de ${nombrePaciente(guardada.usuario)}. La anterior queda en el historial de versiones.`
                : 'No había cambios para guardar.',
          });
          guardarSeleccion({ id: guardada.id, usuario: guardada.usuario });
        }}
        onGuardada={() => void navigate(volverA(h))}
      />
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Historia clínica"
        title="Editar historia clínica"
        description={q.data ? `${nombrePaciente(q.data.usuario)} · versión ${q.data.version}` : undefined}
        actions={
          q.data && (
            <Button
              component={Link}
              to={volverA(q.data)}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            >
              {esPaciente ? 'Volver a mi historia' : 'Volver a los detalles'}
            </Button>
          )
        }
      />
      {contenido}
    </>
  );
}
