// The session-expired dialog (SPEC 4, 8): 'Sesión expirada' / 'Tu sesión ha caducado. Por favor, inicia
// sesión de nuevo.' / 'Entendido', which goes to /iniciarsesion replacing the current history entry.
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useInRouterContext, useLocation, useNavigate } from 'react-router';
import { paths } from '../paths.ts';

type Props = { opened: boolean; onAcknowledge: () => void };

function Dialog({ opened, onConfirm }: { opened: boolean; onConfirm: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onConfirm}
      title="Sesión expirada"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      size="sm"
      radius="md"
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon color="yellow" variant="light" size="lg" radius="xl" aria-hidden>
          <IconClockExclamation size={20} />
        </ThemeIcon>
        <Text>Tu sesión ha caducado. Por favor, inicia sesión de nuevo.</Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onConfirm} data-autofocus>
          Entendido
        </Button>
      </Group>
    </Modal>
  );
}

function RouterDialog({ opened, onAcknowledge }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Dialog
      opened={opened}
      onConfirm={() => {
        onAcknowledge();
        // Keep where the user was, so signing in again brings them back (the login screen reads state.from).
        const state = location.pathname === paths.iniciarSesion ? location.state : { from: location };
        void navigate(paths.iniciarSesion, { replace: true, state });
      }}
    />
  );
}

function LocationDialog({ opened, onAcknowledge }: Props) {
  return (
    <Dialog
      opened={opened}
      onConfirm={() => {
        onAcknowledge();
        window.location.replace(paths.iniciarSesion);
      }}
    />
  );
}

export function SesionExpiradaDialog(props: Props) {
  return useInRouterContext() ? <RouterDialog {...props} /> : <LocationDialog {...props} />;
}
