// /crearprocedimiento: new procedure. After creating it, the edit screen opens so images can be added.
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCategorias } from '../../lib/api/categorias/get-categorias.ts';
import { useCrearProcedimiento } from '../../lib/api/procedimientos/crear-procedimiento.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { BotonNuevaCategoria } from './components/botones-nuevo.tsx';
import { ProcedimientoForm } from './components/procedimiento-form.tsx';

export function CrearProcedimientoScreen() {
  usePageMeta({ title: 'Nuevo procedimiento' });
  const categorias = useCategorias();
  const crear = useCrearProcedimiento();
  const navigate = useNavigate();

  let contenido;
  if (categorias.isPending) contenido = <SkeletonLineas lineas={6} etiqueta="Cargando categorías…" />;
  else if (categorias.isError)
    contenido = <ErrorDeCarga consulta={categorias} titulo="No pudimos cargar las categorías" />;
  else if (categorias.data.length === 0)
    contenido = (
      <EstadoVacio
        titulo="Primero crea una categoría"
        descripcion="Cada procedimiento pertenece a una categoría. Crea una y vuelve aquí."
        accion={<BotonNuevaCategoria />}
      />
    );
  else
    contenido = (
      <ProcedimientoForm
        categorias={categorias.data}
        submitLabel="Crear procedimiento"
        cancelTo={paths.consultarProcedimientos}
        onSubmit={async (payload) => {
          const p = await crear.mutateAsync(payload);
          notifications.show({
            color: 'green',
            title: 'Procedimiento creado',
            message: `«${p.nombre}» quedó guardado. Ahora puedes agregarle imágenes.`,
          });
          void navigate(paths.editarProcedimiento(p.id));
        }}
      />
    );

  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Nuevo procedimiento"
        description="Completa los datos; después de crearlo podrás agregar sus imágenes."
      />
      {contenido}
    </AccesoPersonal>
  );
}

export default CrearProcedimientoScreen;
