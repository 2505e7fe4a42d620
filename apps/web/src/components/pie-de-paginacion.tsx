// Under a paginated list: where the page is ("Mostrando 21–40 de 45 citas", read out when it changes) and the
// pages, when there is more than one.
import { Group, Pagination, Text } from '@mantine/core';
import { etiquetasPaginacion } from '../lib/paginacion.ts';

type Props = { resumen: string; pagina: number; paginas: number; onPagina: (pagina: number) => void };

export function PieDePaginacion({ resumen, pagina, paginas, onPagina }: Props) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {resumen}
      </Text>
      {paginas > 1 && (
        <Pagination total={paginas} value={Math.min(pagina, paginas)} onChange={onPagina} {...etiquetasPaginacion} />
      )}
    </Group>
  );
}
