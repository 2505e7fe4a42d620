// /servicios: the public list of treatments. Search (?q=), category (?categoria=<id>) and page (?pagina=) live in
// the URL so a filtered list can be shared or bookmarked, and Back/Forward move between filters.
import { Button, Chip, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { conCambios } from '../../lib/parametros-url.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTarjetas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { etiquetasPaginacion } from '../../lib/paginacion.ts';
import { useCategoriasActivas } from '../../lib/api/categorias/get-categorias.ts';
import { useProcedimientos } from '../../lib/api/procedimientos/get-procedimientos.ts';

/** Cards per page on /servicios. */
const SERVICIOS_POR_PAGINA = 24;
import { ServicioCard } from './components/servicio-card.tsx';

function enteroPositivo(valor: string | null): number | undefined {
  if (!valor || !/^\d{1,9}$/.test(valor)) return undefined;
  const n = Number(valor);
  return n > 0 ? n : undefined;
}

export function ServiciosScreen() {
  usePageMeta({
    title: 'Servicios',
    description:
      'Tratamientos faciales, corporales, láser e inyectables con precios en pesos colombianos y duración de cada sesión. Elige los que te interesan y agéndalos con la clínica.',
  });

  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').slice(0, 100);
  const categoriaId = enteroPositivo(searchParams.get('categoria'));
  const pagina = enteroPositivo(searchParams.get('pagina')) ?? 1;

  // The box keeps what is typed; the URL follows after a short pause (replace: typing is not history).
  // When the URL changes from outside (Back, a shared link, 'Ver todos'), the box follows it. The box's own
  // write is not followed: on a slow device the person may have typed more before that render, and following
  // it would drop those letters.
  const [busqueda, setBusqueda] = useState(q);
  const [qAnterior, setQAnterior] = useState(q);
  const [qEscrito, setQEscrito] = useState<string | null>(null);
  if (q !== qAnterior) {
    setQAnterior(q);
    if (q === qEscrito) setQEscrito(null);
    else if (q !== busqueda.trim()) setBusqueda(q);
  }

  const actualizar = (cambios: Record<string, string | undefined>, replace = false) => {
    setSearchParams((prev) => conCambios(prev, cambios), { replace });
  };
  const buscar = useDebouncedCallback((valor: string) => {
    setQEscrito(valor.trim().slice(0, 100));
    actualizar({ q: valor.trim() || undefined, pagina: undefined }, true);
  }, 350);

  const categorias = useCategoriasActivas();
  const servicios = useProcedimientos({
    q: q.trim() || undefined,
    categoriaId,
    pagina: pagina > 1 ? pagina : undefined,
    porPagina: SERVICIOS_POR_PAGINA,
  });
  const filtrando = !!q.trim() || categoriaId !== undefined;
  const totalPaginas = servicios.data ? Math.max(1, Math.ceil(servicios.data.total / SERVICIOS_POR_PAGINA)) : 1;
  const categoriaActual = categorias.data?.find((c) => c.id === categoriaId);

  const limpiar = () => {
    setBusqueda('');
    buscar.cancel();
    actualizar({ q: undefined, categoria: undefined, pagina: undefined });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        eyebrow="Tratamientos"
        title="Nuestros servicios"
        description="Conoce cada tratamiento, su precio y su duración. Agrega a tu carrito los que te interesan y la clínica te ayuda a agendarlos."
      />

      <Stack gap="md" component="section" aria-label="Filtros">
        <TextInput
          label="Buscar tratamiento"
          placeholder="Por ejemplo: limpieza facial, láser…"
          type="search"
          maw={520}
          value={busqueda}
          maxLength={100}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          onChange={(e) => {
            setBusqueda(e.currentTarget.value);
            buscar(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') buscar.flush();
          }}
        />
        {categorias.isPending && (
          // Same footprint as the chips, so the results do not jump when the categories arrive (CLS).
          <Group gap="xs" aria-hidden="true">
            {[64, 84, 84, 64, 104, 92, 170].map((ancho, i) => (
              <Skeleton key={i} height={30} width={ancho} radius="xl" />
            ))}
          </Group>
        )}
        {categorias.data && categorias.data.length > 0 && (
          <div role="radiogroup" aria-label="Filtrar por categoría">
            <Chip.Group
              value={categoriaId ? String(categoriaId) : 'todas'}
              onChange={(v) => actualizar({ categoria: v === 'todas' ? undefined : v, pagina: undefined })}
            >
              <Group gap="xs">
                <Chip value="todas" type="radio" name="categoria" variant="outline">
                  Todas
                </Chip>
                {categorias.data.map((c) => (
                  <Chip key={c.id} value={String(c.id)} type="radio" name="categoria" variant="outline">
                    {c.nombre}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        )}
      </Stack>

      <section aria-label="Resultados">
        {servicios.isPending ? (
          <SkeletonTarjetas cantidad={6} etiqueta="Cargando tratamientos…" />
        ) : servicios.isError ? (
          <ErrorDeCarga consulta={servicios} titulo="No pudimos cargar los tratamientos" />
        ) : servicios.data.items.length === 0 ? (
          filtrando ? (
            <EstadoVacio
              titulo="No encontramos tratamientos con esos filtros"
              descripcion={
                q.trim()
                  ? `No hay resultados para «${q.trim()}»${categoriaActual ? ` en ${categoriaActual.nombre}` : ''}. Prueba con otra palabra o revisa todas las categorías.`
                  : 'Prueba con otra categoría o revisa todos los tratamientos.'
              }
              accion={
                <Button variant="light" leftSection={<IconX size={16} aria-hidden="true" />} onClick={limpiar}>
                  Ver todos los tratamientos
                </Button>
              }
            />
          ) : (
            <EstadoVacio
              titulo="Aún no hay tratamientos publicados"
              descripcion="Muy pronto encontrarás aquí los tratamientos de la clínica."
            />
          )
        ) : (
          <Stack gap="lg">
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {servicios.data.total === 1 ? '1 tratamiento' : `${servicios.data.total} tratamientos`}
              {categoriaActual ? ` en ${categoriaActual.nombre}` : ''}
              {q.trim() ? ` para «${q.trim()}»` : ''}
            </Text>
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="lg"
              style={{ opacity: servicios.isPlaceholderData ? 0.6 : 1 }}
            >
              {servicios.data.items.map((s, i) => (
                <ServicioCard key={s.id} servicio={s} prioridad={i < 3} />
              ))}
            </SimpleGrid>
            {totalPaginas > 1 && (
              <Group justify="center">
                <Pagination
                  total={totalPaginas}
                  value={Math.min(pagina, totalPaginas)}
                  onChange={(p) => {
                    actualizar({ pagina: p > 1 ? String(p) : undefined });
                    window.scrollTo({ top: 0 });
                  }}
                  {...etiquetasPaginacion}
                />
              </Group>
            )}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

export default ServiciosScreen;
