// A list of notifications, shared by the header bell and the doctor panel: each one is a button that opens its
// route (the appointment's details) and marks it read. Unread ones say so in text, not only with the dot.
import { Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatFechaHora } from '../tiempo.ts';
import type { Notificacion } from './notificaciones-api.ts';
import { useNotificaciones } from './notificaciones-context.tsx';
import classes from './notificaciones.module.css';

type Props = {
  notificaciones: Notificacion[];
  /** Called after a click, e.g. to close the dropdown. */
  alAbrir?: () => void;
  /** Accessible name of the list. */
  etiqueta: string;
};

export function ListaNotificaciones({ notificaciones, alAbrir, etiqueta }: Props) {
  const { marcarLeida } = useNotificaciones();
  const navigate = useNavigate();

  return (
    <Stack component="ul" gap={4} p={0} m={0} aria-label={etiqueta} className={classes.lista}>
      {notificaciones.map((n) => {
        const abrir = () => {
          if (!n.leida) void marcarLeida(n.id);
          if (n.ruta) void navigate(n.ruta);
          alAbrir?.();
        };
        return (
          <li key={n.id}>
            <UnstyledButton
              className={classes.item}
              data-leida={n.leida || undefined}
              onClick={abrir}
              aria-label={`${n.leida ? '' : 'Sin leer: '}${n.mensaje}. ${formatFechaHora(n.creada_en)}${
                n.ruta ? '. Abrir' : n.leida ? '' : '. Marcar como leída'
              }`}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Box className={classes.punto} data-leida={n.leida || undefined} aria-hidden="true" />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={n.leida ? 400 : 600} className={classes.mensaje}>
                    {n.mensaje}
                  </Text>
                  <Text size="xs" c="dimmed" mt={2}>
                    {n.leida ? '' : 'Sin leer · '}
                    {formatFechaHora(n.creada_en)}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
