// /mihistorialclinico/{id} (issue 9 items 2 and 7): the patient's own record, readable on a phone: alerts,
// antecedentes and answers, who on the staff read it and when (Ley 1581 de 2012: the patient sees their data), its
// versions, and the downloads of the complete record (PDF) and of their personal data (JSON).
// Someone else's id is refused before asking (the API refuses it too); no record yet invites to fill the intake.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { normalizarRol } from '@clinica/contracts/roles';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { FechaHora } from '../../components/fecha-hora.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { descargarMiCopia } from '../../lib/api/historias/descargar-copia.ts';
import { useMiHistoria } from '../../lib/api/historias/get-historia.ts';
import { AccesosHistoria } from './components/accesos-historia.tsx';
import { CopiaHistoria } from './components/copia-historia.tsx';
import { HistoriaSinLlenar } from './components/estados-historia.tsx';
import { FichaHistoria } from './components/ficha-historia.tsx';
import { FotosHistoria } from './components/fotos-historia.tsx';
import { ProductosAplicados } from './components/productos-aplicados.tsx';
import { VersionesHistoria } from './components/versiones-historia.tsx';
import { idDeRuta } from './historia-textos.ts';

export const SOLO_PROPIA = 'Solo puedes ver tu propia historia clínica.';
export const TEXTOS_COPIA = {
  titulo: 'Descarga tu información',
  descripcion:
    'Tu historia clínica completa en un PDF (tus datos, la historia y sus versiones, tus citas, las notas firmadas con fórmulas y órdenes, tus consentimientos) y todos los datos que la clínica guarda sobre ti en JSON. Es tu derecho (Ley 2015 de 2020 y Ley 1581 de 2012).',
  pdf: 'Descargar mi historia completa (PDF)',
  json: 'Descargar mis datos (JSON)',
} as const;

export default function MiHistorialScreen() {
  usePageMeta({ title: 'Mi historia clínica' });
  const id = idDeRuta(useParams().id);
  const { userId, userRole } = useAuth();
  const ajena = !id || (userId !== null && id !== userId);
  const q = useMiHistoria(ajena ? 0 : id);
  const esPaciente = normalizarRol(userRole) === 'paciente';
  // Appointments and notes can exist before the intake is filled: the downloads are there either way.
  const copia = !ajena && (q.isSuccess || (q.error instanceof ApiClientError && q.error.status === 404)) && (
    <CopiaHistoria
      titulo={TEXTOS_COPIA.titulo}
      descripcion={TEXTOS_COPIA.descripcion}
      etiquetas={TEXTOS_COPIA}
      descargar={(formato) => descargarMiCopia(id, formato)}
    />
  );

  let contenido;
  if (ajena || (q.error instanceof ApiClientError && q.error.status === 403))
    contenido = (
      <EstadoVacio
        icono={<IconLock size={26} stroke={1.6} aria-hidden="true" />}
        titulo={SOLO_PROPIA}
        descripcion="La historia clínica es confidencial: cada persona ve la suya."
        accion={
          userId !== null && (
            <Button component={Link} to={paths.miHistorialClinico(userId)} variant="light">
              Ver mi historia clínica
            </Button>
          )
        }
      />
    );
  else if (q.isPending) contenido = <SkeletonLineas lineas={10} etiqueta="Cargando tu historia clínica…" />;
  else if (q.error instanceof ApiClientError && q.error.status === 404)
    contenido = <HistoriaSinLlenar esPaciente={esPaciente} />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else {
    const h = q.data;
    contenido = (
      <Stack gap="lg">
        <FichaHistoria h={h} />
        <AccesosHistoria usuarioId={id} />
        <VersionesHistoria h={h} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Mi cuenta"
        title="Mi historia clínica"
        description={
          q.data ? (
            <Text component="span">
              Versión {q.data.version} · actualizada el <FechaHora valor={q.data.actualizada_en} />
            </Text>
          ) : undefined
        }
        actions={
          q.data && (
            <Group gap="sm">
              <Button
                component={Link}
                to={paths.editarHistorialMedico(q.data.id)}
                variant="light"
                leftSection={<IconPencil size={18} aria-hidden="true" />}
              >
                Actualizar mis datos
              </Button>
            </Group>
          )
        }
      />
      <Stack gap="lg">
        {contenido}
        {/* Clinical photos are a patient's: staff opening their own page have none (the API refuses the list). */}
        {!ajena && esPaciente && <ProductosAplicados pacienteId={id} propia />}
        {!ajena && esPaciente && <FotosHistoria pacienteId={id} />}
        {copia}
      </Stack>
    </>
  );
}
