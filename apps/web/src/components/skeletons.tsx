// Loading placeholders shaped like the content they stand for. Each is hidden from screen readers except for
// one polite 'Cargando…' label, so a loading list is announced once.
import { Card, Group, Skeleton, SimpleGrid, Stack, VisuallyHidden } from '@mantine/core';

/** A grid of image cards (e.g. procedures). */
export function SkeletonTarjetas({ cantidad = 6, etiqueta = 'Cargando…' }: { cantidad?: number; etiqueta?: string }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{etiqueta}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-hidden="true">
        {Array.from({ length: cantidad }, (_, i) => (
          <Card key={i} padding={0}>
            <Skeleton height={0} style={{ aspectRatio: '4 / 3', height: 'auto' }} radius={0} />
            <Stack gap="sm" p="lg">
              <Skeleton height={10} width="35%" radius="xl" />
              <Skeleton height={18} width="80%" radius="xl" />
              <Group justify="space-between" mt="xs">
                <Skeleton height={14} width="30%" radius="xl" />
                <Skeleton height={14} width="20%" radius="xl" />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}

/** Rows of a table or list. */
export function SkeletonTabla({
  filas = 5,
  columnas = 4,
  etiqueta = 'Cargando…',
}: {
  filas?: number;
  columnas?: number;
  etiqueta?: string;
}) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{etiqueta}</VisuallyHidden>
      <Stack gap="md" aria-hidden="true">
        {Array.from({ length: filas }, (_, r) => (
          <Group key={r} gap="lg" wrap="nowrap">
            {Array.from({ length: columnas }, (_, c) => (
              <Skeleton key={c} height={14} radius="xl" style={{ flex: c === 0 ? 0.5 : 1 }} />
            ))}
          </Group>
        ))}
      </Stack>
    </div>
  );
}

/** A few lines of text (details panels, paragraphs). */
export function SkeletonLineas({ lineas = 3, etiqueta = 'Cargando…' }: { lineas?: number; etiqueta?: string }) {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{etiqueta}</VisuallyHidden>
      <Stack gap="sm" aria-hidden="true">
        {Array.from({ length: lineas }, (_, i) => (
          <Skeleton key={i} height={12} radius="xl" width={i === lineas - 1 ? '60%' : '100%'} />
        ))}
      </Stack>
    </div>
  );
}
