// /editarprocedimientos/{id}: edit every field of a procedure and manage its images.
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCategorias } from '../../lib/api/categorias/get-categorias.ts';
import { useEditarProcedimiento } from '../../lib/api/procedimientos/editar-procedimiento.ts';
import { useProcedimiento } from '../../lib/api/procedimientos/get-procedimiento.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { BotonVerEnElSitio } from './components/botones-nuevo.tsx';
import { noEncontrado } from './components/carga-por-id.tsx';
import { ProcedimientoNoExiste } from './components/no-existe.tsx';
import { ImagenesProcedimiento } from './components/imagenes-procedimiento.tsx';
import { ProcedimientoForm } from './components/procedimiento-form.tsx';
import { idDeRuta } from '../../lib/id-de-ruta.ts';

export function EditarProcedimientoScreen() {
  const id = idDeRuta(useParams().id);
  const procedimiento = useProcedimiento(id);
  const categorias = useCategorias();
  const editar = useEditarProcedimiento(id);
  usePageMeta({ title: procedimiento.data ? `Editar ${procedimiento.data.nombre}` : 'Editar procedimiento' });

  const noExiste = !id || noEncontrado(procedimiento.error);
  let contenido;
  if (noExiste) contenido = <ProcedimientoNoExiste />;
  else if (procedimiento.isPending || categorias.isPending)
    contenido = <SkeletonLineas lineas={8} etiqueta="Cargando procedimiento…" />;
  else if (procedimiento.isError || categorias.isError) {
    const fallo = procedimiento.isError ? procedimiento : categorias;
    contenido = <ErrorDeCarga consulta={fallo} />;
  } else {
    const p = procedimiento.data;
    contenido = (
      <Stack gap="xl">
        <ProcedimientoForm
          key={p.id}
          categorias={categorias.data}
          initial={{
            nombre: p.nombre,
            descripcion: p.descripcion,
            precio: p.precio,
            duracion_minutos: p.duracion_minutos,
            margen_minutos: p.margen_minutos,
            requiere_evaluacion: p.requiere_evaluacion,
            recomendaciones_previas: p.recomendaciones_previas ?? '',
            examenes_requeridos: p.examenes_requeridos ?? '',
            edad_minima: p.edad_minima,
            exento_ley_1799: p.exento_ley_1799,
            anticipo_tipo: p.anticipo?.tipo ?? 'ninguno',
            anticipo_valor: p.anticipo?.valor ?? '',
            categoria_id: p.categoria.id,
            activo: p.activo,
          }}
          submitLabel="Guardar cambios"
          cancelTo={paths.consultarProcedimientos}
          onSubmit={async (payload) => {
            const actualizado = await editar.mutateAsync(payload);
            notifications.show({ color: 'green', message: `Guardamos los cambios de «${actualizado.nombre}».` });
          }}
        />
        <ImagenesProcedimiento procedimientoId={p.id} nombre={p.nombre} imagenes={p.imagenes} />
      </Stack>
    );
  }

  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Editar procedimiento"
        description={procedimiento.data?.nombre}
        actions={
          procedimiento.data && (
            <>
              <Button component={Link} to={paths.consultarProcedimientos} variant="default">
                Volver a la lista
              </Button>
              {procedimiento.data.activo && <BotonVerEnElSitio procedimientoId={procedimiento.data.id} />}
            </>
          )
        }
      />
      {contenido}
    </AccesoPersonal>
  );
}

export default EditarProcedimientoScreen;
