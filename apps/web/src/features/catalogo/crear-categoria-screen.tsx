// /categoriaprocedimientoscrear: new procedure category.
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCrearCategoria } from '../../lib/api/categorias/crear-categoria.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { CategoriaForm } from './components/categoria-form.tsx';

export function CrearCategoriaScreen() {
  usePageMeta({ title: 'Nueva categoría' });
  const crear = useCrearCategoria();
  const navigate = useNavigate();
  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Nueva categoría"
        description="Agrupa procedimientos afines, por ejemplo faciales o corporales."
      />
      <CategoriaForm
        submitLabel="Crear categoría"
        cancelTo={paths.categorias}
        onSubmit={async (payload) => {
          const c = await crear.mutateAsync(payload);
          notifications.show({ color: 'green', message: `Creamos la categoría «${c.nombre}».` });
          void navigate(paths.categorias);
        }}
      />
    </AccesoPersonal>
  );
}

export default CrearCategoriaScreen;
