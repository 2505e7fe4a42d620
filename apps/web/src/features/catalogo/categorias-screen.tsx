// /categoriaprocedimientos: procedure categories for staff: search, state, number of procedures, and
// view / edit / delete (with confirmation; the server's 409s are shown as toasts). A category that still has
// procedures cannot be deleted: it offers 'Desactivar' instead (issue 11.8), or nothing to do once inactive.
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import { ActionIcon, Anchor, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconSearch, IconTrashOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaDeFilas } from '../../components/tabla-de-filas.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCategorias } from '../../lib/api/categorias/get-categorias.ts';
import { useEditarCategoria } from '../../lib/api/categorias/editar-categoria.ts';
import { useEliminarCategoria } from '../../lib/api/categorias/eliminar-categoria.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { AccionesFila, confirmarEliminacion } from './components/acciones-fila.tsx';
import { BotonNuevaCategoria } from './components/botones-nuevo.tsx';
import { EstadoBadge } from './components/estado-badge.tsx';
import { avisarError } from './form-errors.ts';
import { BotonIcono } from '../../components/boton-icono.tsx';

/** For a category with procedures: deactivate it (hidden from the public site, procedures kept) after confirming. */
function DesactivarCategoria({ categoria }: { categoria: CategoriaWire }) {
  const editar = useEditarCategoria(categoria.id);
  const { nombre, total_procedimientos: total } = categoria;
  const cuantos = total === 1 ? '1 procedimiento' : `${total} procedimientos`;
  if (!categoria.activa) {
    return (
      <BotonIcono
        ayuda={`Tiene ${cuantos}: no se puede eliminar`}
        nombre={`${nombre} no se puede eliminar: tiene ${cuantos}`}
        icono={IconTrashOff}
        color="gray"
        disabled
      />
    );
  }
  return (
    <BotonIcono
      ayuda="Desactivar"
      nombre={`Desactivar ${nombre}`}
      icono={IconEyeOff}
      color="orange"
      loading={editar.isPending}
      onClick={() =>
        confirmarEliminacion(
          {
            titulo: `¿Desactivar la categoría «${nombre}»?`,
            cuerpo: (
              <Text size="sm">
                Tiene {cuantos}, así que no se puede eliminar. Al desactivarla, ella y sus procedimientos dejan de verse
                en el sitio público; nada se borra y puedes volver a activarla al editarla.
              </Text>
            ),
            boton: 'Desactivar categoría',
            color: 'orange',
          },
          () =>
            editar.mutate(
              { activa: false },
              {
                onSuccess: () => notifications.show({ color: 'green', message: `Desactivamos «${nombre}».` }),
                onError: (error) => avisarError('No pudimos desactivar la categoría', error),
              },
            ),
        )
      }
    />
  );
}

function Acciones({ categoria }: { categoria: CategoriaWire }) {
  const eliminar = useEliminarCategoria();
  const { nombre, total_procedimientos: total } = categoria;
  return (
    <AccionesFila
      nombre={nombre}
      ver={
        <ActionIcon
          component={Link}
          to={paths.detallesCategoria(categoria.id)}
          variant="subtle"
          aria-label={`Ver ${nombre}`}
        >
          <IconEye size={18} aria-hidden="true" />
        </ActionIcon>
      }
      editarA={paths.editarCategoria(categoria.id)}
      eliminando={eliminar.isPending}
      enLugarDeEliminar={total > 0 ? <DesactivarCategoria categoria={categoria} /> : undefined}
      confirmacion={{
        titulo: `¿Eliminar la categoría «${nombre}»?`,
        cuerpo: <Text size="sm">Se eliminará la categoría. Esta acción no se puede deshacer.</Text>,
        boton: 'Eliminar categoría',
      }}
      onEliminar={() =>
        eliminar.mutate(categoria.id, {
          onSuccess: (r) => notifications.show({ color: 'green', message: r?.mensaje || `Eliminamos «${nombre}».` }),
          onError: (error) => avisarError('No pudimos eliminar la categoría', error),
        })
      }
    />
  );
}

function EnlaceCategoria({ c }: { c: CategoriaWire }) {
  return (
    <Anchor component={Link} to={paths.detallesCategoria(c.id)} fw={600}>
      {c.nombre}
    </Anchor>
  );
}

function Descripcion({ c }: { c: CategoriaWire }) {
  return (
    <Text size="sm" c={c.descripcion ? undefined : 'dimmed'} lineClamp={2}>
      {c.descripcion || 'Sin descripción'}
    </Text>
  );
}

function Lista() {
  const [busqueda, setBusqueda] = useState('');
  const [q] = useDebouncedValue(busqueda.trim(), 300);
  const categorias = useCategorias(q || undefined);

  let contenido;
  if (categorias.isPending) contenido = <SkeletonTabla filas={5} columnas={5} etiqueta="Cargando categorías…" />;
  else if (categorias.isError)
    contenido = <ErrorDeCarga consulta={categorias} titulo="No pudimos cargar las categorías" />;
  else if (categorias.data.length === 0)
    contenido = q ? (
      <EstadoVacio titulo="Sin resultados" descripcion={`No hay categorías que coincidan con «${q}».`} />
    ) : (
      <EstadoVacio
        titulo="Aún no hay categorías"
        descripcion="Crea la primera para organizar los procedimientos de la clínica."
        accion={<BotonNuevaCategoria />}
      />
    );
  else
    contenido = (
      <TablaDeFilas
        apilarBajo={640}
        verticalSpacing="sm"
        highlightOnHover
        caption={categorias.data.length === 1 ? '1 categoría' : `${categorias.data.length} categorías`}
        filas={categorias.data}
        clave={(c) => c.id}
        columnas={[
          { titulo: 'Nombre', celda: (c) => <EnlaceCategoria c={c} /> },
          { titulo: 'Descripción', celda: (c) => <Descripcion c={c} />, td: { maw: 360 } },
          { titulo: 'Procedimientos', celda: (c) => c.total_procedimientos, derecha: true },
          { titulo: 'Estado', celda: (c) => <EstadoBadge activo={c.activa} femenino /> },
        ]}
        acciones={{ titulo: 'Acciones', celda: (c) => <Acciones categoria={c} />, derecha: true }}
      />
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
      <Stack gap="md">
        <TextInput
          label="Buscar categoría"
          placeholder="Nombre de la categoría"
          type="search"
          maw={420}
          maxLength={100}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          value={busqueda}
          onChange={(e) => setBusqueda(e.currentTarget.value)}
        />
        {contenido}
      </Stack>
    </Paper>
  );
}

export function CategoriasScreen() {
  usePageMeta({ title: 'Categorías de procedimientos' });
  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Categorías de procedimientos"
        description="Agrupan los procedimientos en el sitio público. Una categoría inactiva oculta sus procedimientos."
        actions={<BotonNuevaCategoria />}
      />
      <Lista />
    </AccesoPersonal>
  );
}

export default CategoriasScreen;
