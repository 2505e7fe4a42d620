// /500: something failed on the server side. Offers to try again and a way out.
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { PaginaError } from './pagina-error.tsx';

export default function ErrorServidorScreen() {
  usePageMeta({ title: 'Error del servidor', description: 'Tuvimos un problema al atender tu solicitud.' });
  return (
    <PaginaError
      codigo="500"
      titulo="Algo salió mal de nuestro lado"
      accion={
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden="true" />}
          onClick={() => window.history.back()}
        >
          Intentar de nuevo
        </Button>
      }
    >
      Tuvimos un problema al atender tu solicitud. No es culpa tuya: espera un momento e inténtalo de nuevo. Si sigue
      pasando, escríbenos y te ayudamos.
    </PaginaError>
  );
}
