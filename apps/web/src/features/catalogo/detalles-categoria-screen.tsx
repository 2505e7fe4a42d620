// /detallescategorias/{id}: a category's data and its procedures (active and inactive).
import type { CategoriaWire } from '@clinica/contracts/catalogo';
import { Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SeccionTarjeta } from '../../components/seccion-tarjeta.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { formatFecha } from '../../lib/tiempo.ts';
import { useCategoria } from '../../lib/api/categorias/get-categoria.ts';
import { useProcedimientos } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { BotonNuevoProcedimiento } from './components/botones-nuevo.tsx';
import { CargaPorId, noEncontrado } from './components/carga-por-id.tsx';
import { CategoriaNoExiste } from './components/no-existe.tsx';
import { Dato } from '../../components/dato.tsx';
import { NombreConEstado } from './components/estado-badge.tsx';
import { TablaProcedimientos } from './components/tabla-procedimientos.tsx';
import { idDeRuta } from '../../lib/id-de-ruta.ts';
import classes from './catalogo.module.css';

function Procedimientos({ categoriaId }: { categoriaId: number }) {
  const lista = useProcedimientos({ categoriaId, incluirInactivos: true, porPagina: 100 });
  if (lista.isPending) return <SkeletonTabla filas={3} columnas={5} etiqueta="Cargando procedimientos…" />;
  if (lista.isError) return <ErrorDeCarga consulta={lista} />;
  if (lista.data.items.length === 0)
    return <EstadoVacio titulo="Esta categoría aún no tiene procedimientos" accion={<BotonNuevoProcedimiento />} />;
  const total = lista.data.total;
  return (
    <TablaProcedimientos
      procedimientos={lista.data.items}
      conCategoria={false}
      caption={
        total > lista.data.items.length
          ? `Mostrando ${lista.data.items.length} de ${total} procedimientos`
          : total === 1
            ? '1 procedimiento'
            : `${total} procedimientos`
      }
    />
  );
}

function Ficha({ c }: { c: CategoriaWire }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--clinica-superficie)">
        <Stack gap="md">
          <NombreConEstado nombre={c.nombre} activo={c.activa} femenino />
          <Text className={classes.texto} c={c.descripcion ? undefined : 'dimmed'}>
            {c.descripcion || 'Sin descripción.'}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Dato etiqueta="Procedimientos">{c.total_procedimientos}</Dato>
            <Dato etiqueta="Creada">{formatFecha(c.creada_en)}</Dato>
            <Dato etiqueta="Última modificación">{formatFecha(c.actualizada_en)}</Dato>
          </SimpleGrid>
        </Stack>
      </Paper>
      <SeccionTarjeta
        id="procs-titulo"
        titulo="Procedimientos de esta categoría"
        relleno="lg"
        bg="var(--clinica-superficie)"
      >
        <Procedimientos categoriaId={c.id} />
      </SeccionTarjeta>
    </Stack>
  );
}

export function DetallesCategoriaScreen() {
  const id = idDeRuta(useParams().id);
  const categoria = useCategoria(id);
  usePageMeta({ title: categoria.data ? `Categoría ${categoria.data.nombre}` : 'Detalles de la categoría' });
  const noExiste = !id || noEncontrado(categoria.error);
  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Detalles de la categoría"
        actions={
          categoria.data && (
            <>
              <Button component={Link} to={paths.categorias} variant="default">
                Volver a categorías
              </Button>
              <Button
                component={Link}
                to={paths.editarCategoria(id)}
                leftSection={<IconEdit size={18} aria-hidden="true" />}
              >
                Editar
              </Button>
            </>
          )
        }
      />
      <CargaPorId
        query={categoria}
        noExiste={noExiste && <CategoriaNoExiste />}
        lineas={4}
        etiqueta="Cargando categoría…"
      >
        {(c) => <Ficha c={c} />}
      </CargaPorId>
    </AccesoPersonal>
  );
}

export default DetallesCategoriaScreen;
