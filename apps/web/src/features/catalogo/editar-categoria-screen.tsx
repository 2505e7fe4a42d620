// /editarcategoriaprocedimientos/{id}: edit a procedure category (name, description, active).
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCategoria } from '../../lib/api/categorias/get-categoria.ts';
import { useEditarCategoria } from '../../lib/api/categorias/editar-categoria.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { CargaPorId, noEncontrado } from './components/carga-por-id.tsx';
import { CategoriaForm } from './components/categoria-form.tsx';
import { CategoriaNoExiste } from './components/no-existe.tsx';
import { idDeRuta } from '../../lib/id-de-ruta.ts';

export function EditarCategoriaScreen() {
  const id = idDeRuta(useParams().id);
  const categoria = useCategoria(id);
  const editar = useEditarCategoria(id);
  const navigate = useNavigate();
  usePageMeta({ title: categoria.data ? `Editar ${categoria.data.nombre}` : 'Editar categoría' });

  const noExiste = !id || noEncontrado(categoria.error);
  return (
    <AccesoPersonal>
      <PageHeader eyebrow="Catálogo" title="Editar categoría" description={categoria.data?.nombre} />
      <CargaPorId
        query={categoria}
        noExiste={noExiste && <CategoriaNoExiste />}
        lineas={5}
        etiqueta="Cargando categoría…"
      >
        {(c) => (
          <CategoriaForm
            key={c.id}
            initial={{ nombre: c.nombre, descripcion: c.descripcion ?? '', activa: c.activa }}
            submitLabel="Guardar cambios"
            cancelTo={paths.detallesCategoria(id)}
            onSubmit={async (payload) => {
              const editada = await editar.mutateAsync(payload);
              notifications.show({ color: 'green', message: `Guardamos los cambios de «${editada.nombre}».` });
              void navigate(paths.detallesCategoria(id));
            }}
          />
        )}
      </CargaPorId>
    </AccesoPersonal>
  );
}

export default EditarCategoriaScreen;
