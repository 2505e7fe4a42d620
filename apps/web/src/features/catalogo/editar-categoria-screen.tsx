// /editarcategoriaprocedimientos/{id}: edit a procedure category (name, description, active).
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { EstadoError } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { useCategoria, useEditarCategoria } from './api/categorias-api.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { CategoriaForm } from './components/categoria-form.tsx';
import { idDeRuta } from './id-de-ruta.ts';

export function EditarCategoriaScreen() {
  const id = idDeRuta(useParams().id);
  const categoria = useCategoria(id);
  const editar = useEditarCategoria(id);
  const navigate = useNavigate();
  usePageMeta({ title: categoria.data ? `Editar ${categoria.data.nombre}` : 'Editar categoría' });

  const noExiste = !id || (categoria.error instanceof ApiClientError && [400, 404].includes(categoria.error.status));
  let contenido;
  if (noExiste)
    contenido = (
      <EstadoVacio
        titulo="Esta categoría no existe"
        descripcion="Puede que la hayan eliminado. Vuelve a la lista de categorías."
        accion={
          <Button component={Link} to={paths.categorias}>
            Ver categorías
          </Button>
        }
      />
    );
  else if (categoria.isPending) contenido = <SkeletonLineas lineas={5} etiqueta="Cargando categoría…" />;
  else if (categoria.isError)
    contenido = (
      <EstadoError
        mensaje={categoria.error.message}
        onRetry={() => void categoria.refetch()}
        reintentando={categoria.isFetching}
      />
    );
  else
    contenido = (
      <CategoriaForm
        key={categoria.data.id}
        initial={{
          nombre: categoria.data.nombre,
          descripcion: categoria.data.descripcion ?? '',
          activa: categoria.data.activa,
        }}
        submitLabel="Guardar cambios"
        cancelTo={paths.detallesCategoria(id)}
        onSubmit={async (payload) => {
          const c = await editar.mutateAsync(payload);
          notifications.show({ color: 'green', message: `Guardamos los cambios de «${c.nombre}».` });
          navigate(paths.detallesCategoria(id));
        }}
      />
    );

  return (
    <AccesoPersonal>
      <PageHeader eyebrow="Catálogo" title="Editar categoría" description={categoria.data?.nombre} />
      {contenido}
    </AccesoPersonal>
  );
}

export default EditarCategoriaScreen;
