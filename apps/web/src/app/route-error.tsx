// Error boundary of the route table. Inside a layout it renders in the content area; at the root it is the whole
// page. A failed chunk download (usually a new version was deployed) offers a reload; anything else a way home.
import { Button, Center, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '../lib/paths.ts';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
      error.message,
    )
  );
}

export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Center mih={fullPage ? '100dvh' : 360} p="xl">
      <Stack align="center" gap="md" maw={520} ta="center" role="alert">
        <Title order={1} fz="h2">
          {chunk ? 'Hay una versión nueva de la página' : 'Algo salió mal'}
        </Title>
        <Text c="dimmed">
          {chunk
            ? 'No pudimos cargar esta sección. Recarga la página para obtener la versión más reciente.'
            : 'Ocurrió un error inesperado al mostrar esta página. Recárgala o vuelve al inicio; si el problema sigue, escríbenos.'}
        </Text>
        {status !== null && <Code>Error {status}</Code>}
        <Group justify="center">
          <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={() => window.location.reload()}>
            Recargar
          </Button>
          {/* A plain link: the router or the providers may be what failed. */}
          <Button
            component="a"
            href={paths.inicio}
            variant="default"
            leftSection={<IconHome size={18} aria-hidden="true" />}
          >
            Ir al inicio
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
