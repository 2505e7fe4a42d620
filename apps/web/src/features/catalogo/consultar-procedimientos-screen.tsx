// /consultarprocedimientos: every procedure (inactive too) for staff: search, category filter, pagination with
// the total, state and actions. Filters live in the URL so Back from an edit returns to the same page.
import { Button, Group, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { conCambios } from '../../lib/parametros-url.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { etiquetasPaginacion, textoMostrando } from '../../lib/paginacion.ts';
import { useCategorias } from '../../lib/api/categorias/get-categorias.ts';
import { useProcedimientos } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { BotonNuevoProcedimiento } from './components/botones-nuevo.tsx';
import { TablaProcedimientos } from './components/tabla-procedimientos.tsx';
import { idDeRuta } from '../../lib/id-de-ruta.ts';

export const POR_PAGINA = 20;

function Lista() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').slice(0, 100);
  const categoriaId = idDeRuta(searchParams.get('categoria') ?? undefined) || undefined;
  const pagina = idDeRuta(searchParams.get('pagina') ?? undefined) || 1;

  const [busqueda, setBusqueda] = useState(q);
  const [qAnterior, setQAnterior] = useState(q);
  if (q !== qAnterior) {
    setQAnterior(q);
    if (q !== busqueda.trim()) setBusqueda(q);
  }
  const actualizar = (cambios: Record<string, string | undefined>, replace = false) =>
    setSearchParams((prev) => conCambios(prev, cambios), { replace });
  const buscar = useDebouncedCallback(
    (v: string) => actualizar({ q: v.trim() || undefined, pagina: undefined }, true),
    300,
  );

  const categorias = useCategorias();
  const lista = useProcedimientos({
    q: q.trim() || undefined,
    categoriaId,
    pagina,
    porPagina: POR_PAGINA,
    incluirInactivos: true,
  });
  const filtrando = !!q.trim() || !!categoriaId;

  let contenido;
  if (lista.isPending) contenido = <SkeletonTabla filas={6} columnas={6} etiqueta="Cargando procedimientos…" />;
  else if (lista.isError) contenido = <ErrorDeCarga consulta={lista} titulo="No pudimos cargar los procedimientos" />;
  else if (lista.data.items.length === 0)
    contenido = filtrando ? (
      <EstadoVacio
        titulo="Sin resultados"
        descripcion="No hay procedimientos con esos filtros."
        accion={
          <Button variant="light" onClick={() => actualizar({ q: undefined, categoria: undefined, pagina: undefined })}>
            Quitar filtros
          </Button>
        }
      />
    ) : (
      <EstadoVacio
        titulo="Aún no hay procedimientos"
        descripcion="Crea el primero; aparecerá en Servicios cuando esté activo."
        accion={<BotonNuevoProcedimiento />}
      />
    );
  else {
    const { total, items } = lista.data;
    const totalPaginas = Math.max(1, Math.ceil(total / POR_PAGINA));
    const desde = (pagina - 1) * POR_PAGINA + 1;
    const hasta = desde + items.length - 1;
    contenido = (
      <Stack gap="md" style={{ opacity: lista.isPlaceholderData ? 0.6 : 1 }}>
        <TablaProcedimientos procedimientos={items} />
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {textoMostrando(desde, hasta, total, { singular: 'procedimiento', plural: 'procedimientos' })}
          </Text>
          {totalPaginas > 1 && (
            <Pagination
              total={totalPaginas}
              value={Math.min(pagina, totalPaginas)}
              onChange={(p) => actualizar({ pagina: p > 1 ? String(p) : undefined })}
              {...etiquetasPaginacion}
            />
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie)">
      <Stack gap="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label="Buscar procedimiento"
            placeholder="Nombre del procedimiento"
            type="search"
            maxLength={100}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
            leftSection={<IconSearch size={18} aria-hidden="true" />}
            value={busqueda}
            onChange={(e) => {
              setBusqueda(e.currentTarget.value);
              buscar(e.currentTarget.value);
            }}
          />
          <Select
            label="Categoría"
            placeholder="Todas las categorías"
            clearable
            style={{ flex: '0 1 260px' }}
            data={(categorias.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.activa ? c.nombre : `${c.nombre} (inactiva)`,
            }))}
            value={categoriaId ? String(categoriaId) : null}
            onChange={(v) => actualizar({ categoria: v ?? undefined, pagina: undefined })}
          />
        </Group>
        {contenido}
      </Stack>
    </Paper>
  );
}

export function ConsultarProcedimientosScreen() {
  usePageMeta({ title: 'Procedimientos' });
  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Procedimientos"
        description="Todos los procedimientos de la clínica, también los inactivos, que no se ven en el sitio público."
        actions={<BotonNuevoProcedimiento />}
      />
      <Lista />
    </AccesoPersonal>
  );
}

export default ConsultarProcedimientosScreen;
